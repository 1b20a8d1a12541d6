package io.jfio.runner.workload;

import io.jfio.jobfile.FioDebug;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * --debug=sprandom: the lines fio's sprandom.c prints, in its formats (C's %.Nf rounds the exact
 * binary value half to even, as BigDecimal does here). Only called when the type is on.
 */
final class SpRandomDebug {
    private static final FioDebug.Type T = FioDebug.Type.SPRANDOM;
    private static final String[] IEC = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

    private SpRandomDebug() {
    }

    static boolean on() {
        return FioDebug.on(T);
    }

    static void line(String s) {
        FioDebug.line(T, s);
    }

    /** C's %.Nf. */
    static String f(double v, int digits) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
        }
        return new BigDecimal(v).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** What a dprint in the middle of a line repeats: fio's "TYPE PID  " prefix. */
    private static String prefix() {
        return String.format("%-8s %-5d ", T.name().toLowerCase(), ProcessHandle.current().pid());
    }

    static void linspace(double start, double end, int num) {
        line("linespace start=" + f(start, 2) + " end=" + f(end, 2) + " num=" + num);
    }

    /** print_d_array: the header and the array are two dprints on one line. */
    static void array(String header, double[] a) {
        StringBuilder sb = new StringBuilder();
        if (header != null) {
            sb.append(header).append(": ").append(prefix());
        }
        sb.append('[');
        for (int i = 0; i < a.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(f(a[i], 2));
        }
        line(sb.append(']').toString());
    }

    /** print_d_points. */
    static void points(double[] x, double[] y) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < x.length; i++) {
            sb.append(i == 0 ? "" : ", ").append('(').append(f(x[i], 2)).append(' ').append(f(y[i], 2)).append(')');
        }
        line(sb.append(']').toString());
    }

    /** fio's bytes2str_simple: IEC units, two decimals. */
    static String bytes(long bytes) {
        double size = (double) bytes;
        int unit = 0;
        while (size >= 1024.0 && unit < IEC.length - 1) {
            size /= 1024.0;
            unit++;
        }
        return f(size, 2) + " " + IEC[unit] + "B";
    }

    static void summary(long logical, long physical, double op, long regionSize, int regions, long cache,
                        long regionWrites, long capacity) {
        line("Summary:");
        line("  logical_size:      " + logical + ": " + bytes(logical));
        line("  physical_size:     " + physical + ": " + bytes(physical));
        line("  op: " + f(op, 6));
        line("  region_size:        " + regionSize);
        line("  num_regions:        " + regions);
        line("  cache_size:         " + cache + ": " + bytes(cache));
        line("  region_write_count: " + regionWrites);
        line("  invalid_capacity:   " + capacity);
        long memory = 4L * regions + 8L * capacity;
        line("  dynamic memory:     " + memory + ": " + bytes(memory));
    }

    /** dprint_invalidation: the region, its writes, its rewrites, the share asked and the share done. */
    static void invalidation(int region, long regionWrites, long invalid, int previousPct) {
        double asked = region > 0 ? (double) previousPct / SpRandom.PCT_PRECISION : 0;
        // 0/0 (regions smaller than a block): x86's default NaN has its sign bit set, glibc prints -nan
        String done = regionWrites == 0 && invalid == 0 ? "-nan" : f((double) invalid / (double) regionWrites, 4);
        line("Invalidation[" + region + "] " + regionWrites + " " + invalid + " " + f(asked, 4) + " " + done);
    }
}
