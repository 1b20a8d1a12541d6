package io.jfio.plot.input;

import io.jfio.report.LatencyHistogram;
import io.jfio.report.log.LogLines;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * fio's histogram log ({@code write_hist_log} with {@code log_hist_msec}, {@code NAME_clat_hist.N.log}),
 * as fio's iolog.c flush_hist_samples writes it and jfio writes the same: per line
 * {@code time, ddir, bs, } then the completion-latency histogram of the window since the
 * direction's previous line, 1856 / 2^{@code log_hist_coarseness} columns, each the sum of
 * 2^coarseness consecutive fio buckets. The coarseness is read back from the column count, as
 * fio's tools/hist/fiologparser_hist.py does.
 */
public final class HistLogFile {
    /** One line: the window's end in ms, its direction (0 read, 1 write, 2 trim), bs and the columns. */
    public record Row(long timeMs, int ddir, long bs, long[] bins) {
        public long samples() {
            long s = 0;
            for (long b : bins) {
                s += b;
            }
            return s;
        }
    }

    /** fio writes only clat histograms; lat/slat names are accepted should a tool write them. */
    private static final Pattern NAME = Pattern.compile("(?:^|[_-])(clat|lat|slat)_hist(?:\\.\\d+)?\\.log$");
    private static final int NON_HIST_COLUMNS = 3;

    private final Path path;
    private final String latName;
    private final int coarseness;
    private final List<Row> rows;

    private HistLogFile(Path path, String latName, int coarseness, List<Row> rows) {
        this.path = path;
        this.latName = latName;
        this.coarseness = coarseness;
        this.rows = rows;
    }

    public Path path() {
        return path;
    }

    /** "clat" (fio's only histogram log), or what the file name says. */
    public String latName() {
        return latName;
    }

    public int coarseness() {
        return coarseness;
    }

    /** The columns per line after time, ddir and bs. */
    public int columns() {
        return LatencyHistogram.PLAT_NR >> coarseness;
    }

    /** The lines in file order. */
    public List<Row> rows() {
        return rows;
    }

    /** The directions that have lines, ascending. */
    public int[] directions() {
        return rows.stream().mapToInt(Row::ddir).distinct().sorted().toArray();
    }

    /** True when the file name is a histogram log's ({@code _clat_hist.N.log}). */
    public static boolean isHistLogName(Path p) {
        return NAME.matcher(p.getFileName().toString()).find();
    }

    /**
     * True when the line has time, ddir, bs and a number of histogram columns that is 1856
     * divided by a power of two up to 2^6 (fio's log_hist_coarseness range).
     */
    public static boolean looksLikeHistLine(String line) {
        String[] f = line.split(",");
        if (coarsenessOf(f.length - NON_HIST_COLUMNS) < 0) {
            return false;
        }
        for (int i = 0; i < NON_HIST_COLUMNS + 1; i++) {
            if (!f[i].trim().matches("\\d+")) {
                return false;
            }
        }
        return true;
    }

    /** The coarseness that gives that many columns, or -1. */
    static int coarsenessOf(int columns) {
        for (int c = 0; c <= 6; c++) {
            if (LatencyHistogram.PLAT_NR >> c == columns) {
                return c;
            }
        }
        return -1;
    }

    public static HistLogFile read(Path p) throws IOException {
        var m = NAME.matcher(p.getFileName().toString());
        String lat = m.find() ? m.group(1) : "clat";
        int[] coarseness = {-1};
        List<Row> rows = LogLines.read(p, (f, line, where) -> {
            int c = coarsenessOf(f.length - NON_HIST_COLUMNS);
            if (c < 0 || (coarseness[0] >= 0 && c != coarseness[0])) {
                throw new IOException(where + ": " + f.length + " columns: not a fio histogram log line"
                        + " (time, ddir, bs, then 1856 / 2^log_hist_coarseness bins)");
            }
            coarseness[0] = c;
            long[] v = new long[f.length];
            try {
                for (int i = 0; i < f.length; i++) {
                    v[i] = Long.parseLong(f[i].trim());
                }
            } catch (NumberFormatException e) {
                throw new IOException(where + ": not a fio histogram log line: " + e.getMessage());
            }
            if (v[1] < 0 || v[1] > 2) {
                throw new IOException(where + ": ddir " + v[1] + " (0 read, 1 write, 2 trim)");
            }
            return new Row(v[0], (int) v[1], v[2], Arrays.copyOfRange(v, NON_HIST_COLUMNS, v.length));
        });
        return new HistLogFile(p, lat, Math.max(coarseness[0], 0), List.copyOf(rows));
    }

    /**
     * The interval the lines were logged at (log_hist_msec), as far as the times tell: the
     * lower quartile of the gaps between one direction's consecutive lines (a line starts on
     * the first completion after its window, so gaps jitter a few ms around the interval, or
     * above it, and a loaded machine or a stalled device makes many long ones), snapped to the
     * nearest of 1, 2, 2.5 or 5 times a power of ten when within 10 % of it, else whole ms.
     * 1000 (fiologparser_hist.py's default) when no direction has two lines.
     */
    public long inferredIntervalMs() {
        List<Long> gaps = new ArrayList<>();
        for (int d : directions()) {
            long prev = -1;
            for (Row r : rows) {
                if (r.ddir() != d) {
                    continue;
                }
                if (prev >= 0 && r.timeMs() > prev) {
                    gaps.add(r.timeMs() - prev);
                }
                prev = r.timeMs();
            }
        }
        if (gaps.isEmpty()) {
            return 1000;
        }
        gaps.sort(null);
        long med = gaps.get(gaps.size() / 4);
        long best = med;
        long bestDiff = Long.MAX_VALUE;
        for (long decade = 1; decade <= 1_000_000_000L; decade *= 10) {
            for (long nice : new long[] {decade, 2 * decade, 5 * decade, decade * 5 / 2}) {
                long diff = Math.abs(nice - med);
                if (nice > 0 && diff <= nice * 0.1 && diff < bestDiff) {
                    best = nice;
                    bestDiff = diff;
                }
            }
        }
        return best;
    }
}
