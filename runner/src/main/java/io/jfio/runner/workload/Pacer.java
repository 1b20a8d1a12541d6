package io.jfio.runner.workload;

import io.jfio.jobfile.options.RateOptions;
import io.jfio.jobfile.options.ThinkTimeOptions;
import io.jfio.jobfile.options.ThreadOptions;

/**
 * fio's pacing of one job: rate / rate_iops with rate_process=linear|poisson, rate_min /
 * rate_iops_min, and thinktime (thinktime_spin, thinktime_blocks, thinktime_blocks_type,
 * rate_ignore_thinktime). Pure arithmetic on counters and times the caller passes in
 * (microseconds since the job's epoch); the caller does the sleeping. Allocation-free.
 *
 * <p>Rate: {@link IoPattern#next(io.jfio.engine.IoUnit, long)} asks {@link #direction} which
 * direction may go next (fio's rate_ddir, which may switch a mixed job to the direction that is
 * behind) and how long to wait first ({@link #waitUsec()}); after the I/O is issued the pattern
 * calls {@link #issued}, which moves that direction's next allowed issue time (fio's
 * usec_for_io). Before sleeping fio first completes everything in flight (io_u_quiesce).
 */
public final class Pacer {
    private static final int READ = 0;
    private static final int WRITE = 1;

    private final String jobName;
    private final boolean enabled;
    private final boolean poisson;
    private final long[] rate;
    private final long[] rateBps = new long[3];
    private final long[] minBs;
    private final boolean[] bssplit;
    private final long[] rateMin;
    private final long[] rateIopsMin;
    private final long rateCycleMs;
    private final FioRandom[] poissonRand = new FioRandom[3];

    private final long[] nextIoTime = new long[3];
    private final long[] issueBytes = new long[3];
    private final long[] lastUsec = new long[3];
    private long waitUsec;

    private final long[] lastCheckBytes = new long[3];
    private final long[] lastCheckBlocks = new long[3];
    private final long[] lastCheckTimeMs = new long[3];

    private final long thinktime;
    private final long thinktimeSpin;
    private final long thinktimeBlocks;
    private final boolean thinkOnComplete;
    private final boolean rateIgnoreThink;
    private long lastThinktimeBlocks;

    private final IoPattern owner;

    Pacer(ThreadOptions o, long[] minBs, boolean[] bssplit, long[] seeds, IoPattern owner) throws WorkloadException {
        this.owner = owner;
        this.jobName = o.spec().name();
        this.minBs = minBs.clone();
        this.bssplit = bssplit.clone();
        RateOptions r = o.rate();
        this.rate = r.rate().clone();
        long[] rateIops = r.rateIops();
        this.rateMin = r.rateMin().clone();
        this.rateIopsMin = r.rateIopsMin().clone();
        this.rateCycleMs = r.rateCycleMs();
        this.poisson = r.poisson();
        if ((sum(rate) != 0 && sum(rateIops) != 0) || (sum(rateMin) != 0 && sum(rateIopsMin) != 0)) {
            throw new WorkloadException("fio: rate and rate_iops are mutually exclusive");
        }
        boolean any = false;
        for (int d = 0; d < 3; d++) {
            if ((rate[d] != 0 && rate[d] < rateMin[d]) || (rateIops[d] != 0 && rateIops[d] < rateIopsMin[d])) {
                throw new WorkloadException("fio: minimum rate exceeds rate, ddir " + d);
            }
            if (rate[d] != 0 || rateIops[d] != 0) {
                rateBps[d] = rate[d] != 0 ? rate[d] : rateIops[d] * minBs[d];
                if (rateBps[d] == 0) {
                    throw new WorkloadException("rate lower than supported");
                }
            }
            any |= rate[d] != 0 || rateIops[d] != 0 || rateMin[d] != 0 || rateIopsMin[d] != 0;
        }
        this.enabled = any;
        poissonRand[0] = new FioRandom(seeds[RandSeeds.SEED_POISSON], false);
        poissonRand[1] = new FioRandom(seeds[RandSeeds.SEED_POISSON2], false);
        poissonRand[2] = new FioRandom(seeds[RandSeeds.SEED_POISSON3], false);

        ThinkTimeOptions t = o.think();
        this.thinktime = t.thinktimeUs();
        this.thinktimeSpin = t.spinUs();
        this.thinktimeBlocks = t.blocks();
        this.thinkOnComplete = !t.countAtIssue();
        this.rateIgnoreThink = r.rateIgnoreThinktime();
    }

    private static long sum(long[] a) {
        return a[0] + a[1] + a[2];
    }

    /** True when the job has any rate option (fio checks rates only then). */
    public boolean enabled() {
        return enabled;
    }

    /** Bytes per second this direction is paced to (rate, or rate_iops x minimum block size); 0 = none. */
    public long rateBytesPerSec(int ddir) {
        return rateBps[ddir];
    }

    /** When (µs since the job's epoch) the next I/O of this direction may be issued. */
    public long nextIoTimeUsec(int ddir) {
        return nextIoTime[ddir];
    }

    /** How long to wait before issuing the I/O that the last {@code next()} produced (0 = go). */
    public long waitUsec() {
        return waitUsec;
    }

    /** fio's rate_ddir: the direction to issue (may switch for a mixed job) and, in {@link #waitUsec()}, the wait. */
    int direction(int ddir, long nowUsec, boolean mixed, int[] rwmix) {
        waitUsec = 0;
        if (!enabled || nextIoTime[ddir] <= nowUsec) {
            return ddir;
        }
        int odir = ddir ^ 1;
        if (mixed && ddir <= WRITE && rwmix[odir] != 0) {
            if (nextIoTime[odir] <= nowUsec) {
                return odir;
            }
            if (nextIoTime[ddir] <= nextIoTime[odir]) {
                waitUsec = nextIoTime[ddir] - nowUsec;
            } else {
                waitUsec = nextIoTime[odir] - nowUsec;
                ddir = odir;
            }
        } else {
            waitUsec = nextIoTime[ddir] - nowUsec;
        }
        return ddir;
    }

    /** An I/O of {@code bytes} was issued in {@code ddir}: advance that direction's schedule. */
    void issued(int ddir, long bytes) {
        if (!enabled) {
            return;
        }
        issueBytes[ddir] += bytes;
        nextIoTime[ddir] = usecForIo(ddir);
    }

    /** fio's usec_for_io: the issue time, since the epoch, the next I/O of this direction is due. */
    private long usecForIo(int ddir) {
        long bps = rateBps[ddir];
        if (poisson) {
            long iops = bps / minBs[ddir];
            if (iops == 0) {
                return 0;
            }
            // fio multiplies by -logf(), a float logarithm
            float val = (float) (1000000 / iops) * -(float) Math.log((float) poissonRand[ddir].next01());
            RateDebug.poisson((long) val, ddir);
            lastUsec[ddir] += (long) val;
            return lastUsec[ddir];
        }
        if (bps == 0) {
            return 0;
        }
        if (rate[ddir] == 0 && bssplit[ddir]) {
            // rate_iops with bssplit: pace by the asked IOPS, not by bytes
            long iops = bps / minBs[ddir];
            if (iops == 0) {
                return 0;
            }
            lastUsec[ddir] += 1000000 / iops;
            return lastUsec[ddir];
        }
        long bytes = issueBytes[ddir];
        long secs = bytes / bps;
        long rem = bytes % bps;
        return rem * 1000000 / bps + secs * 1000000;
    }

    /**
     * End of ramp_time (fio's reset_all_stats): the rate schedule restarts from the new epoch and
     * the pattern's issue counters (rwmix, number_ios, the amount keep_running checks) restart.
     */
    public void resetEpoch() {
        if (owner != null) {
            owner.resetCounters();
        }
        for (int d = 0; d < 3; d++) {
            nextIoTime[d] = 0;
            issueBytes[d] = 0;
            lastUsec[d] = 0;
            lastCheckBytes[d] = 0;
            lastCheckBlocks[d] = 0;
        }
        waitUsec = 0;
    }

    /**
     * fio's check_min_rate for one direction, called after I/O completes: null when fine, else
     * fio's message. {@code bytesDone}/{@code blocksDone} count completed I/O in this direction,
     * {@code sinceStartMs} is the time since the job (loop) started, {@code nowMs} a monotonic
     * millisecond clock.
     */
    public String checkMinRate(int ddir, long bytesDone, long blocksDone, long sinceStartMs, long nowMs) {
        if (rateMin[ddir] == 0 && rateIopsMin[ddir] == 0) {
            return null;
        }
        if (sinceStartMs < 2000) {
            return null;
        }
        if (lastCheckBytes[ddir] != 0 || lastCheckBlocks[ddir] != 0) {
            long spent = nowMs - lastCheckTimeMs[ddir];
            if (spent < rateCycleMs || spent == 0) {
                return null;
            }
            if (rateMin[ddir] != 0) {
                long cur = (bytesDone - lastCheckBytes[ddir]) * 1000 / spent;
                if (cur < rateMin[ddir]) {
                    return jobName + ": rate_min=" + rateMin[ddir] + "B/s not met, got " + cur + "B/s";
                }
            } else {
                long cur = (blocksDone - lastCheckBlocks[ddir]) * 1000 / spent;
                if (cur < rateIopsMin[ddir]) {
                    return jobName + ": rate_iops_min=" + rateIopsMin[ddir] + " not met, got " + cur + " IOPS";
                }
            }
        }
        lastCheckBytes[ddir] = bytesDone;
        lastCheckBlocks[ddir] = blocksDone;
        lastCheckTimeMs[ddir] = nowMs;
        return null;
    }

    /** True when the job has a thinktime. */
    public boolean thinktimeEnabled() {
        return thinktime != 0;
    }

    public long thinktimeUsec() {
        return thinktime;
    }

    /**
     * fio's handle_thinktime trigger, checked after each data I/O: true when thinktime_blocks
     * I/Os (issued or completed, per thinktime_blocks_type) have passed since the last think.
     * The caller then completes all I/O in flight and spins {@link #thinkSpinUsec} and sleeps
     * {@link #thinkSleepUsec}, then calls {@link #thinkDone}.
     */
    public boolean thinkDue(long issuedIos, long completedIos) {
        if (thinktime == 0) {
            return false;
        }
        long b = thinkOnComplete ? completedIos : issuedIos;
        return b >= lastThinktimeBlocks + thinktimeBlocks;
    }

    /** Busy-wait part of the think time, capped by the runtime left (-1 = no runtime). */
    public long thinkSpinUsec(long runtimeLeftUsec) {
        long left = thinktimeSpin;
        if (runtimeLeftUsec >= 0 && runtimeLeftUsec < left) {
            left = runtimeLeftUsec;
        }
        return left;
    }

    /** Sleep part of the think time after {@code spunUsec} of spinning, capped by the runtime left. */
    public long thinkSleepUsec(long spunUsec, long runtimeLeftUsec) {
        long left = spunUsec < thinktime ? thinktime - spunUsec : 0;
        if (runtimeLeftUsec >= 0 && runtimeLeftUsec < left) {
            left = runtimeLeftUsec;
        }
        return left;
    }

    /** End of a think of {@code totalUsec} after an I/O in {@code ddir}; counters as for {@link #thinkDue}. */
    public void thinkDone(int ddir, long totalUsec, long issuedIos, long completedIos) {
        if (totalUsec != 0 && rateBps[ddir] != 0 && rateIgnoreThink) {
            // rate_ignore_thinktime: credit what would have been issued while thinking, minus a block
            long missed = rateBps[ddir] * totalUsec / 1000000L;
            long bs = minBs[ddir];
            long usPerOp = bs * 1000000L / rateBps[ddir];
            long over;
            if (usPerOp <= totalUsec) {
                over = bs;
            } else {
                over = (usPerOp - totalUsec) / usPerOp * -bs;
            }
            issueBytes[ddir] += missed - over;
            lastUsec[ddir] += totalUsec;
        }
        lastThinktimeBlocks = thinkOnComplete ? completedIos : issuedIos;
    }
}
