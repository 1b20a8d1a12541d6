package io.jfio.report;

import java.util.Arrays;

/**
 * fio's per-priority completion latencies of one direction (thread_stat's clat_prio): one stat
 * and histogram per distinct I/O priority the job used, the job's own priority first. They hold
 * clat, or total latency when lat_percentiles is set (as fio's stat.c fills them).
 *
 * <p>{@link #record} is allocation-free; each worker thread owns its instance.
 */
public final class PrioStats {
    /** The entries hold total latency (lat_percentiles) rather than clat: fio then names them "lat". */
    public boolean ofLat;
    private int count;
    private int[] ioprio;
    private StreamStat[] stat;
    private LatencyHistogram[] hist;

    /** One empty entry per priority, in the order the engine numbers them (fio's clat_prio_index). */
    public PrioStats(int[] ioprios) {
        count = ioprios.length;
        ioprio = ioprios.clone();
        stat = new StreamStat[count];
        hist = new LatencyHistogram[count];
        for (int i = 0; i < count; i++) {
            stat[i] = new StreamStat();
            hist[i] = new LatencyHistogram();
        }
    }

    public void record(int index, long ns) {
        stat[index].add(ns);
        hist[index].add(ns);
    }

    public int count() {
        return count;
    }

    public int ioprio(int i) {
        return ioprio[i];
    }

    public StreamStat stat(int i) {
        return stat[i];
    }

    public LatencyHistogram histogram(int i) {
        return hist[i];
    }

    /** fio prints the per-priority lines only when two or more priorities have samples. */
    public boolean shown() {
        int n = 0;
        for (int i = 0; i < count; i++) {
            if (stat[i].samples() > 0) {
                n++;
            }
        }
        return n >= 2;
    }

    public void clear() {
        for (int i = 0; i < count; i++) {
            stat[i].clear();
            hist[i].clear();
        }
    }

    /** A copy (the runner hands the report its own). */
    public PrioStats copy() {
        PrioStats c = new PrioStats(Arrays.copyOf(ioprio, count));
        c.ofLat = ofLat;
        for (int i = 0; i < count; i++) {
            c.stat[i].copyFrom(stat[i]);
            c.hist[i].copyFrom(hist[i]);
        }
        return c;
    }

    /** fio's clat_prio_stat_add_samples: adds samples under {@code prio}, growing the list for a new one. */
    public void add(int prio, StreamStat s, LatencyHistogram h) {
        int i = 0;
        while (i < count && ioprio[i] != prio) {
            i++;
        }
        if (i == count) {
            if (count == ioprio.length) {
                int n = count + 1;
                ioprio = Arrays.copyOf(ioprio, n);
                stat = Arrays.copyOf(stat, n);
                hist = Arrays.copyOf(hist, n);
            }
            ioprio[i] = prio;
            stat[i] = new StreamStat();
            hist[i] = new LatencyHistogram();
            count++;
        }
        stat[i].mergeLatency(s);
        hist[i].merge(h);
    }

    /** Folds in another job's entries by priority (fio's sum_clat_prio_stats). */
    public void merge(PrioStats src) {
        ofLat |= src.ofLat;
        for (int i = 0; i < src.count; i++) {
            add(src.ioprio[i], src.stat[i], src.hist[i]);
        }
    }

    /** ioprio_class, ioprio and ioprio_hint of a priority value (fio's os-linux.h macros). */
    public static int prioClass(int ioprio) {
        return ioprio >>> 13;
    }

    public static int level(int ioprio) {
        return ioprio & 7;
    }

    public static int hint(int ioprio) {
        return (ioprio >>> 3) & 1023;
    }
}
