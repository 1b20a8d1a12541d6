package io.jfio.runner.stats;

import io.jfio.report.Buckets;
import io.jfio.report.LatencyHistogram;
import io.jfio.report.PrioStats;
import io.jfio.report.StreamStat;
import io.jfio.report.interval.IntervalCounters;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Everything one job thread measures (fio's thread_stat: latencies, counters, depths, errors),
 * in primitive fields that the thread updates without allocation. Only the owning thread writes; other threads (status
 * line) read {@link #progress}, which the owner publishes with release stores. At report time
 * the runner turns it into the report model.
 */
public final class JobStats {
    /** Slots 0..2 are read/write/trim; {@link #SYNC} is fsync-type operations. */
    public static final int SYNC = 3;
    public static final int DIRS = 3;

    public final long[] ioBytes = new long[DIRS];
    /** I/Os completed per direction (for the bw/iops windows and the status line). */
    public final long[] ioCompleted = new long[DIRS];
    /** I/Os issued, counted at queue time; index 3 counts sync operations (fio's total_io_u). */
    public final long[] totalIoU = new long[4];
    public final long[] shortIoU = new long[DIRS];
    public final long[] dropIoU = new long[DIRS];
    /** Duration of the I/O phase per direction the job performs, microseconds. */
    public final long[] runtimeMicros = new long[DIRS];

    public final StreamStat[] slat = streams();
    public final StreamStat[] clat = streams();
    public final StreamStat[] lat = streams();
    public final LatencyHistogram[] slatHist = histograms();
    public final LatencyHistogram[] clatHist = histograms();
    public final LatencyHistogram[] latHist = histograms();
    public final StreamStat syncStat = new StreamStat();
    public final LatencyHistogram syncHist = new LatencyHistogram();

    public final StreamStat[] bw = streams();
    /** Per-priority latencies (read, write; fio's clat_prio) when the engine sets priorities per I/O. */
    public final PrioStats[] prios = new PrioStats[DIRS];
    /** The job's own I/O priority (fio's ts->ioprio). */
    public int ioprio;
    public final StreamStat[] iops = streams();

    /** fio's io_u_map, io_u_submit, io_u_complete (7 buckets each, as fio's stat.c keeps them). */
    public final long[] depthMap = new long[7];
    public final long[] submitMap = new long[7];
    public final long[] completeMap = new long[7];
    public long totalSubmit;
    /** zonemode=zbd: zones the job reset (fio's nr_zone_resets). */
    public long zoneResets;
    public long totalComplete;

    /** Latency distribution of clat (fio's io_u_lat_n / io_u_lat_u / io_u_lat_m): nsec, usec and msec tables. */
    public final long[] latNsec = new long[10];
    public final long[] latUsec = new long[10];
    public final long[] latMsec = new long[12];

    /** First error (positive errno) and the fio function name it is reported under. */
    public int error;
    public String errorFunction;
    public String errorFile;
    public long totalErrors;
    public int firstError;
    /** fio's verror of the first error continue_on_error let pass (the report shows it when the job ends well). */
    public String firstErrorText;

    /** CPU use of the job thread over the job (fio's usr_time, sys_time, ctx, minf, majf). */
    public long usrMillis;
    public long sysMillis;
    public long ctxSwitches;
    public long minorFaults;
    public long majorFaults;
    /** Job start to exit, ms (JSON job_runtime; the CPU % denominator). */
    public long totalRunTimeMillis;
    /** Wall-clock time (ms since the epoch) when the job started, for 3.42's job_start. */
    public long jobStartEpochMillis;

    /**
     * Published for other threads: bytes r/w/t (0..2), completed ios r/w/t (3..5). Written with
     * lazySet after each completion batch, so the hot path pays no fence.
     */
    public final AtomicLongArray progress = new AtomicLongArray(6);

    // Sample windows (fio's add_bw_samples / add_iops_samples in stat.c): state of the last sample point.
    private final long[] lastSampleBytes = new long[DIRS];
    private final long[] lastSampleIos = new long[DIRS];
    private long lastBwSampleNanos;
    private long lastIopsSampleNanos;
    private long bwWindowNanos = 500_000_000L;
    private long iopsWindowNanos = 500_000_000L;
    private long nextSampleCheckNanos;

    private static StreamStat[] streams() {
        return new StreamStat[] {new StreamStat(), new StreamStat(), new StreamStat()};
    }

    private static LatencyHistogram[] histograms() {
        return new LatencyHistogram[] {new LatencyHistogram(), new LatencyHistogram(), new LatencyHistogram()};
    }

    public void setSampleWindows(long bwWindowMillis, long iopsWindowMillis) {
        this.bwWindowNanos = Math.max(1, bwWindowMillis) * 1_000_000L;
        this.iopsWindowNanos = Math.max(1, iopsWindowMillis) * 1_000_000L;
    }

    /**
     * False in the ramp (ramp_time, ramp_size) until the measured phase starts: fio takes no
     * latencies and no bw/iops samples there (its ramp_period_over). The one ramp flag: the job's
     * loop and its completions read it here. Job thread only.
     */
    private boolean measuring = true;

    /** The job's ramp starts: nothing timed, no samples until {@link #resetForMeasurement}. */
    public void beginRamp() {
        measuring = false;
    }

    /** Whether the measured phase runs (the ramp is over, or the job had none). */
    public boolean measuring() {
        return measuring;
    }

    /** A phase that goes on with the numbers so far (verify's read-back, the next loop): measured, nothing reset. */
    public void resumeMeasuring() {
        measuring = true;
    }

    /** block_error_percentiles' trim block states (null without), set before the I/O starts. */
    public io.jfio.report.BlockStates blockStates;

    /** When the measured phase started (0 before), for interim reports of running jobs. */
    public volatile long measureStartNanos;

    /** The job thread's usr/sys/ctx/fault accounting, or null: restarted with the counters. */
    private ThreadCpu cpu;

    /** Restarts {@code cpu} wherever the counters restart, as fio's reset_all_stats calls clear_rusage_stat. */
    public void accountCpu(ThreadCpu cpu) {
        this.cpu = cpu;
    }

    /**
     * Starts (or, after ramp_time and latency_target's search, restarts) the measured phase: all
     * counters cleared, the job thread's CPU accounting too (the cpu line covers the measured phase,
     * not the ramp: fio's reset_all_stats).
     */
    public void resetForMeasurement(long nowNanos) {
        if (cpu != null) {
            cpu.begin();
        }
        measureStartNanos = nowNanos;
        measuring = true;
        java.util.Arrays.fill(ioBytes, 0);
        java.util.Arrays.fill(ioCompleted, 0);
        java.util.Arrays.fill(totalIoU, 0);
        java.util.Arrays.fill(shortIoU, 0);
        java.util.Arrays.fill(dropIoU, 0);
        for (int d = 0; d < DIRS; d++) {
            slat[d] = new StreamStat();
            clat[d] = new StreamStat();
            lat[d] = new StreamStat();
            bw[d] = new StreamStat();
            iops[d] = new StreamStat();
            slatHist[d].clear();
            clatHist[d].clear();
            if (prios[d] != null) {
                prios[d].clear();
            }
            latHist[d].clear();
        }
        syncStat.set(0, 0, 0, 0, 0);
        syncHist.clear();
        java.util.Arrays.fill(depthMap, 0);
        java.util.Arrays.fill(submitMap, 0);
        java.util.Arrays.fill(completeMap, 0);
        totalSubmit = 0;
        totalComplete = 0;
        java.util.Arrays.fill(latNsec, 0);
        java.util.Arrays.fill(latUsec, 0);
        java.util.Arrays.fill(latMsec, 0);
        java.util.Arrays.fill(lastSampleBytes, 0);
        java.util.Arrays.fill(lastSampleIos, 0);
        lastBwSampleNanos = nowNanos;
        lastIopsSampleNanos = nowNanos;
        nextSampleCheckNanos = nowNanos + Math.min(bwWindowNanos, iopsWindowNanos) - 1_000_000L;
    }

    /** One completed data I/O of {@code bytes}; latencies in ns (slat < 0: not recorded). */
    public void recordCompletion(int ddir, long bytes, long clatNs, long latNs, boolean latHistogram) {
        ioBytes[ddir] += bytes;
        ioCompleted[ddir]++;
        if (measureClat) {
            clat[ddir].add(clatNs);
            clatHist[ddir].add(clatNs);
            recordLatencyBucket(clatNs);
        }
        if (measureLat) {
            lat[ddir].add(latNs);
            if (latHistogram) {
                latHist[ddir].add(latNs);
            }
        }
    }

    /** The same, for an I/O that ran with the engine's priority number {@code prioIndex} (fio's clat_prio_index). */
    public void recordCompletion(int ddir, long bytes, long clatNs, long latNs, boolean latHistogram, int prioIndex) {
        recordCompletion(ddir, bytes, clatNs, latNs, latHistogram);
        PrioStats p = prios[ddir];
        if (p != null && (p.ofLat ? measureLat : measureClat)) {
            p.record(prioIndex, p.ofLat ? latNs : clatNs);
        }
    }

    /**
     * After engine init: the priorities each direction's I/Os may run with ({@code perDir} gives
     * null for none), holding total latency instead of clat with lat_percentiles, as fio's.
     */
    public void usePrios(java.util.function.IntFunction<int[]> perDir, int jobIoprio, boolean ofLat) {
        ioprio = jobIoprio;
        for (int d = 0; d < 2; d++) {
            int[] values = perDir.apply(d);
            if (values != null) {
                prios[d] = new PrioStats(values);
                prios[d].ofLat = ofLat;
            }
        }
    }

    /** A completed I/O of an engine that keeps no per-I/O latencies (fio's FIO_NOSTATS): counts only. */
    public void recordUntimedCompletion(int ddir, long bytes) {
        ioBytes[ddir] += bytes;
        ioCompleted[ddir]++;
    }

    /** A file operation's latency that fio's file/dir engines add as a completion latency (no bucket). */
    public void recordOpLatency(int ddir, long ns) {
        clat[ddir].add(ns);
        clatHist[ddir].add(ns);
    }

    public void recordSlat(int ddir, long slatNs, boolean histogram) {
        if (!measureSlat) {
            return;
        }
        slat[ddir].add(slatNs);
        if (histogram) {
            slatHist[ddir].add(slatNs);
        }
    }

    public void recordSync(long ns) {
        if (measureClat) {
            syncStat.add(ns);
            syncHist.add(ns);
        }
    }

    private boolean measureLat = true;
    private boolean measureClat = true;
    private boolean measureSlat = true;

    /** Which latencies the job measures (fio's disable_lat / disable_clat / disable_slat turn them off). */
    public void measure(boolean lat, boolean clat, boolean slat) {
        measureLat = lat;
        measureClat = clat;
        measureSlat = slat;
    }

    private void recordLatencyBucket(long ns) {
        if (ns < 1000) {
            latNsec[Buckets.latencyDecade(ns)]++;
        } else if (ns < 1_000_000) {
            latUsec[Buckets.latencyDecade(ns / 1000)]++;
        } else {
            latMsec[Buckets.latencyMsec(ns / 1_000_000)]++;
        }
    }

    /** fio's io_u_map bucket for the current depth (stat.c). */
    public void markDepth(int curDepth, long n) {
        depthMap[Buckets.depth(curDepth)] += n;
    }

    public void markSubmit(int n) {
        submitMap[Buckets.calls(n)]++;
        totalSubmit++;
    }

    public void markComplete(int n) {
        completeMap[Buckets.calls(n)]++;
        totalComplete++;
    }

    private long nextPublishNanos;

    /** Publishes progress at most every millisecond (the status line reads it once a second). */
    public void publishIfDue(long nowNanos) {
        if (nowNanos >= nextPublishNanos) {
            nextPublishNanos = nowNanos + 1_000_000L;
            publish();
            if (snapshotState.get() == SNAP_REQUESTED && snapshotState.compareAndSet(SNAP_REQUESTED, SNAP_COPYING)) {
                copyInto(snapshotTarget);
                snapshotState.set(SNAP_DONE);
            }
        }
    }

    // Interval snapshots (--interval-output): the job thread copies its own counters between two
    // completion batches, so one snapshot is consistent; a thread that does not come by in time
    // (blocked in a long I/O, or past its loop) has the reader copy instead.
    private static final int SNAP_IDLE = 0;
    private static final int SNAP_REQUESTED = 1;
    private static final int SNAP_COPYING = 2;
    private static final int SNAP_DONE = 3;
    private static final int SNAP_READER = 4;
    private final AtomicInteger snapshotState = new AtomicInteger();
    private IntervalCounters snapshotTarget;

    /** Asks the job thread to copy its counters into {@code target} at its next publish (reader side). */
    public void requestSnapshot(IntervalCounters target) {
        snapshotTarget = target;
        snapshotState.set(SNAP_REQUESTED); // volatile store publishes the target
    }

    /**
     * Waits until the requested snapshot is in its target; after {@code deadlineNanos} (System.nanoTime)
     * the calling thread copies it itself unless the job thread has begun.
     */
    public void awaitSnapshot(long deadlineNanos) {
        while (snapshotState.get() != SNAP_DONE) {
            if (System.nanoTime() - deadlineNanos >= 0 && snapshotState.compareAndSet(SNAP_REQUESTED, SNAP_READER)) {
                copyInto(snapshotTarget);
                break;
            }
            LockSupport.parkNanos(100_000L);
        }
        snapshotTarget = null;
        snapshotState.set(SNAP_IDLE);
    }

    /**
     * Copies the cumulative counters of the measured phase into {@code c} (no allocation). Before the
     * measured phase (ramp_time) everything is zero: fio discards ramp I/O, and so do the intervals.
     */
    public void copyInto(IntervalCounters c) {
        if (measureStartNanos == 0) {
            c.clear();
            return;
        }
        for (int d = 0; d < DIRS; d++) {
            c.ioBytes[d] = ioBytes[d];
            c.totalIos[d] = totalIoU[d];
            c.completedIos[d] = ioCompleted[d];
            c.runtimeUs[d] = runtimeMicros[d];
            copyLatency(c, IntervalCounters.SLAT, d, slat[d], slatHist[d]);
            copyLatency(c, IntervalCounters.CLAT, d, clat[d], clatHist[d]);
            copyLatency(c, IntervalCounters.LAT, d, lat[d], latHist[d]);
        }
        c.jobs = 1;
    }

    private static void copyLatency(IntervalCounters c, int kind, int d, StreamStat s, LatencyHistogram h) {
        c.hist[kind][d].copyFrom(h);
        c.latSamples[kind][d] = s.samples();
        c.latSum[kind][d] = s.mean() * s.samples();
    }

    /** Publishes progress to other threads (cheap ordered stores). */
    public void publish() {
        for (int d = 0; d < DIRS; d++) {
            progress.lazySet(d, ioBytes[d]);
            progress.lazySet(DIRS + d, ioCompleted[d]);
        }
    }

    /**
     * Takes bw/iops samples when a window has passed (bw_avg_time / iops_avg_time, as fio's stat.c). Called by the job thread after
     * completions; {@code force} at the end of the job takes the last window if it is full enough.
     */
    public void maybeSample(long nowNanos) {
        if (nowNanos >= nextSampleCheckNanos) {
            takeSamples(nowNanos);
        }
    }

    /*
     * Out of line (dist/src/jit/io-path.txt keeps the JIT from inlining it): the I/O loop inlines
     * maybeSample, and a branch that C2 compiled before it was ever taken is compiled as a trap
     * that deoptimises the whole loop. So the ramp takes this call too, once a millisecond, and
     * the measured phase's first sample traps (if at all) in this method only.
     */
    private void takeSamples(long nowNanos) {
        if (!measuring) {
            // before the measured phase (in ramp_time) fio takes no bw/iops samples
            nextSampleCheckNanos = nowNanos + 1_000_000L;
            return;
        }
        long bwSpentMs = (nowNanos - lastBwSampleNanos) / 1_000_000L;
        if (bwSpentMs >= bwWindowNanos / 1_000_000L - 1 && bwSpentMs > 0) {
            for (int d = 0; d < DIRS; d++) {
                long delta = ioBytes[d] - lastSampleBytes[d];
                if (delta > 0) {
                    bw[d].add(delta * 1000 / bwSpentMs / 1024);
                }
                lastSampleBytes[d] = ioBytes[d];
            }
            lastBwSampleNanos = nowNanos;
        }
        long iopsSpentMs = (nowNanos - lastIopsSampleNanos) / 1_000_000L;
        if (iopsSpentMs >= iopsWindowNanos / 1_000_000L - 1 && iopsSpentMs > 0) {
            for (int d = 0; d < DIRS; d++) {
                long delta = ioCompleted[d] - lastSampleIos[d];
                if (delta > 0) {
                    iops[d].add(delta * 1000 / iopsSpentMs);
                }
                lastSampleIos[d] = ioCompleted[d];
            }
            lastIopsSampleNanos = nowNanos;
        }
        nextSampleCheckNanos = Math.min(lastBwSampleNanos + bwWindowNanos, lastIopsSampleNanos + iopsWindowNanos)
                - 1_000_000L;
    }

    /**
     * When the job thread takes its next bw/iops sample (fio's add_bw_samples' next time). Read
     * by --debug=helperthread's tick line from another thread: a plain read, so a value one
     * sample old at worst.
     */
    public long nextSampleNanos() {
        return nextSampleCheckNanos + 1_000_000L;
    }

    /** Records an error the first time one is seen; later ones only count. */
    public void recordError(int errno, String function) {
        totalErrors++;
        if (firstError == 0) {
            firstError = errno;
        }
        if (error == 0) {
            error = errno;
            errorFunction = function;
        }
    }
}
