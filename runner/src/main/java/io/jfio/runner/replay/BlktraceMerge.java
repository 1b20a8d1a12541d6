package io.jfio.runner.replay;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.IoLogOptions;
import io.jfio.jobfile.options.ThreadOptions;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * merge_blktrace_file (with merge_blktrace_scalars and merge_blktrace_iters), as fio 3.33 and
 * 3.42 do it when a job is added: the counts of scalars and iterations must match read_iolog's
 * list of traces (else fio says so and merges nothing); the merge file is created empty; the
 * first trace is opened and checked to be a blktrace, and then fio's read of its first record
 * takes 8 bytes (fio's blktrace.c read_trace reads into the cursor's pointer, not the record) and
 * fails as a short read. fio goes on as if no merge were asked for: each job replays its own
 * entry of read_iolog's list, and the merge file stays empty. A first trace that is not a
 * blktrace fails the job's set-up.
 */
public final class BlktraceMerge {
    private BlktraceMerge() {
    }

    /** Does the merge of each job that asks for one; false when a job's set-up fails as fio's does. */
    public static boolean merged(List<JobSpec> jobs, PrintStream err) {
        for (JobSpec spec : jobs) {
            if (spec.cloneIndex() == 0 && !merged(spec, err)) {
                return false;
            }
        }
        return true;
    }

    /** One job's merge (fio's add_job does it once, before the clones): false when its set-up fails. */
    public static boolean merged(JobSpec spec, PrintStream err) {
        IoLogOptions o = ThreadOptions.of(spec).iolog();
        return o.mergeFile() == null || o.readIolog() == null || merge(o, err);
    }

    static boolean merge(IoLogOptions o, PrintStream err) {
        int logs = o.readIologs().size();
        if (!o.mergeScalars().isEmpty() && o.mergeScalars().size() != logs) {
            err.println("fio: merge_blktrace_scalars(" + o.mergeScalars().size() + ") != nr_logs(" + logs + ")");
            return true;
        }
        if (!o.mergeIters().isEmpty() && o.mergeIters().size() != logs) {
            err.println("fio: merge_blktrace_iters(" + o.mergeIters().size() + ") != nr_logs(" + logs + ")");
            return true;
        }
        try {
            Files.write(Path.of(o.mergeFile()), new byte[0]);
        } catch (IOException | RuntimeException e) {
            err.println("fio: could not open merge file: " + o.mergeFile());
            return true;
        }
        String first = o.readIologs().get(0);
        try (InputStream in = Files.newInputStream(Path.of(first))) {
            // fio opens the trace before it checks it
        } catch (IOException | RuntimeException e) {
            err.println("fio: could not open file: " + first);
            return true;
        }
        if (BlktraceReader.probe(Path.of(first), err) == null) {
            err.println("fio: file is not a blktrace: " + first);
            return false;
        }
        err.println("fio: iolog short read");
        return true;
    }
}
