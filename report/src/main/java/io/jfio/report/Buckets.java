package io.jfio.report;

/**
 * fio's bucket tables for the distributions of a job report, shared by the report model and the
 * runner's per-thread counters (which fill primitive arrays with the same indexes).
 */
public final class Buckets {
    private Buckets() {
    }

    // The job thread calls these for every I/O. They count the thresholds passed instead of
    // branching: (t - 1 - v) >>> 63 is 1 exactly when v >= t (a negative long is made 0 first,
    // v & ~(v >> 63), so that t - 1 - v cannot overflow; a widened int cannot). With an if-chain
    // C2 compiled only the buckets a run had seen so far, and the first latency (or reap count)
    // in a new bucket deoptimised the job's whole inlined I/O loop, which was then compiled
    // again: four extra compiles of the loop in a 5 s io_uring QD32 run (docs/performance.md,
    // "Sixth round").

    /** fio's 2/4/10/20/50/100/250/500/750/1000 latency table (fio's stat.c): index 0..9 of one unit. */
    public static int latencyDecade(long v) {
        v &= ~(v >> 63);
        return (int) (((1 - v) >>> 63) + ((3 - v) >>> 63) + ((9 - v) >>> 63) + ((19 - v) >>> 63)
                + ((49 - v) >>> 63) + ((99 - v) >>> 63) + ((249 - v) >>> 63) + ((499 - v) >>> 63)
                + ((749 - v) >>> 63));
    }

    /** The msec latency bucket: the decade table, then 1000-1999 (10) and >= 2000 (11). */
    public static int latencyMsec(long ms) {
        ms &= ~(ms >> 63);
        return latencyDecade(ms) + (int) (((999 - ms) >>> 63) + ((1999 - ms) >>> 63));
    }

    /** fio's io_u_map bucket for the depth in flight (fio's stat.c): 1, 2, 4, 8, 16, 32, >=64. */
    public static int depth(int curDepth) {
        long d = curDepth;
        return (int) (((1 - d) >>> 63) + ((3 - d) >>> 63) + ((7 - d) >>> 63) + ((15 - d) >>> 63)
                + ((31 - d) >>> 63) + ((63 - d) >>> 63));
    }

    /** fio's submit/complete bucket for n I/Os in one call: 0, 1-4, 5-8, 9-16, 17-32, 33-64, more. */
    public static int calls(int n) {
        long c = n;
        return (int) (((0 - c) >>> 63) + ((4 - c) >>> 63) + ((8 - c) >>> 63) + ((16 - c) >>> 63)
                + ((32 - c) >>> 63) + ((64 - c) >>> 63));
    }
}
