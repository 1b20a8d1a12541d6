package io.jfio.runner.job;

import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.runner.log.JobLogs;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.verify.Verifier;

/**
 * What one finished I/O adds to the job (fio's io_completed and account_io_completion, io_u.c):
 * bytes and latencies while the measured phase runs, short transfers, I/O errors, max_latency and
 * latency_target misses, the logs and the verifier; and the submission latency of each unit.
 * Runs on the job thread and allocates nothing. With verify_async a read's check is handed to a
 * verify thread ({@link #VERIFYING}) and its result comes back through {@link #verified}.
 */
final class IoCompletion {
    /** The unit is done: it goes back to the free list. */
    static final int DONE = 0;
    /** A short transfer: the rest of the unit is issued again (fio's io_queue_event path). */
    static final int REISSUE = 1;
    /** The engine ended the job's I/O itself (IoEngine#finished): the unit is not counted. */
    static final int ENGINE_ENDED = 2;
    /** verify_async: a verify thread checks the read; the unit comes back through the verifier. */
    static final int VERIFYING = 3;

    private final IoEngine engine;
    private final JobStats stats;
    private final ErrorPolicy errors;
    /** fio's FIO_NOSTATS engines: completions count, the engine's file operations carry the latencies. */
    private final boolean noStats;
    /** cpuio/exec: their empty units still carry latencies, as fio's do. */
    private final boolean noIo;
    /** The engine stamps issue times itself at commit: the slat is taken at completion. */
    private final boolean engineSetsIssueTime;
    private final boolean latHistogram;
    private final boolean slatHistogram;
    /** latency_target's queue-depth search (null without a target, and in the verify pass). */
    private final LatencyTarget latTarget;
    /** verify= is on: reads are checked by it (fio's verify.c), or null. */
    private final Verifier verifier;
    /** This is fio's do_verify: it reads back the logged writes and nothing else. */
    private final boolean verifyPhase;
    /** rw mixes reads and writes: only reads of logged writes are checked (fio's td_rw). */
    private final boolean mixedReadWrite;
    /** The job's logs (fio's bw/lat/iops/hist logs and write_iolog), or null. */
    private final JobLogs logs;
    /** I/Os completed per data direction (what the stop conditions and error policy count). */
    private final long[] completed;
    /** fsync/fdatasync/sync_file_range cadence: sync_file_range ranges cover what completed. */
    private final SyncSchedule syncs;
    /** --profile=act's latency slices (fio's io_u_lat profile hook), or null. */
    ActProfile.Slices act;

    IoCompletion(IoEngine engine, JobStats stats, ErrorPolicy errors, boolean noStats, boolean noIo,
                 boolean engineSetsIssueTime, boolean latHistogram, boolean slatHistogram, LatencyTarget latTarget,
                 Verifier verifier, boolean verifyPhase, boolean mixedReadWrite, JobLogs logs, long[] completed,
                 SyncSchedule syncs) {
        this.engine = engine;
        this.stats = stats;
        this.errors = errors;
        this.noStats = noStats;
        this.noIo = noIo;
        this.engineSetsIssueTime = engineSetsIssueTime;
        this.latHistogram = latHistogram;
        this.slatHistogram = slatHistogram;
        this.latTarget = latTarget;
        this.verifier = verifier;
        this.verifyPhase = verifyPhase;
        this.mixedReadWrite = mixedReadWrite;
        this.logs = logs;
        this.completed = completed;
        this.syncs = syncs;
    }

    /** The unit reached the device {@code slatNanos} after it was taken (fio's slat). */
    void submitted(IoUnit u, long slatNanos) {
        if (stats.measuring() && u.ddir.isData()) {
            stats.recordSlat(u.ddir.ordinal(), slatNanos, slatHistogram);
            if (logs != null) {
                logs.slat(u, slatNanos);
            }
        }
    }

    /**
     * Accounts one finished unit at completion time {@code t}: {@link #DONE}, {@link #REISSUE} or
     * {@link #ENGINE_ENDED}. {@code inline}: it completed inside queue() (fio's io_queue_event
     * path, where short transfers are reissued); reaped completions only account what was
     * transferred (fio's io_completed).
     */
    int complete(IoUnit u, long t, boolean inline) {
        int ddir = u.ddir.ordinal();
        if (engineSetsIssueTime && !inline) {
            submitted(u, u.issueTimeNanos - u.startTimeNanos);
        }
        long res = u.result;
        if (res < 0) {
            if (verifier != null) {
                verifier.completed(u, false, mixedReadWrite);
            }
            errors.ioError(u, (int) -res, inline);
        } else if (ddir < 3) {
            long bytes = res;
            if (inline && bytes == 0 && engine.finished()) {
                // the engine ended the job (fio's td->done: a net peer closed the link); fio's net
                // engine returns FIO_Q_BUSY for that I/O, so it is neither issued nor short
                stats.totalIoU[ddir]--;
                return ENGINE_ENDED;
            }
            if (inline && bytes < u.length) {
                stats.shortIoU[ddir]++;
                if (bytes == 0) {
                    // fio: a zero-byte transfer ends the job ("full resid").
                    errors.fail(5, "full resid", null);
                } else if (u.file == null || u.offset + bytes < u.file.realSize) {
                    // fio's short I/O: count the part done, issue the rest again. The rest goes
                    // from the start of the unit's buffer (data contents are not verified here).
                    stats.ioBytes[ddir] += bytes;
                    u.offset += bytes;
                    u.length -= (int) bytes;
                    u.result = 0;
                    return REISSUE;
                }
            }
            completed[ddir]++;
            syncs.completed(u, bytes);
            if (noStats || !stats.measuring()) {
                // In ramp_time fio counts bytes and I/Os (reset when the ramp ends) but no
                // latencies: a job that ends within its ramp reports what it did, untimed.
                stats.recordUntimedCompletion(ddir, bytes);
            } else if (bytes > 0 || noIo) {
                timed(u, ddir, bytes, t);
                if (ddir == 2 && stats.blockStates != null) {
                    TrimBlocks.trimmed(stats.blockStates, u); // fio's trim_block_info
                }
            }
            if (verifier != null) {
                int v = verifier.completed(u, true, mixedReadWrite && !verifyPhase);
                if (v == Verifier.HANDED_OFF) {
                    return VERIFYING;
                }
                if (v != 0) {
                    errors.verifyError(v);
                }
            }
        } else {
            syncs.completed(u, 0);
            if (stats.measuring() && !noStats) {
                stats.recordSync(t - u.issueTimeNanos);
            }
        }
        return DONE;
    }

    /** A verify thread's result for a unit it checked: a failure goes as the inline one does. */
    void verified(int result) {
        if (result != 0) {
            errors.verifyError(result);
        }
    }

    /** A measured data completion: clat and lat, max_latency and latency_target, the logs. */
    private void timed(IoUnit u, int ddir, long bytes, long t) {
        long lat = t - u.startTimeNanos;
        stats.recordCompletion(ddir, bytes, t - u.issueTimeNanos, lat, latHistogram, u.clatPrioIndex);
        long maxLat = errors.maxLatencyNanos(ddir);
        if (maxLat > 0 && lat > maxLat) {
            errors.latencyExceeded(u, lat, maxLat);
        }
        if (latTarget != null && lat > latTarget.targetNanos() && latTarget.missed()) {
            errors.latencyExceeded(u, lat, latTarget.targetNanos());
        }
        if (logs != null) {
            logs.completion(ddir, bytes, t - u.issueTimeNanos, lat, u, t);
        }
        if (act != null && act.completed(lat, t, errors.err())) {
            errors.profileFailed(ddir);
        }
    }
}
