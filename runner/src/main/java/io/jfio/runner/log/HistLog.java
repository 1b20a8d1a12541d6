package io.jfio.runner.log;

import io.jfio.report.LatencyHistogram;

/**
 * fio's clat histogram log (write_hist_log with log_hist_msec): every log_hist_msec, per
 * direction, the completion-latency histogram buckets filled since the direction's previous row,
 * 2^log_hist_coarseness fio buckets summed per column (fio's add_clat_sample, flush_hist_samples).
 */
final class HistLog {
    private final LogStream stream;
    private final long histMsec;
    private final int stride;
    private final long[][] prev = new long[3][LatencyHistogram.PLAT_NR];
    private final long[] histLast = new long[3];
    long timeOffsetMs;

    HistLog(LogStream stream, long histMsec, int coarseness) {
        this.stream = stream;
        this.histMsec = histMsec;
        this.stride = 1 << coarseness;
    }

    /** Columns after time, ddir, bs. */
    static int columns(int coarseness) {
        return LatencyHistogram.PLAT_NR / (1 << coarseness);
    }

    void restart(long timeOffset) {
        timeOffsetMs = timeOffset;
        for (int d = 0; d < 3; d++) {
            java.util.Arrays.fill(prev[d], 0);
            histLast[d] = 0;
        }
    }

    /** After a completion was added to {@code hist}. */
    void completion(long elapsedMs, int ddir, long bs, LatencyHistogram hist) {
        if (histMsec <= 0) {
            return;
        }
        if (histLast[ddir] == 0) {
            histLast[ddir] = elapsedMs;
        }
        long thisWindow = elapsedMs - histLast[ddir];
        if (thisWindow < histMsec) {
            return;
        }
        int i = stream.next();
        long[] a = stream.chunk();
        a[i + HistSink.TIME] = elapsedMs + timeOffsetMs;
        a[i + HistSink.DDIR] = ddir;
        a[i + HistSink.BS] = bs;
        long[] p = prev[ddir];
        int col = i + HistSink.BUCKETS;
        for (int j = 0; j < LatencyHistogram.PLAT_NR; j += stride) {
            long sum = 0;
            for (int k = 0; k < stride; k++) {
                long v = hist.bucket(j + k);
                sum += v - p[j + k];
                p[j + k] = v;
            }
            a[col++] = sum;
        }
        histLast[ddir] = elapsedMs - (thisWindow - histMsec);
    }

    LogStream stream() {
        return stream;
    }
}
