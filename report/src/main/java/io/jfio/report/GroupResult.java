package io.jfio.report;

import java.util.List;

/**
 * A "Run status group" (fio's stat.c): aggregates over the reported thread_stats of one group id.
 * Computed by {@link #of}; bandwidths are bytes/s, runtimes ms.
 */
public final class GroupResult {
    public final int groupId;
    public final long[] minRun = new long[DirectionStats.COUNT];
    public final long[] maxRun = new long[DirectionStats.COUNT];
    public final long[] minBw = new long[DirectionStats.COUNT];
    public final long[] maxBw = new long[DirectionStats.COUNT];
    public final long[] ioBytes = new long[DirectionStats.COUNT];
    /** Aggregate bandwidth: sum of io bytes * 1000 / max runtime. */
    public final long[] agg = new long[DirectionStats.COUNT];
    /** Report settings of the group (from its last thread_stat, like fio). */
    public ReportOptions report = new ReportOptions();
    public int unified;

    public GroupResult(int groupId) {
        this.groupId = groupId;
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            minBw[d] = -1L;
        }
    }

    /** Aggregates the thread_stats (already folded) whose group id is {@code groupId}. */
    public static GroupResult of(int groupId, List<JobResult> threadStats) {
        GroupResult g = new GroupResult(groupId);
        for (JobResult ts : threadStats) {
            if (ts.groupId != groupId) {
                continue;
            }
            g.report = ts.report;
            g.unified |= ts.report.unified;
            for (int d = 0; d < DirectionStats.COUNT; d++) {
                DirectionStats ds = ts.report.unified == ReportOptions.UNIFIED_MIXED
                        ? (d == 0 ? ts.mixed() : null) : ts.dir(d);
                if (ds == null || ds.runtimeMs == 0) {
                    continue;
                }
                if (g.minRun[d] == 0 || ds.runtimeMs < g.minRun[d]) {
                    g.minRun[d] = ds.runtimeMs;
                }
                g.maxRun[d] = Math.max(g.maxRun[d], ds.runtimeMs);
                long bw = ds.bwBytesPerSec();
                if (Long.compareUnsigned(bw, g.minBw[d]) < 0) {
                    g.minBw[d] = bw;
                }
                g.maxBw[d] = Math.max(g.maxBw[d], bw);
                g.ioBytes[d] += ds.ioBytes;
            }
        }
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            if (g.maxRun[d] != 0) {
                g.agg[d] = g.ioBytes[d] * 1000 / g.maxRun[d];
            }
        }
        return g;
    }
}
