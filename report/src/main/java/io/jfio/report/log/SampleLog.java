package io.jfio.report.log;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fio (or jfio) sample log read back: {@code write_bw_log}, {@code write_iops_log},
 * {@code write_lat_log} (lat, clat, slat) and fio's {@code --bandwidth-log} files. A line is, as
 * fio's iolog.c writes it, {@code time, value[, max], ddir, bs[, offset], prio[, issue_time]}:
 * time in ms, the value in the log's unit (KiB/s, I/Os per second, ns), the max only with
 * {@code log_window_value=both}. Which log it is comes from the file name fio gives it
 * ({@code NAME_bw.N.log}, ...).
 */
public final class SampleLog {
    /** The log's kind: what its values are. */
    public enum Kind { BW, IOPS, LAT, CLAT, SLAT }

    /** One direction's lines: times in ms and values as logged. */
    public record Direction(int ddir, long[] timesMs, long[] values) {
        public int size() {
            return values.length;
        }
    }

    private static final Pattern NAME = Pattern.compile("(?:^|[_-])(bw|iops|lat|clat|slat)(?:\\.\\d+)?\\.log$");

    private final Path path;
    private final Kind kind;
    private final boolean windowMax;
    private final boolean averaged;
    private final List<Direction> directions;
    private final long lines;

    private SampleLog(Path path, Kind kind, boolean windowMax, boolean averaged, List<Direction> directions,
                      long lines) {
        this.path = path;
        this.kind = kind;
        this.windowMax = windowMax;
        this.averaged = averaged;
        this.directions = directions;
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

    /**
     * True when every line has bs 0: fio's averaged lines (log_avg_msec); per-I/O lines carry the
     * I/O's size.
     */
    public boolean averaged() {
        return averaged;
    }

    /** The directions that have lines, read before write before trim. */
    public List<Direction> directions() {
        return directions;
    }

    public long lines() {
        return lines;
    }

    /** The kind fio's file name says, or null when the name is not a sample log's. */
    public static Kind kindOf(Path p) {
        Matcher m = NAME.matcher(p.getFileName().toString());
        return m.find() ? Kind.valueOf(m.group(1).toUpperCase(Locale.ROOT)) : null;
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

    public static SampleLog read(Path p) throws IOException {
        Kind kind = kindOf(p);
        if (kind == null) {
            throw new IOException(p + ": not a fio sample log name (NAME_bw|iops|lat|clat|slat[.N].log)");
        }
        List<long[]> rows = LogLines.read(p, (f, line, where) -> {
            if (f.length < 5) {
                throw new IOException(where + ": not a fio log line (time, value, ddir, bs, prio): " + line);
            }
            long[] v = new long[5];
            try {
                for (int i = 0; i < 5; i++) {
                    String t = f[i].trim();
                    v[i] = t.startsWith("0x") ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t);
                }
            } catch (NumberFormatException e) {
                throw new IOException(where + ": not a fio log line: " + line);
            }
            return v;
        });
        boolean max = windowMaxColumns(rows);
        boolean averaged = !rows.isEmpty();
        List<List<long[]>> byDir = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (long[] v : rows) {
            int ddir = (int) (max ? v[3] : v[2]);
            if (ddir < 0 || ddir > 2) {
                throw new IOException(p + ": ddir " + ddir + " in a log line (0 read, 1 write, 2 trim)");
            }
            averaged &= (max ? v[4] : v[3]) == 0;
            byDir.get(ddir).add(v);
        }
        List<Direction> out = new ArrayList<>();
        for (int d = 0; d < 3; d++) {
            List<long[]> l = byDir.get(d);
            if (l.isEmpty()) {
                continue;
            }
            long[] t = new long[l.size()];
            long[] y = new long[l.size()];
            for (int i = 0; i < t.length; i++) {
                t[i] = l.get(i)[0];
                y[i] = l.get(i)[1];
            }
            out.add(new Direction(d, t, y));
        }
        return new SampleLog(p, kind, max, averaged, List.copyOf(out), rows.size());
    }

    /**
     * fio writes the window max as the third column only with log_window_value=both; then the
     * fourth column is the ddir. A sixth column can also be log_offset's offset, so the max layout
     * is taken only when every line has a ddir-like fourth column and a third column at least the
     * value (a window's max is never below its mean), and not every line could be read both ways.
     */
    private static boolean windowMaxColumns(List<long[]> rows) {
        if (rows.isEmpty()) {
            return false;
        }
        boolean maxLayout = true;
        boolean ambiguous = true;
        for (long[] v : rows) {
            maxLayout &= v[3] >= 0 && v[3] <= 2 && v[2] >= v[1];
            ambiguous &= v[2] >= 0 && v[2] <= 2 && v[1] == v[2];
        }
        return maxLayout && !ambiguous;
    }
}
