package io.jfio.runner.log;

/**
 * The bandwidth or IOPS samples of an averaged bw/iops log: at every multiple of the window from
 * the epoch (fio's helper thread keeps its sampling "on the log avg msec boundary"), the rate of
 * each direction since the previous sample, in KiB/s or I/Os per second (fio's __add_samples).
 */
final class RateWindow {
    private static final long SLACK_MS = 1;
    private final SampleLog log;
    private final boolean iops;
    private final long windowMs;
    private final long[] last = new long[3];
    private long lastNanos;
    private long nextMs;

    RateWindow(SampleLog log, boolean iops, long windowMs) {
        this.log = log;
        this.iops = iops;
        this.windowMs = Math.max(1, windowMs);
    }

    void restart(long epochNanos) {
        lastNanos = epochNanos;
        nextMs = windowMs;
        java.util.Arrays.fill(last, 0);
    }

    /** {@code done} is bytes (bw) or I/Os (iops) per direction so far in the measured phase. */
    void check(long elapsedMs, long nowNanos, long[] bytes, long[] ios) {
        if (elapsedMs + SLACK_MS < nextMs) {
            return;
        }
        long spent = (nowNanos - lastNanos) / 1_000_000L;
        long[] done = iops ? ios : bytes;
        for (int d = 0; d < 3; d++) {
            long delta = done[d] - last[d];
            if (delta == 0) {
                continue;
            }
            long rate = spent == 0 ? 0 : iops ? delta * 1000 / spent : delta * 1000 / spent / 1024;
            log.add(elapsedMs, d, rate, 0, 0, 0, 0);
            last[d] = done[d];
        }
        lastNanos = nowNanos;
        nextMs = ((elapsedMs + SLACK_MS) / windowMs + 1) * windowMs;
    }
}
