package io.jfio.report;

/**
 * fio's bucket tables for the distributions of a job report, shared by the report model and the
 * runner's per-thread counters (which fill primitive arrays with the same indexes).
 */
public final class Buckets {
    private Buckets() {
    }

    /**
     * fio's 2/4/10/20/50/100/250/500/750/1000 latency table (fio's stat.c): index 0..9 of one unit.
     * Without branches (each term is 1 once v reaches its bound): a chain of ifs compiled on the
     * JIT warm-up's latencies trapped, and threw the job loop's compiled code away, at the first
     * latency in a decade the warm-up never reached.
     */
    public static int latencyDecade(long v) {
        return (int) (((1 - v) >>> 63) + ((3 - v) >>> 63) + ((9 - v) >>> 63) + ((19 - v) >>> 63)
                + ((49 - v) >>> 63) + ((99 - v) >>> 63) + ((249 - v) >>> 63) + ((499 - v) >>> 63)
                + ((749 - v) >>> 63));
    }

    /** The msec latency bucket: the decade table, then 1000-1999 (10) and >= 2000 (11). */
    public static int latencyMsec(long ms) {
        return ms >= 2000 ? 11 : ms >= 1000 ? 10 : latencyDecade(ms);
    }

    /** fio's io_u_map bucket for the depth in flight (fio's stat.c): 1, 2, 4, 8, 16, 32, >=64. */
    public static int depth(int curDepth) {
        if (curDepth >= 64) {
            return 6;
        } else if (curDepth >= 32) {
            return 5;
        } else if (curDepth >= 16) {
            return 4;
        } else if (curDepth >= 8) {
            return 3;
        } else if (curDepth >= 4) {
            return 2;
        } else if (curDepth >= 2) {
            return 1;
        }
        return 0;
    }

    /** fio's submit/complete bucket for n I/Os in one call: 0, 1-4, 5-8, 9-16, 17-32, 33-64, more. */
    public static int calls(int n) {
        if (n <= 0) {
            return 0;
        } else if (n <= 4) {
            return 1;
        } else if (n <= 8) {
            return 2;
        } else if (n <= 16) {
            return 3;
        } else if (n <= 32) {
            return 4;
        } else if (n <= 64) {
            return 5;
        }
        return 6;
    }
}
