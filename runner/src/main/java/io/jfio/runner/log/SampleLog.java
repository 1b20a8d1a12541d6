package io.jfio.runner.log;

import io.jfio.jobfile.options.LogOptions;

/**
 * One of fio's sample logs (bw, iops, lat, clat, slat) for one job: with log_avg_msec=0 every
 * sample is a row; otherwise samples are averaged per direction over windows of log_avg_msec and
 * one row per window is written, as fio's add_log_sample and __add_stat_to_log do (the row of a
 * window carries the mean rounded, the max, or both, and no bs, offset or priority).
 */
final class SampleLog {
    /** fio's LOG_MSEC_SLACK on Linux: a window within 1 ms of its end is taken as complete. */
    private static final long SLACK_MS = 1;
    private final LogStream stream;
    private final long avgMsec;
    /** lat/clat/slat: fio's inline_log, whose windows are never closed early by the slack. */
    private final boolean inline;
    private final LogOptions.Window window;
    private final long[] samples = new long[3];
    private final double[] mean = new double[3];
    private final long[] max = new long[3];
    private final long[] avgLast = new long[3];
    long timeOffsetMs;

    SampleLog(LogStream stream, long avgMsec, boolean inline, LogOptions.Window window) {
        this.stream = stream;
        this.avgMsec = avgMsec;
        this.inline = inline;
        this.window = window;
    }

    boolean perUnit() {
        return avgMsec == 0;
    }

    /** A new epoch (start of the measured phase): windows start again from 0. */
    void restart(long timeOffset) {
        timeOffsetMs = timeOffset;
        for (int d = 0; d < 3; d++) {
            samples[d] = 0;
            mean[d] = 0;
            max[d] = 0;
            avgLast[d] = 0;
        }
    }

    void add(long elapsedMs, int ddir, long value, long bs, long offset, long prio, long issueNs) {
        if (avgMsec == 0) {
            row(elapsedMs, ddir, value, 0, bs, offset, prio, issueNs);
            return;
        }
        // fio's add_stat_sample: Welford's running mean, and the max.
        long n = samples[ddir];
        double delta = value - mean[ddir];
        if (delta != 0) {
            mean[ddir] += delta / (n + 1);
        }
        if (value > max[ddir]) {
            max[ddir] = value;
        }
        samples[ddir] = n + 1;
        if (elapsedMs < avgLast[ddir]) {
            return;
        }
        long thisWindow = elapsedMs - avgLast[ddir];
        if (thisWindow < avgMsec && (inline || avgMsec - thisWindow > SLACK_MS)) {
            return;
        }
        flushWindow(ddir, elapsedMs);
        avgLast[ddir] = elapsedMs - (elapsedMs % avgMsec);
    }

    /** fio's finalize_logs: the windows still open get their row at the end of the job. */
    void finish(long elapsedMs) {
        if (avgMsec == 0) {
            return;
        }
        for (int d = 0; d < 3; d++) {
            flushWindow(d, elapsedMs);
        }
    }

    private void flushWindow(int ddir, long elapsedMs) {
        if (samples[ddir] > 0) {
            long avg = (long) (mean[ddir] + 0.50);
            long v0 = window == LogOptions.Window.MAX ? max[ddir] : avg;
            long v1 = window == LogOptions.Window.BOTH ? max[ddir] : 0;
            row(elapsedMs, ddir, v0, v1, 0, 0, 0, 0);
        }
        samples[ddir] = 0;
        mean[ddir] = 0;
        max[ddir] = 0;
    }

    private void row(long t, int ddir, long v0, long v1, long bs, long offset, long prio, long issueNs) {
        int i = stream.next();
        long[] a = stream.chunk();
        a[i + Sample.TIME] = t + timeOffsetMs;
        a[i + Sample.VAL0] = v0;
        a[i + Sample.VAL1] = v1;
        a[i + Sample.DDIR] = ddir;
        a[i + Sample.BS] = bs;
        a[i + Sample.OFFSET] = offset;
        a[i + Sample.PRIO] = prio;
        a[i + Sample.ISSUE] = issueNs;
    }

    LogStream stream() {
        return stream;
    }
}
