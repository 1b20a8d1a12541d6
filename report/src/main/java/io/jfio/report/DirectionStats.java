package io.jfio.report;

/**
 * One data direction of a job (read, write, trim, or the merged "mixed"): counters, latency
 * stats and histograms, and the bw/iops sample stats (fio's stat.c).
 *
 * <p>Contract for the runner: all {@code record*} methods are allocation-free and not
 * thread-safe; give each worker thread its own {@link JobResult} and {@link #merge} them at
 * report time. Latencies are nanoseconds, runtime milliseconds, bw samples KiB/s.
 */
public final class DirectionStats {
    public static final int READ = 0;
    public static final int WRITE = 1;
    public static final int TRIM = 2;
    public static final int COUNT = 3;

    /** Bytes of completed I/O. */
    public long ioBytes;
    /** I/Os issued (counted at queue time): IOPS and all distributions divide by this. */
    public long totalIos;
    public long shortIos;
    public long dropIos;
    /** Duration of the I/O phase in ms (fio: ceil(us / 1000)). */
    public long runtimeMs;

    public final StreamStat slat = new StreamStat();
    public final StreamStat clat = new StreamStat();
    public final StreamStat lat = new StreamStat();
    /** clat histogram: always filled (clat_percentiles defaults on). */
    public final LatencyHistogram clatHist = new LatencyHistogram();
    /** Filled only when slat_percentiles is set. */
    public final LatencyHistogram slatHist = new LatencyHistogram();
    /** Filled only when lat_percentiles is set. */
    public final LatencyHistogram latHist = new LatencyHistogram();
    /** Bandwidth samples in KiB/s, one per bw_avg_time window (fio's stat.c). */
    public final StreamStat bw = new StreamStat();
    /** IOPS samples, one per iops_avg_time window. */
    public final StreamStat iops = new StreamStat();

    /** Per-priority latencies when the job set priorities per I/O (cmdprio), else null. */
    public PrioStats prios;
    /** The job's own I/O priority (fio's ts->ioprio), under which a job without {@link #prios} merges. */
    public int ioprio;

    /** Values only a terse line gives (terse reader): KiB/s, IOPS, bw agg %; negative/NaN: computed. */
    public long restoredTerseBw = -1;
    public long restoredTerseIops = -1;
    public double restoredTerseBwAgg = Double.NaN;

    /** Cache hits/misses reported by the engine (only a few engines); both 0 when unknown. */
    public long cacheHit;
    public long cacheMiss;

    public void recordSlat(long ns, boolean histogram) {
        slat.add(ns);
        if (histogram) {
            slatHist.add(ns);
        }
    }

    public void recordClat(long ns) {
        clat.add(ns);
        clatHist.add(ns);
    }

    public void recordLat(long ns, boolean histogram) {
        lat.add(ns);
        if (histogram) {
            latHist.add(ns);
        }
    }

    /**
     * Folds {@code src} in as fio's sum_thread_stats does (group_reporting, unified mixed):
     * latency stats by parallel variance, bw/iops by plain sums, counters summed, runtime max.
     */
    public void merge(DirectionStats src) {
        mergePrios(src);
        ioBytes += src.ioBytes;
        totalIos += src.totalIos;
        shortIos += src.shortIos;
        dropIos += src.dropIos;
        runtimeMs = Math.max(runtimeMs, src.runtimeMs);
        slat.mergeLatency(src.slat);
        clat.mergeLatency(src.clat);
        lat.mergeLatency(src.lat);
        clatHist.merge(src.clatHist);
        slatHist.merge(src.slatHist);
        latHist.merge(src.latHist);
        bw.mergeSum(src.bw);
        iops.mergeSum(src.iops);
        cacheHit += src.cacheHit;
        cacheMiss += src.cacheMiss;
    }

    /**
     * fio's sum_clat_prio_stats: when either side has per-priority stats, a side without them
     * counts all its I/Os under its job's priority.
     */
    private void mergePrios(DirectionStats src) {
        if (src.prios == null && prios == null) {
            return;
        }
        if (prios == null) {
            prios = new PrioStats(new int[0]);
            prios.ofLat = src.prios.ofLat;
            addWhole(prios, this);
        }
        if (src.prios != null) {
            prios.merge(src.prios);
        } else {
            addWhole(prios, src);
        }
    }

    private static void addWhole(PrioStats to, DirectionStats d) {
        StreamStat s = to.ofLat ? d.lat : d.clat;
        if (s.samples() > 0) {
            to.add(d.ioprio, s, to.ofLat ? d.latHist : d.clatHist);
        }
    }

    /** Bytes per second over the direction's runtime, as fio computes it (0 without runtime). */
    public long bwBytesPerSec() {
        return runtimeMs == 0 ? 0 : 1000 * ioBytes / runtimeMs;
    }

    /** Integer IOPS as the normal and terse reports print it. */
    public long iopsInt() {
        return runtimeMs == 0 ? 0 : 1000 * totalIos / runtimeMs;
    }
}
