package io.jfio.runner;

import io.jfio.jobfile.FioDebug;
import io.jfio.runner.job.Job;
import io.jfio.runner.job.RunState;

import java.util.List;

/**
 * fio's {@code --debug=helperthread} lines (helper_thread.c) for jfio's run loop, which does
 * what fio's helper thread does (disk statistics every 250 ms, the status line, the steady-state
 * and ramp checks): {@code clk_tck = 100} as the helper starts (USER_HZ, 100 on Linux), and at
 * each disk-statistics tick {@code next_log: N, msec_to_next_event: M}, N the milliseconds to the
 * next bw/iops sample of the jobs (fio's calc_log_samples: the shorter of bw_avg_time and
 * iops_avg_time for a job not yet measuring), M the wait to the next event (the next tick at
 * most 250 ms away).
 */
final class HelperThreadDebug {
    private static final long DISK_UTIL_MSEC = 250;

    private HelperThreadDebug() {
    }

    /** The helper's first line, printed before fio's "Starting" line; empty with the type off. */
    static String started() {
        return FioDebug.on(FioDebug.Type.HELPERTHREAD) ? FioDebug.text(FioDebug.Type.HELPERTHREAD, "clk_tck = 100") : "";
    }

    /** One tick's line, after the tick's disk statistics. */
    static void tick(List<Job> jobs) {
        if (!FioDebug.on(FioDebug.Type.HELPERTHREAD)) {
            return;
        }
        long now = System.nanoTime();
        long next = 0xffffffffL;
        for (Job j : jobs) {
            if (!j.options().stat().stats()) {
                continue;
            }
            RunState s = j.state().runState();
            boolean logging = s == RunState.RUNNING || s == RunState.VERIFYING || s == RunState.FINISHING
                    || s == RunState.EXITED;
            if (!logging) {
                next = Math.min(j.options().stat().iopsAvgTimeMs(), j.options().stat().bwAvgTimeMs());
                continue;
            }
            next = Math.min(next, Math.max(0, (j.stats().nextSampleNanos() - now) / 1_000_000L));
        }
        long nextLog = next == 0 ? DISK_UTIL_MSEC : next;
        FioDebug.line(FioDebug.Type.HELPERTHREAD, "next_log: " + nextLog + ", msec_to_next_event: "
                + Math.min(nextLog, DISK_UTIL_MSEC));
    }
}
