package io.jfio.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The statistics of one fio job (thread_stat), or of a whole group once folded with
 * group_reporting: what every report format prints per job block.
 *
 * <p>Contract for the runner:
 * <ul>
 *   <li>Give each worker thread its own JobResult (same name/group/options) and call the
 *       allocation-free {@code record*} methods and {@link #dir(int)} recorders on the hot path;
 *       at report time fold the per-thread results with {@link #merge(JobResult)}.</li>
 *   <li>Fill the scalar fields (runtime, cpu, errors, latency target, eta/elapsed) once the
 *       job has finished; set {@link #options} to the job's own options as typed, and
 *       {@link #report} to the settings that shape the report.</li>
 *   <li>Hand one JobResult per job to {@link RunResult#addJob}; group_reporting and unified
 *       mixed folding is done by the report module ({@link RunResult#threadStats()}).</li>
 * </ul>
 */
public final class JobResult {
    public String name = "";
    public int groupId;
    /** description=, or null. */
    public String description;
    /** Process/thread id fio would show (first member's). */
    public long pid;
    /** Number of jobs folded into this result (jobs=M in the header). */
    public int members = 1;
    /** errno of the job, 0 if none. */
    public int error;
    /** fio's error text for the header, e.g. "file:io_u.c:2018, func=io_u error, error=No space left on device". */
    public String errorMessage;
    /** Total errors and first errno, reported when continue_on_error is set. */
    public long totalErrors;
    public int firstError;

    /** ETA in seconds at report time (0 normally, 2147483647 when fio ran less than 3 s). */
    public long eta;
    /** ceil(ms since the run started / 1000). */
    public long elapsedSec;
    /** Job start, ms since the epoch (JSON job_start, fio 3.36+). */
    public long jobStartMs;
    /** Date printed in the normal header (ctime() format, no newline); null: the run's time. */
    public String headerTime;

    /** The job's own options as typed (JSON "job options"). */
    public List<JobOption> options = new ArrayList<>();
    /** Settings that shape this job's report. */
    public ReportOptions report = new ReportOptions();

    private final DirectionStats[] dirs = {new DirectionStats(), new DirectionStats(), new DirectionStats()};
    /** Restored "mixed" direction (readers, unified_rw_reporting=both); null: computed by merging. */
    public DirectionStats restoredMixed;

    /** fsync/fdatasync/sync_file_range operations issued. */
    public long syncTotalIos;
    public final StreamStat syncLat = new StreamStat();
    public final LatencyHistogram syncHist = new LatencyHistogram();

    /** ms from job start to exit (JSON job_runtime); the CPU % denominator. */
    public long totalRunTimeMs;
    /** CPU time in ms from the thread's accounting; ctx = voluntary + involuntary switches. */
    public long usrTimeMs;
    public long sysTimeMs;
    public long ctx;
    public long majf;
    public long minf;
    /** Restored CPU percentages (readers); NaN when computed from the ms fields. */
    public double restoredUsrCpu = Double.NaN;
    public double restoredSysCpu = Double.NaN;

    /** io_u_map: I/Os in flight when handed to the device, buckets 1,2,4,8,16,32,>=64. */
    public final Distribution ioDepth = new Distribution(7, 0.1);
    /** io_u_submit: I/Os per submit call, buckets 0,4,8,16,32,64,>=64. */
    public final Distribution submit = new Distribution(7, 0.1);
    /** io_u_complete: I/Os per reap call, same buckets. */
    public final Distribution complete = new Distribution(7, 0.1);
    public long totalSubmit;
    public long totalComplete;
    /** Latency distribution (fio's stat.c) from clat values: 10 nsec, 10 usec, 12 msec buckets. */
    public final Distribution latNs = new Distribution(10, 0.01);
    public final Distribution latUs = new Distribution(10, 0.01);
    public final Distribution latMs = new Distribution(12, 0.01);
    /**
     * Terse's first usec field (usec "2" plus the unfloored nsec share, fio's stat.c); NaN: computed
     * from the counts. Set by the terse reader, since JSON cannot give it.
     */
    public double restoredTerseFirstUsec = Double.NaN;

    /** Latency target: depth fio settled on (0: no latency line), target ns, window us, percentile. */
    public long latencyDepth;
    public long latencyTargetNs;
    public long latencyWindowUs;
    public double latencyPercentile = 100.0;

    /** Zone resets (zonemode=zbd). */
    public long zoneResets;
    /** The steady-state criterion's outcome (steadystate_duration set), or null. */
    public SteadyStateResult steadyState;
    /** block_error_percentiles' trim block states, or null without. */
    public BlockStates blockStates;

    /** READ, WRITE or TRIM ({@link DirectionStats} constants). */
    public DirectionStats dir(int ddir) {
        return dirs[ddir];
    }

    // ---- hot-path recorders (allocation-free) ----

    /** Counts one clat value in the latency distribution buckets (fio's stat.c). */
    public void recordLatencyBucket(long clatNs) {
        if (clatNs < 1000) {
            latNs.add(Buckets.latencyDecade(clatNs), 1);
        } else if (clatNs < 1_000_000) {
            latUs.add(Buckets.latencyDecade(clatNs / 1000), 1);
        } else {
            latMs.add(Buckets.latencyMsec(clatNs / 1_000_000), 1);
        }
    }

    /** n I/Os handed to the device while curDepth I/Os (including them) are in flight. */
    public void recordDepth(int curDepth, int n) {
        ioDepth.add(Buckets.depth(curDepth), n);
    }

    /** One submit call that handed n I/Os to the engine. */
    public void recordSubmit(int n) {
        submit.add(Buckets.calls(n), 1);
        totalSubmit++;
    }

    /** One reap call that returned n completions (0 counts too). */
    public void recordComplete(int n) {
        complete.add(Buckets.calls(n), 1);
        totalComplete++;
    }

    /** One timed sync operation (fsync and friends). */
    public void recordSync(long ns) {
        syncLat.add(ns);
        syncHist.add(ns);
    }

    // ---- report-time helpers ----

    /**
     * Folds another job (or another thread of this job) in, as fio's sum_thread_stats: stats
     * merged as fio's stat.c, counters summed, runtimes max, total_run_time summed. Identity
     * fields (name, pid, options) stay this one's.
     */
    public void merge(JobResult src) {
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            dirs[d].merge(src.dirs[d]);
        }
        syncTotalIos += src.syncTotalIos;
        syncLat.mergeLatency(src.syncLat);
        syncHist.merge(src.syncHist);
        usrTimeMs += src.usrTimeMs;
        sysTimeMs += src.sysTimeMs;
        ctx += src.ctx;
        majf += src.majf;
        minf += src.minf;
        ioDepth.merge(src.ioDepth);
        submit.merge(src.submit);
        complete.merge(src.complete);
        totalSubmit += src.totalSubmit;
        totalComplete += src.totalComplete;
        latNs.merge(src.latNs);
        latUs.merge(src.latUs);
        latMs.merge(src.latMs);
        totalRunTimeMs += src.totalRunTimeMs;
        zoneResets += src.zoneResets;
        totalErrors += src.totalErrors;
        if (src.steadyState != null) {
            steadyState = src.steadyState; // fio reports the group's last job, which holds the window
        }
        blockStates = src.blockStates; // as fio's sum_thread_stats: the group's last job's
    }

    /** Issued reads + writes + trims: the denominator of every distribution. */
    public long totalIssued() {
        return dirs[0].totalIos + dirs[1].totalIos + dirs[2].totalIos;
    }

    /** The "mixed" direction: all directions merged (unified_rw_reporting). */
    public DirectionStats mixed() {
        if (restoredMixed != null) {
            return restoredMixed;
        }
        DirectionStats m = new DirectionStats();
        for (DirectionStats d : dirs) {
            m.merge(d);
        }
        return m;
    }

    public double usrCpu() {
        if (!Double.isNaN(restoredUsrCpu)) {
            return restoredUsrCpu;
        }
        return totalRunTimeMs == 0 ? 0 : (double) usrTimeMs * 100 / (double) totalRunTimeMs;
    }

    public double sysCpu() {
        if (!Double.isNaN(restoredSysCpu)) {
            return restoredSysCpu;
        }
        return totalRunTimeMs == 0 ? 0 : (double) sysTimeMs * 100 / (double) totalRunTimeMs;
    }

    /** Terse's first usec bucket: usec "2" plus the unfloored share of all nsec buckets. */
    public double terseFirstUsec() {
        if (!Double.isNaN(restoredTerseFirstUsec)) {
            return restoredTerseFirstUsec;
        }
        long total = totalIssued();
        if (total == 0) {
            // fio divides 0 by 0 here: x86 yields a NaN with the sign bit, printed "-nan%".
            return Double.longBitsToDouble(0xfff8000000000000L);
        }
        double v = latUs.percent(0, total);
        if (latNs.isRestored()) {
            // Only floored percentages are known. Every clat lands in one bucket, so the nsec
            // count is the clat count minus the usec and msec counts, estimated from their
            // percentages (a floored 0.01 is taken as one I/O). Exact when no nsec bucket is used.
            boolean anyNs = false;
            for (int i = 0; i < latNs.size(); i++) {
                anyNs |= latNs.percent(i, total) > 0;
            }
            if (!anyNs || total == 0) {
                return v;
            }
            long clats = dirs[0].clat.samples() + dirs[1].clat.samples() + dirs[2].clat.samples();
            long others = estimatedCount(latUs, total) + estimatedCount(latMs, total);
            return v + 100.0 * (double) Math.max(0, clats - others) / (double) total;
        }
        return v + 100.0 * (double) latNs.sum() / (double) total;
    }

    private static long estimatedCount(Distribution d, long total) {
        long n = 0;
        for (int i = 0; i < d.size(); i++) {
            double p = d.percent(i, total);
            if (p == 0.01) {
                n += 1;
            } else if (p > 0) {
                n += Math.round(p * total / 100.0);
            }
        }
        return n;
    }
}
