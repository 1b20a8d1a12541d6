package io.jfio.runner.job;

import java.io.PrintStream;
import java.util.List;

import io.jfio.engine.EngineFlag;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.workload.JobError;

/**
 * atomic=1: RWF_ATOMIC on every write ({@link NextIo} sets it, the engine passes it to
 * pwritev2/io_submit/the SQE). fio refuses the option, before any job runs, for an engine without
 * FIO_ATOMICWRITES (init.c's fixup_options), and a device without atomic write support fails the
 * first write with EOPNOTSUPP.
 */
public final class AtomicWrites {
    private AtomicWrites() {
    }

    /** False (after fio's line) when a job asks for atomic writes from an engine that has none. */
    public static boolean supported(List<JobSpec> jobs, EngineProvider engines, PrintStream err) {
        for (JobSpec spec : jobs) {
            if (!ThreadOptions.of(spec).io().atomic()) {
                continue;
            }
            try {
                if (!engines.create(spec).flags().contains(EngineFlag.ATOMIC_WRITES)) {
                    err.println("fio: engine does not support atomic writes");
                    return false;
                }
            } catch (JobError e) {
                // an engine that cannot be made fails the job later, with its own message
            }
        }
        return true;
    }
}
