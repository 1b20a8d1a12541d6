package io.jfio.report;

/**
 * fio's bucket tables for the distributions of a job report, shared by the report model and the
 * runner's per-thread counters (which fill primitive arrays with the same indexes).
 */
public final class Buckets {
    private Buckets() {
    }

    // The job thread calls these for every I/O, so they look the bucket up in a table, the
    // value clamped into it without a branch (max(v, 0) is v & ~(v >> 63); min(v, n) is
    // n + (d & (d >> 63)) with d = v - n). With an if-chain C2 compiled only the buckets a run
    // had seen so far, and the first latency (or reap count) in a new bucket deoptimised the
    // job's whole inlined I/O loop, which was then compiled again: four extra compiles of the
    // loop in a 5 s io_uring QD32 run (docs/performance.md, "Sixth round").

    /** fio's 2/4/10/20/50/100/250/500/750 thresholds (stat.c), then 1000 and 2000 for msec. */
    private static final long[] THRESHOLDS = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000};
    /** Bucket of 0..2000 by the thresholds; 1000 and above are 9 for the decade table. */
    private static final byte[] MSEC = thresholdTable(2000, THRESHOLDS);
    private static final byte[] DEPTH = thresholdTable(64, new long[] {2, 4, 8, 16, 32, 64});
    private static final byte[] CALLS = thresholdTable(65, new long[] {1, 5, 9, 17, 33, 65});

    private static byte[] thresholdTable(int max, long[] thresholds) {
        byte[] t = new byte[max + 1];
        for (int v = 0; v <= max; v++) {
            int i = 0;
            while (i < thresholds.length && v >= thresholds[i]) {
                i++;
            }
            t[v] = (byte) i;
        }
        return t;
    }

    /** v clamped to 0..max, without a branch. */
    private static int clamp(long v, int max) {
        v &= ~(v >> 63);
        long d = v - max;
        return (int) (max + (d & (d >> 63)));
    }

    /** fio's 2/4/10/20/50/100/250/500/750/1000 latency table (fio's stat.c): index 0..9 of one unit. */
    public static int latencyDecade(long v) {
        return MSEC[clamp(v, 999)];
    }

    /** The msec latency bucket: the decade table, then 1000-1999 (10) and >= 2000 (11). */
    public static int latencyMsec(long ms) {
        return MSEC[clamp(ms, 2000)];
    }

    /** fio's io_u_map bucket for the depth in flight (fio's stat.c): 1, 2, 4, 8, 16, 32, >=64. */
    public static int depth(int curDepth) {
        return DEPTH[clamp(curDepth, 64)];
    }

    /** fio's submit/complete bucket for n I/Os in one call: 0, 1-4, 5-8, 9-16, 17-32, 33-64, more. */
    public static int calls(int n) {
        return CALLS[clamp(n, 65)];
    }
}
