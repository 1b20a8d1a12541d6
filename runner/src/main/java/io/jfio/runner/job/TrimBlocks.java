package io.jfio.runner.job;

import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.report.BlockStates;
import io.jfio.runner.workload.JobError;

import java.util.List;

/**
 * block_error_percentiles (fio's block_error_hist): one state per trim-sized block of the job's one
 * file, counted at each measured trim completion (io_u.c's trim_block_info), reported as fio's
 * "block lifetime percentiles" lines and json "block" object.
 */
public final class TrimBlocks {
    private TrimBlocks() {
    }

    /** fio's fixup_options check: the histogram needs a single file (nrfiles or a filename list). */
    public static String problem(List<Job> jobs) {
        for (Job j : jobs) {
            ThreadOptions o = j.options();
            if (!o.stat().blockErrorPercentiles()) {
                continue;
            }
            int n = Math.max(o.files().nrfiles(), names(o.files().filename()));
            if (n != 1) {
                return "fio: block error histogram only available with a single file per job, but " + n
                        + " files provided";
            }
        }
        return null;
    }

    private static int names(String filename) {
        int n = 0;
        if (filename != null) {
            for (String s : filename.split("(?<!\\\\):")) {
                n += s.isEmpty() ? 0 : 1;
            }
        }
        return n;
    }

    /**
     * The job's block states once its file is set up (filesetup.c): its io_size in trim blocks, at
     * most fio's 8192; null without the option.
     */
    static BlockStates create(ThreadOptions o, List<IoFile> files) throws JobError {
        if (!o.stat().blockErrorPercentiles() || files.isEmpty()) {
            return null;
        }
        long len = files.get(0).ioSize / Math.max(1, o.bs().bs()[2]);
        if (len > BlockStates.MAX_BLOCKS || len <= 0) {
            throw new JobError(22, FUNCTION, "fio: cannot calculate block histogram with " + (int) len
                    + " trim blocks, maximum " + BlockStates.MAX_BLOCKS);
        }
        return new BlockStates((int) len, Math.max(1, o.bs().bs()[2]));
    }

    static final String FUNCTION = "block_error_hist";

    /** A trim completed in the measured phase: its block (by its start, as fio's io_u_block_info) trimmed once more. */
    static void trimmed(BlockStates b, IoUnit u) {
        long idx = (u.offset - u.file.fileOffset) / b.blockSize();
        if (idx >= 0 && idx < b.blocks()) {
            b.trimmed((int) idx);
        }
    }
}
