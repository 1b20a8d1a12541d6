package io.jfio.peak;

/**
 * t/io_uring's latency histogram (-t1, spec/engines.md 6.4): fio's log-linear buckets, 6 bits per
 * group, 29 groups. t/io_uring counts TSC cycles; the Java port counts nanoseconds from
 * System.nanoTime(), so the header is always "(nsec)" or "(usec)", never "(tsc ticks)".
 */
final class PeakLatency {
    static final int PLAT_BITS = 6;
    static final int PLAT_VAL = 1 << PLAT_BITS;
    static final int PLAT_GROUP_NR = 29;
    static final int PLAT_NR = PLAT_GROUP_NR * PLAT_VAL;
    static final double[] PERCENTILES = {1.0, 5.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0,
        95.0, 99.0, 99.5, 99.9, 99.95, 99.99};

    final long[] plat = new long[PLAT_NR];

    static int valueToIndex(long val) {
        if (val <= 0) {
            return 0;
        }
        int msb = 63 - Long.numberOfLeadingZeros(val);
        if (msb <= PLAT_BITS) {
            return (int) val;
        }
        int errorBits = msb - PLAT_BITS;
        int base = (errorBits + 1) << PLAT_BITS;
        int offset = (int) ((PLAT_VAL - 1) & (val >> errorBits));
        return Math.min(base + offset, PLAT_NR - 1);
    }

    static long indexToValue(int idx) {
        if (idx < (PLAT_VAL << 1)) {
            return idx;
        }
        int errorBits = (idx >> PLAT_BITS) - 1;
        long base = 1L << (errorBits + PLAT_BITS);
        int k = idx % PLAT_VAL;
        return base + (long) ((k + 0.5) * (1L << errorBits));
    }

    void add(long nanos, int count) {
        plat[valueToIndex(nanos)] += count;
    }

    void addAll(PeakLatency other) {
        for (int i = 0; i < PLAT_NR; i++) {
            plat[i] += other.plat[i];
        }
    }

    /** The percentile block, or null when nothing was sampled. */
    String percentiles() {
        long nr = 0;
        for (long c : plat) {
            nr += c;
        }
        int len = PERCENTILES.length;
        long[] ovals = new long[len];
        long minv = Long.MAX_VALUE;
        long maxv = 0;
        long sum = 0;
        int j = 0;
        boolean last = false;
        for (int i = 0; i < PLAT_NR && !last; i++) {
            sum += plat[i];
            while (sum >= PERCENTILES[j] / 100.0 * nr) {
                ovals[j] = indexToValue(i);
                minv = Math.min(minv, ovals[j]);
                maxv = Math.max(maxv, ovals[j]);
                last = j == len - 1;
                if (last) {
                    break;
                }
                j++;
            }
        }
        StringBuilder sb = new StringBuilder();
        int divisor = 1;
        boolean scaleDown = false;
        if (minv > 2000 && maxv > 99999) {
            scaleDown = true;
            divisor = 1000;
            sb.append("    percentiles (usec):\n     |");
        } else {
            sb.append("    percentiles (nsec):\n     |");
        }
        int precision = 4;
        int timeWidth = Math.max(5, (int) (Math.log10((double) (maxv / divisor)) + 1));
        int perLine = (80 - 7) / (precision + 10 + timeWidth);
        String fmt = " %" + (precision + 3) + "." + precision + "fth=[%" + timeWidth + "d]%c";
        for (j = 0; j < len; j++) {
            if (j != 0 && j % perLine == 0) {
                sb.append("     |");
            }
            boolean isLast = j == len - 1;
            long v = scaleDown ? (ovals[j] + 999) / 1000 : ovals[j];
            sb.append(String.format(java.util.Locale.ROOT, fmt, PERCENTILES[j], v, isLast ? '\n' : ','));
            if (isLast) {
                break;
            }
            if (j % perLine == perLine - 1) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }
}
