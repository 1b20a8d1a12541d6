package io.jfio.runner.job;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.Errno;
import io.jfio.jobfile.options.ErrorOptions;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.verify.Verifier;

import java.io.PrintStream;

/**
 * What a job does with a failed I/O, a read that did not verify or a latency over max_latency
 * (fio's io_completed error path, io_u_log_error, lat_fatal, td_verror): continue_on_error,
 * ignore_error and error_dump decide whether it counts and goes on or ends the job. The first
 * fatal error is the job's error in the report.
 */
final class ErrorPolicy {
    /** continue_on_error, ignore_error, error_dump, max_latency (fio's error policy). */
    private final ErrorOptions errors;
    private final long[] maxLatencyNanos;
    private final PrintStream err;
    private final JobStats stats;
    private final JobState state;
    private final IoEngine engine;
    private final boolean syncEngine;
    private final boolean direct;
    private final Verifier verifier;
    /** The loop's issued I/Os per direction (the first direct I/O's EINVAL gets a hint). */
    private final long[] issued;
    private boolean failed;
    /** fill_device: ENOSPC/EDQUOT is the expected end of the job, not an error (fio's backend.c). */
    private final boolean fillDevice;

    ErrorPolicy(ErrorOptions errors, PrintStream err, JobStats stats, JobState state, IoEngine engine,
                boolean syncEngine, boolean direct, Verifier verifier, long[] issued, boolean fillDevice) {
        this.fillDevice = fillDevice;
        this.errors = errors;
        this.maxLatencyNanos = errors.maxLatencyNanos();
        this.err = err;
        this.stats = stats;
        this.state = state;
        this.engine = engine;
        this.syncEngine = syncEngine;
        this.direct = direct;
        this.verifier = verifier;
        this.issued = issued;
    }

    private static final int ENOSPC = 28;
    private static final int EDQUOT = 122;

    /** A fatal error ended the job. */
    boolean failed() {
        return failed;
    }

    /** max_latency for a direction in ns; 0 = none. */
    long maxLatencyNanos(int ddir) {
        return maxLatencyNanos[ddir];
    }

    /**
     * A read that did not verify: fio's io_completed error path. continue_on_error=verify counts
     * it and goes on; otherwise the job fails with EILSEQ. verify_fatal=1 stops it either way.
     */
    void verifyError(int errno) {
        if (errors.continues(0, errno)) {
            stats.totalErrors++;
            if (stats.totalErrors == 1) {
                stats.firstError = errno;
            }
            if (verifier.terminateRequested()) {
                state.terminate();
            }
            return;
        }
        fail(errno, verifier.async() ? Verifier.ASYNC_FUNCTION
                : syncEngine ? "io_u_sync_complete" : "io_u_queued_complete", null);
    }

    /**
     * fio's io_completed error path. A non-fatal error (continue_on_error covers its type and
     * ignore_error, or fio's default EIO/EILSEQ, lists it) is counted and the job goes on; it is
     * logged only with error_dump. A fatal one ends the job; it counts in total_err only when it
     * came back from queue() itself, where fio's break_on_this_error counts it, not when reaped
     * from an async engine's completions.
     */
    void ioError(IoUnit u, int errno, boolean inline) {
        int ddir = u.ddir.ordinal();
        boolean nonFatal = errors.nonFatal(ddir, errno);
        // an engine that recorded the error itself (fio's td_verror in mtd's queue) names it; no io_u error line
        String engineFunction = engine.errorFunction(u);
        if (engineFunction == null && u.ddir == IoDirection.TRIM) {
            // every engine trims inside ->queue (do_io_u_trim): fio's td_io_queue records the
            // error there and the unit is never completed, so no io_u error line
            engineFunction = ErrorText.TD_IO_QUEUE;
        }
        if (engineFunction != null) {
            engineError(ddir, errno, engineFunction, nonFatal, inline);
            return;
        }
        if (nonFatal && !errors.errorDump()) {
            countError(errno);
            return;
        }
        // fio's io_u_log_error: one line for every failed unit, also those reaped after the first.
        err.printf("fio: io_u error on file %s: %s: %s offset=%d, buflen=%d%n", u.file == null ? "" : u.file.path,
                engine.deviceError(u) ? "Device-specific error" : Errno.strerror(errno), ddirName(u.ddir), u.offset, u.length);
        String details = engine.errorDetails(u);
        if (details != null) {
            err.println(details);
        }
        if (!failed) {
            // fio's td_io_queue: EINVAL on the first I/O of a direction is most likely alignment.
            if (direct && errno == 22 && issued[ddir & 1] == 1) {
                err.println("fio: first direct IO errored. File system may not support direct IO, or iomem_align= is bad,"
                        + " or invalid block size. Try setting direct=0.");
            }
            String hint = engine.errorHint(errno);
            if (hint != null) {
                err.println(hint);
            }
        }
        err.flush();
        if (nonFatal) {
            countError(errno);
            return;
        }
        if (fillDevice && (errno == ENOSPC || errno == EDQUOT)) {
            // the device is full: the job ends as if done, with no error and nothing counted
            state.terminate();
            return;
        }
        if (inline && errors.continues(ddir, errno)) {
            countError(errno);
        }
        fail(errno, "io_u error", null);
    }

    private void engineError(int ddir, int errno, String function, boolean nonFatal, boolean inline) {
        if (nonFatal || inline && errors.continues(ddir, errno)) {
            countError(errno);
            if (stats.totalErrors == 1) {
                stats.firstErrorText = ErrorText.engine(function, errno);
            }
            if (nonFatal) {
                return;
            }
        }
        fail(errno, function, null);
    }

    private void countError(int errno) {
        stats.totalErrors++;
        if (stats.totalErrors == 1) {
            stats.firstError = errno;
            stats.firstErrorText = ErrorText.ignored(syncEngine, errno);
        }
    }

    PrintStream err() {
        return err;
    }

    /**
     * A profile's latency hook failed the I/O (fio's io_u_lat returning 1): EPERM at completion,
     * counted under continue_on_error, else the job ends with it.
     */
    void profileFailed(int ddir) {
        if (errors.nonFatal(ddir, 1)) {
            countError(1);
        } else {
            fail(1, syncEngine ? "io_u_sync_complete" : "io_u_queued_complete", null);
        }
    }

    /** fio's lat_fatal (max_latency, or latency_target at depth 1): ETIMEDOUT, logged once, ends the job unless ignore_error lists it. */
    void latencyExceeded(IoUnit u, long latNanos, long maxNanos) {
        int ddir = u.ddir.ordinal();
        if (!failed && stats.error == 0) {
            err.printf("fio: latency of %d nsec exceeds specified max (%d nsec): %s %s %d %d%n", latNanos,
                    maxNanos, u.file == null ? "" : u.file.path, ddirName(u.ddir), u.offset, u.length);
            err.flush();
        }
        if (errors.nonFatal(ddir, ErrorText.ETIMEDOUT)) {
            countError(ErrorText.ETIMEDOUT);
        } else {
            fail(ErrorText.ETIMEDOUT, ErrorText.MAX_LATENCY, null);
        }
    }

    /**
     * The engine's commit failed (e.g. io_submit refused the first iocb): as fio's
     * break_on_this_error after td_io_commit's td_verror, counted when continue_on_error covers
     * the type of the unit just queued, and fatal either way.
     */
    void commitFailed(int ddir, int errno, String line) {
        if (errors.continues(ddir, errno)) {
            countError(errno);
        }
        fail(errno, "io commit", line);
    }

    void fail(int errno, String function, String line) {
        if (!failed) {
            failed = true;
            if (stats.error == 0) {
                stats.error = errno;
                stats.errorFunction = function;
            }
            if (line != null) {
                err.println(line);
            }
        }
    }

    static String ddirName(IoDirection d) {
        return switch (d) {
            case READ -> "read";
            case WRITE -> "write";
            case TRIM -> "trim";
            case SYNC -> "sync";
            case DATASYNC -> "datasync";
            case SYNC_FILE_RANGE -> "sync_file_range";
        };
    }
}
