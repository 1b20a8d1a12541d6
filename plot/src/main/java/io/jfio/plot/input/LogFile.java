package io.jfio.plot.input;

import io.jfio.report.log.SampleLog;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A fio/jfio sample log ({@link SampleLog}) as chart series: x in seconds, y in the kind's display unit. */
public final class LogFile {
    /** The log's kind: what its values are, and in what unit they are drawn. */
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

    private static final String[] DDIR = {"read", "write", "trim"};

    private final SampleLog log;
    private final Kind kind;
    private final List<Series> series;

    private LogFile(SampleLog log) {
        this.log = log;
        this.kind = Kind.valueOf(log.kind().name());
        List<Series> out = new ArrayList<>();
        for (SampleLog.Direction d : log.directions()) {
            double[] x = new double[d.size()];
            double[] y = new double[d.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = d.timesMs()[i] / 1000.0;
                y[i] = d.values()[i] / kind.divisor;
            }
            out.add(new Series(DDIR[d.ddir()], x, y));
        }
        this.series = List.copyOf(out);
    }

    public static LogFile read(Path p) throws IOException {
        return new LogFile(SampleLog.read(p));
    }

    public Path path() {
        return log.path();
    }

    public Kind kind() {
        return kind;
    }

    /** True when the lines carry a window max after the value (log_window_value=both). */
    public boolean windowMax() {
        return log.windowMax();
    }

    /** One series per direction that has lines. */
    public List<Series> series() {
        return series;
    }

    public long lines() {
        return log.lines();
    }
}
