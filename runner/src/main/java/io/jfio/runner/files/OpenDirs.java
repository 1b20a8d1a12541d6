package io.jfio.runner.files;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.ThreadOptions;

import java.io.PrintStream;
import java.util.List;

/** The run's opendir= jobs, as fio parses them: one "added N files" line per job section, or a parse failure. */
public final class OpenDirs {
    private OpenDirs() {
    }

    /** Prints fio's lines for every job section with opendir; false (after fio's error lines) when one cannot be read. */
    public static boolean added(List<JobSpec> jobs, PrintStream out, PrintStream err) {
        for (JobSpec spec : jobs) {
            String dir = ThreadOptions.of(spec).files().opendir();
            if (dir == null || spec.cloneIndex() != 0) {
                continue;
            }
            try {
                out.println(OpenDir.addedLine(FileNames.forJob(spec).size()));
            } catch (IllegalStateException e) {
                // fio: the error on stdout, the parse failure on stderr, exit 1
                out.println(e.getMessage());
                out.flush();
                err.println("fio: failed parsing opendir=" + dir);
                return false;
            }
        }
        out.flush();
        return true;
    }
}
