package io.jfio.runner.job;

import io.jfio.jobfile.options.LatencyTargetOptions;

/**
 * fio's latency-target queue-depth search (latency_target, latency_window, latency_percentile,
 * latency_run; fio's io_u.c lat_target_*): the job starts at depth 1 and, each window in which
 * enough I/Os met the target, doubles the depth (or bisects towards the last depth that failed);
 * a miss halves it back. When the depth stops moving the job quiesces, restarts its statistics,
 * runs one more window at that depth and ends, unless latency_run keeps it searching. At depth 1
 * a miss with latency_percentile=100 is fatal, as fio's max_latency is.
 */
final class LatencyTarget {
    /**
     * What the I/O loop must do after a {@link #check}: QUIESCE (the depth dropped) and FINAL_RUN
     * (restart the statistics) complete what is in flight and then start a {@link #newCycle}.
     */
    enum Action { NONE, QUIESCE, FINAL_RUN, DONE }

    private final long targetNanos;
    private final long windowNanos;
    private final double percentile;
    private final boolean keepRunning;
    private final int iodepth;
    private int qd;
    private int qdHigh;
    private int qdLow;
    private int stableCount;
    private long failed;
    private long cycleStartNanos;
    private long cycleIos;
    private boolean endRun;
    private volatile int reportedDepth;

    LatencyTarget(LatencyTargetOptions o, int iodepth) {
        this.targetNanos = o.targetUs() * 1000L;
        this.windowNanos = o.windowUs() * 1000L;
        this.percentile = o.percentile();
        this.keepRunning = o.run();
        this.iodepth = iodepth;
        this.qd = iodepth;
        this.reportedDepth = iodepth;
    }

    long targetNanos() {
        return targetNanos;
    }

    /** The depth the loop may fill to now (fio's latency_qd). */
    int depth() {
        return qd;
    }

    /** The depth reached, for the report's latency line (latency_depth). */
    int reportedDepth() {
        return reportedDepth;
    }

    /** fio's lat_target_init (and lat_target_reset when the stats restart outside the final run). */
    void init(long now, long ios) {
        if (endRun) {
            return;
        }
        io.jfio.runner.workload.RateDebug.latencyTarget(targetNanos);
        qd = 1;
        qdHigh = iodepth;
        qdLow = 1;
        cycleStartNanos = now;
        cycleIos = ios;
        reportedDepth = qd;
    }

    /** A new measuring cycle after a depth change (fio's lat_new_cycle). */
    void newCycle(long now, long ios) {
        cycleStartNanos = now;
        cycleIos = ios;
        failed = 0;
    }

    /**
     * One I/O over the target. True when it is fatal (depth 1, percentile 100); otherwise the
     * depth may have dropped, which {@link #pendingQuiesce} then says.
     */
    boolean missed() {
        if (percentile == 100.0) {
            if (qd == 1) {
                return true;
            }
            rampDown();
            quiesceDue = true;
            return false;
        }
        failed++;
        return false;
    }

    private boolean quiesceDue;

    /** A miss lowered the depth: the loop completes what is in flight, then starts a new cycle. */
    boolean pendingQuiesce() {
        boolean q = quiesceDue;
        quiesceDue = false;
        return q;
    }

    private void rampDown() {
        qdHigh = qd;
        if (qd == qdLow) {
            qdLow--;
        }
        qd = (qd + qdLow) / 2;
        stableCount = 0;
        reportedDepth = qd;
        if (io.jfio.runner.workload.RateDebug.on()) {
            io.jfio.runner.workload.RateDebug.line("Ramped down: " + qdLow + " " + qd + " " + qdHigh);
        }
    }

    /** fio's lat_target_check, once per loop round: judges the window when it is over. */
    Action check(long now, long ios) {
        if ((now - cycleStartNanos) / 1000L < windowNanos / 1000L) {
            return Action.NONE;
        }
        long n = ios - cycleIos;
        double success = (double) (n - failed) / (double) n * 100.0;
        if (io.jfio.runner.workload.RateDebug.on()) {
            // C's printf of 0/0 on x86 (a negative NaN)
            io.jfio.runner.workload.RateDebug.line("Success rate: " + (Double.isNaN(success) ? "-nan"
                    : String.format("%.2f", success)) + "% (target " + String.format("%.2f", percentile) + "%)");
        }
        if (success >= percentile) {
            Action a = success();
            if (a == Action.NONE) {
                newCycle(now, ios);
            }
            return a;
        }
        // no I/O in the window counts as a miss (fio's 0/0); at depth 1 there is nothing to lower
        if (qd == 1) {
            return Action.NONE;
        }
        rampDown();
        return Action.QUIESCE;
    }

    private Action success() {
        int before = qd;
        qdLow = qd;
        if (qd + 1 == qdHigh && ++stableCount >= 3) {
            // the bisection is stuck one below the failing depth: let it try that one again
            qdHigh++;
            stableCount = 0;
        }
        qd = qdHigh != iodepth ? (qd + qdHigh) / 2 : qd * 2;
        if (qd > iodepth) {
            qd = iodepth;
        }
        reportedDepth = qd;
        boolean debug = io.jfio.runner.workload.RateDebug.on();
        if (debug) {
            io.jfio.runner.workload.RateDebug.line("Ramped up: " + qdLow + " " + qd + " " + qdHigh);
        }
        if (!keepRunning && qd == before) {
            if (endRun) {
                if (debug) {
                    io.jfio.runner.workload.RateDebug.line("We are done");
                }
                return Action.DONE;
            }
            if (debug) {
                io.jfio.runner.workload.RateDebug.line("Quiesce and final run");
            }
            endRun = true;
            return Action.FINAL_RUN;
        }
        return Action.NONE;
    }
}
