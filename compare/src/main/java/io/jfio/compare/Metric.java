package io.jfio.compare;

import io.jfio.report.DirectionStats;

import java.util.Locale;

/**
 * A compared quantity: one direction's bandwidth, IOPS, mean completion latency or a completion
 * latency percentile. Values are bytes/s, I/Os per second or nanoseconds.
 */
public enum Metric {
    READ_BW(DirectionStats.READ, Kind.BW, "read bw"),
    READ_IOPS(DirectionStats.READ, Kind.IOPS, "read IOPS"),
    READ_CLAT_MEAN(DirectionStats.READ, Kind.CLAT_MEAN, "read clat mean"),
    READ_CLAT_P50(DirectionStats.READ, Kind.P50, "read clat p50"),
    READ_CLAT_P99(DirectionStats.READ, Kind.P99, "read clat p99"),
    READ_CLAT_P999(DirectionStats.READ, Kind.P999, "read clat p99.9"),
    WRITE_BW(DirectionStats.WRITE, Kind.BW, "write bw"),
    WRITE_IOPS(DirectionStats.WRITE, Kind.IOPS, "write IOPS"),
    WRITE_CLAT_MEAN(DirectionStats.WRITE, Kind.CLAT_MEAN, "write clat mean"),
    WRITE_CLAT_P50(DirectionStats.WRITE, Kind.P50, "write clat p50"),
    WRITE_CLAT_P99(DirectionStats.WRITE, Kind.P99, "write clat p99"),
    WRITE_CLAT_P999(DirectionStats.WRITE, Kind.P999, "write clat p99.9");

    public enum Kind {
        BW, IOPS, CLAT_MEAN, P50, P99, P999;

        /** The percentile a percentile kind stands for, NaN otherwise. */
        public double percentile() {
            return switch (this) {
                case P50 -> 50.0;
                case P99 -> 99.0;
                case P999 -> 99.9;
                default -> Double.NaN;
            };
        }

        public boolean latency() {
            return this != BW && this != IOPS;
        }
    }

    public final int ddir;
    public final Kind kind;
    public final String label;

    Metric(int ddir, Kind kind, String label) {
        this.ddir = ddir;
        this.kind = kind;
        this.label = label;
    }

    /** JSON key, e.g. "read_clat_p99.9". */
    public String key() {
        return label.replace(' ', '_').replace("IOPS", "iops");
    }

    /** Unit the table prints the value in. */
    public String unit() {
        return switch (kind) {
            case BW -> "MiB/s";
            case IOPS -> "";
            default -> "us";
        };
    }

    /** The value in the table's unit. */
    public double display(double v) {
        return switch (kind) {
            case BW -> v / (1024.0 * 1024.0);
            case IOPS -> v;
            default -> v / 1000.0;
        };
    }

    /** The value as a table cell prints it, in the table's unit: whole IOPS, else one decimal; "-" for none. */
    public String cell(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        double d = display(v);
        return kind == Kind.IOPS ? String.format(Locale.ROOT, "%.0f", d) : String.format(Locale.ROOT, "%.1f", d);
    }
}
