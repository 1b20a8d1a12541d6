package io.jfio.runner.job;

import io.jfio.runner.stats.JobStats;

/**
 * The waits of a job's loop besides I/O (backend.c: handle_thinktime, check_min_rate;
 * time.c: usec_sleep): thinktime's spin and sleep, rate_min's check, and sleeping to a deadline
 * that a stopped job cuts short.
 */
final class LoopWaits {
    private final JobClock time;
    private final JobState state;
    private final IoSource source;
    private final JobStats stats;
    private final ErrorPolicy errors;
    private final long epochNanos;
    private long timeoutNanos;
    /** The loop's io_u_quiesce: thinktime lets what is in flight complete first. */
    private final Runnable quiesce;
    private final long[] issued;
    private final long[] completed;
    /** thinktime_iotime: a think also due after this much I/O time. */
    private final ThinkIoTime ioTime;

    LoopWaits(JobClock time, JobState state, IoSource source, JobStats stats, ErrorPolicy errors, long epochNanos,
              long timeoutNanos, Runnable quiesce, long[] issued, long[] completed, ThinkIoTime ioTime) {
        this.ioTime = ioTime;
        ioTime.start(epochNanos);
        this.time = time;
        this.state = state;
        this.source = source;
        this.stats = stats;
        this.errors = errors;
        this.epochNanos = epochNanos;
        this.timeoutNanos = timeoutNanos;
        this.quiesce = quiesce;
        this.issued = issued;
        this.completed = completed;
    }

    /** Where runtime ends from the epoch, 0 for none (ramp_size moves it to the ramp's end). */
    void deadline(long timeoutNanos) {
        this.timeoutNanos = timeoutNanos;
    }

    /**
     * thinktime after an I/O when due: completes what is in flight, spins, then sleeps. Returns
     * the time it ended, or {@link Long#MIN_VALUE} when no think was due.
     */
    long thinkIfDue(int ddir) {
        long issuedAll = issued[0] + issued[1] + issued[2];
        long completedAll = completed[0] + completed[1] + completed[2];
        ThinkIoTime.Due due = ioTime.due(time);
        if (due == ThinkIoTime.Due.NOT || (due == ThinkIoTime.Due.BY_BLOCKS && !source.thinkDue(issuedAll, completedAll))) {
            return Long.MIN_VALUE;
        }
        quiesce.run();
        long start = time.nanoTime();
        long left = timeoutNanos > 0 ? Math.max(0, (epochNanos + timeoutNanos - start) / 1000L) : -1;
        long spin = source.thinkSpinUsec(left);
        long spinEnd = start + spin * 1000L;
        while (time.nanoTime() < spinEnd) {
            time.spin();
        }
        long spun = (time.nanoTime() - start) / 1000L;
        long sleep = source.thinkSleepUsec(spun, left < 0 ? -1 : Math.max(0, left - spun));
        if (sleep > 0) {
            sleepUntil(time.nanoTime() + sleep * 1000L);
        }
        long end = time.nanoTime();
        long total = (end - start) / 1000L;
        source.thinkDone(ddir, total, issued[0] + issued[1] + issued[2], completed[0] + completed[1] + completed[2]);
        ioTime.thought(end);
        return end;
    }

    /** rate_min / rate_iops_min over the measured phase; ends the job when a direction is too slow. */
    void checkMinRate(long measureStartNanos) {
        long now = time.nanoTime();
        for (int d = 0; d < 3; d++) {
            String msg = source.checkMinRate(d, stats.ioBytes[d], stats.ioCompleted[d],
                    (now - measureStartNanos) / 1_000_000L, now / 1_000_000L);
            if (msg != null) {
                errors.fail(5, "check_min_rate", msg);
                return;
            }
        }
    }

    /** Sleeps until the monotonic time {@code deadline}, waking early when the job is stopped. */
    void sleepUntil(long deadline) {
        while (!state.terminated()) {
            long left = deadline - time.nanoTime();
            if (left <= 0) {
                return;
            }
            if (left > 2_000_000L) {
                time.park(Math.min(left - 1_000_000L, 50_000_000L));
            } else if (left > 100_000L) {
                time.park(left / 2);
            } else {
                time.spin();
            }
        }
    }
}
