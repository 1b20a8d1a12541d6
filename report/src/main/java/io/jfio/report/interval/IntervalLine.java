package io.jfio.report.interval;

import io.jfio.report.CFormat;
import io.jfio.report.LatencyHistogram;

/**
 * One line of jfio's per-interval NDJSON output (schema {@value #SCHEMA}, docs/ndjson.md): an
 * interval's own counters (type "interval") or the whole run's (type "total"), for one job or one
 * reporting group. Percentiles come from the interval's histogram (the difference of two
 * cumulative ones), with fio's percentile rule; the sparse bins are printed as json+ prints them
 * (bucket value: count) so a reader can recompute or merge them.
 */
public final class IntervalLine {
    public static final String SCHEMA = "jfio-interval/1";
    private static final String[] DIR_KEYS = {"read", "write", "trim"};

    private IntervalLine() {
    }

    /**
     * @param total       true for the whole-run line (rates over each direction's runtime, as fio's
     *                    report), false for an interval (rates over the interval's wall time)
     * @param percentiles ascending percentile list (fio's percentile_list)
     */
    public static String format(boolean total, int seq, String jobName, int groupId, long startMs, long endMs,
                                long timestampMs, IntervalCounters c, double[] percentiles) {
        StringBuilder b = new StringBuilder(512);
        b.append("{\"schema\":\"").append(SCHEMA).append("\",\"type\":\"").append(total ? "total" : "interval")
                .append("\",\"seq\":").append(seq)
                .append(",\"jobname\":");
        string(b, jobName);
        b.append(",\"groupid\":").append(groupId)
                .append(",\"jobs\":").append(c.jobs)
                .append(",\"start_ms\":").append(startMs)
                .append(",\"end_ms\":").append(endMs)
                .append(",\"timestamp_ms\":").append(timestampMs);
        for (int d = 0; d < IntervalCounters.DIRS; d++) {
            long divMs = total ? (c.runtimeUs[d] + 999) / 1000 : endMs - startMs;
            long ios = total ? c.totalIos[d] : c.completedIos[d];
            b.append(",\"").append(DIR_KEYS[d]).append("\":{\"io_bytes\":").append(c.ioBytes[d])
                    .append(",\"total_ios\":").append(c.totalIos[d])
                    .append(",\"completed_ios\":").append(c.completedIos[d]);
            if (total) {
                b.append(",\"runtime_ms\":").append(divMs);
            }
            long bwBytes = divMs > 0 ? c.ioBytes[d] * 1000 / divMs : 0;
            b.append(",\"bw_bytes\":").append(bwBytes)
                    .append(",\"bw\":").append(bwBytes / 1024)
                    .append(",\"iops\":").append(CFormat.f(divMs > 0 ? ios * 1000.0 / divMs : 0));
            for (int k = 0; k < 3; k++) {
                b.append(",\"").append(IntervalCounters.LAT_KEYS[k]).append("\":");
                latency(b, c.hist[k][d], c.latSum[k][d], c.latSamples[k][d], percentiles);
            }
            b.append('}');
        }
        return b.append('}').toString();
    }

    private static void latency(StringBuilder b, LatencyHistogram h, double sum, long samples, double[] list) {
        long n = h.count();
        b.append("{\"N\":").append(n);
        if (samples > 0) {
            b.append(",\"mean\":").append(CFormat.f(sum / samples));
        }
        if (n > 0 && list.length > 0) {
            long[] v = h.percentiles(list, n);
            b.append(",\"percentile\":{");
            for (int i = 0; i < list.length; i++) {
                b.append(i == 0 ? "\"" : ",\"").append(CFormat.f(list[i])).append("\":").append(v[i]);
            }
            b.append('}');
        }
        if (n > 0) {
            b.append(",\"bins\":{");
            boolean first = true;
            for (int i = 0; i < LatencyHistogram.PLAT_NR; i++) {
                long count = h.bucket(i);
                if (count != 0) {
                    b.append(first ? "\"" : ",\"").append(LatencyHistogram.valueOf(i)).append("\":").append(count);
                    first = false;
                }
            }
            b.append('}');
        }
        b.append('}');
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '"' || ch == '\\') {
                b.append('\\').append(ch);
            } else if (ch < 0x20) {
                b.append(String.format("\\u%04x", (int) ch));
            } else {
                b.append(ch);
            }
        }
        b.append('"');
    }
}
