package io.jfio.plot.input;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fio (or jfio) sample log: {@code write_bw_log}, {@code write_iops_log}, {@code write_lat_log}
 * (lat, clat, slat) and fio's {@code --bandwidth-log} files. A line is, as fio's iolog.c writes it,
 * {@code time, value[, max], ddir, bs[, offset], prio[, issue_time]}: time in ms, the value in the
 * log's unit (KiB/s, I/Os per second, ns), the max only with {@code log_window_value=both}.
 * Which log it is comes from the file name fio gives it ({@code NAME_bw.N.log}, ...).
 */
public final class LogFile {
    /** The log's kind: what its values are. */
    public enum Kind {
        BW("bandwidth", "KiB/s", 1), IOPS("IOPS", "I/Os per second", 1), LAT("lat", "µs", 1000),
        CLAT("clat", "µs", 1000), SLAT("slat", "µs", 1000);

        public final String label;
        public final String unit;
        /** The logged value divided by this is in {@link #unit}. */
        public final double divisor;

        Kind(String label, String unit, double divisor) {
            this.label = label;
            this.unit = unit;
            this.divisor = divisor;
        }
    }

    private static final Pattern NAME = Pattern.compile("(?:^|[_-])(bw|iops|lat|clat|slat)(?:\\.\\d+)?\\.log$");
    private static final String[] DDIR = {"read", "write", "trim"};

    private final Path path;
    private final Kind kind;
    private final boolean windowMax;
    private final List<Series> series;
    private final long lines;

    private LogFile(Path path, Kind kind, boolean windowMax, List<Series> series, long lines) {
        this.path = path;
        this.kind = kind;
        this.windowMax = windowMax;
        this.series = series;
        this.lines = lines;
    }

    public Path path() {
        return path;
    }

    public Kind kind() {
        return kind;
    }

    /** True when the lines carry a window max after the value (log_window_value=both). */
    public boolean windowMax() {
        return windowMax;
    }

    /** One series per direction that has lines: x in seconds, y in the kind's unit. */
    public List<Series> series() {
        return series;
    }

    public long lines() {
        return lines;
    }

    /** The kind fio's file name says, or null when the name is not a sample log's. */
    public static Kind kindOf(Path p) {
        Matcher m = NAME.matcher(p.getFileName().toString());
        if (!m.find()) {
            return null;
        }
        return Kind.valueOf(m.group(1).toUpperCase(java.util.Locale.ROOT));
    }

    /** True when the line reads as a sample log line (at least 4 comma-separated integers). */
    public static boolean looksLikeLogLine(String line) {
        String[] f = line.split(",");
        if (f.length < 4) {
            return false;
        }
        for (int i = 0; i < 4; i++) {
            if (!f[i].trim().matches("-?\\d+")) {
                return false;
            }
        }
        return true;
    }

    public static LogFile read(Path p) throws IOException {
        Kind kind = kindOf(p);
        if (kind == null) {
            throw new IOException(p + ": not a fio sample log name (NAME_bw|iops|lat|clat|slat[.N].log)");
        }
        List<long[]> rows = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            String line;
            int no = 0;
            while ((line = r.readLine()) != null) {
                no++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",");
                if (f.length < 5) {
                    throw new IOException(p + ":" + no + ": not a fio log line (time, value, ddir, bs, prio): " + line);
                }
                long[] v = new long[4];
                try {
                    for (int i = 0; i < 4; i++) {
                        v[i] = Long.parseLong(f[i].trim());
                    }
                } catch (NumberFormatException e) {
                    throw new IOException(p + ":" + no + ": not a fio log line: " + line);
                }
                rows.add(v);
            }
        }
        boolean max = windowMaxColumns(rows);
        List<List<long[]>> byDir = new ArrayList<>(List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>()));
        for (long[] v : rows) {
            int ddir = (int) (max ? v[3] : v[2]);
            if (ddir < 0 || ddir > 2) {
                throw new IOException(p + ": ddir " + ddir + " in a log line (0 read, 1 write, 2 trim)");
            }
            byDir.get(ddir).add(v);
        }
        List<Series> out = new ArrayList<>();
        for (int d = 0; d < 3; d++) {
            List<long[]> l = byDir.get(d);
            if (l.isEmpty()) {
                continue;
            }
            double[] x = new double[l.size()];
            double[] y = new double[l.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = l.get(i)[0] / 1000.0;
                y[i] = l.get(i)[1] / kind.divisor;
            }
            out.add(new Series(DDIR[d], x, y));
        }
        return new LogFile(p, kind, max, List.copyOf(out), rows.size());
    }

    /**
     * fio writes the window max as the third column only with log_window_value=both; then the
     * fourth column is the ddir. A sixth column can also be log_offset's offset, so the max layout
     * is taken only when every line has a ddir-like fourth column and a third column at least the
     * value (a window's max is never below its mean); otherwise the third column is the ddir.
     */
    private static boolean windowMaxColumns(List<long[]> rows) {
        if (rows.isEmpty()) {
            return false;
        }
        boolean ddirInThird = true;
        boolean maxLayout = true;
        for (long[] v : rows) {
            ddirInThird &= v[2] >= 0 && v[2] <= 2;
            maxLayout &= v[3] >= 0 && v[3] <= 2 && v[2] >= v[1];
        }
        return maxLayout && !(ddirInThird && rows.stream().allMatch(v -> v[1] >= v[2]));
    }
}
