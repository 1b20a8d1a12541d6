package io.jfio.runner.job;

import java.io.PrintStream;
import java.util.List;

import io.jfio.engine.EngineFlag;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.workload.JobError;
import io.jfio.runner.workload.RwMode;

/**
 * num_range above 1: each trim carries up to that many ranges (the workload fills them, the
 * engine sends them in one command: io_uring_cmd's NVMe Dataset Management). fio refuses it,
 * before any job runs, with trimwrite and for an engine without FIO_MULTI_RANGE_TRIM (init.c's
 * fixup_options).
 */
public final class MultiRangeTrim {
    private MultiRangeTrim() {
    }

    /** False (after fio's line) when a job's num_range cannot be honoured. */
    public static boolean supported(List<JobSpec> jobs, EngineProvider engines, PrintStream err) {
        for (JobSpec spec : jobs) {
            if (ThreadOptions.of(spec).io().numRange() <= 1) {
                continue;
            }
            RwMode mode = RwMode.of(spec);
            if (!mode.trims()) {
                continue;
            }
            if (mode.writes()) { // trimwrite and randtrimwrite (fio's td_trimwrite)
                err.println("fio: trimwrite cannot be used with multiple ranges.");
                return false;
            }
            try {
                var engine = engines.create(spec);
                if (!engine.flags().contains(EngineFlag.MULTI_RANGE_TRIM)) {
                    err.println("fio: can't use multiple ranges with IO engine " + engine.name());
                    return false;
                }
            } catch (JobError e) {
                // an engine that cannot be made fails the job later, with its own message
            }
        }
        return true;
    }
}
