package io.jfio.report;

/** fio's compact number formatter (fio's lib/num2str.c): "230k", "897MiB/s", "4488MiB", "100.0k". */
public final class Num2Str {
    public static final int NONE = 0;
    public static final int PERSEC = 1;
    public static final int BYTE = 2;
    public static final int BIT = 3;
    public static final int BYTEPERSEC = 4;
    public static final int BITPERSEC = 5;

    private static final String[] SUFFIX = {"", "/s", "B", "bit", "B/s", "bit/s"};
    private static final String[] SI = {"", "k", "M", "G", "T", "P", "E"};
    private static final String[] IEC = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

    private Num2Str() {
    }

    /**
     * @param num unsigned value
     * @param maxlen significant digits (sig_figs; 6 for latency min/max)
     * @param base 1, or 1024 for values already in KiB (status line)
     * @param pow2 1024-based prefixes when true, SI otherwise
     * @param unit one of {@link #NONE} .. {@link #BITPERSEC}
     */
    public static String format(long num, int maxlen, int base, boolean pow2, int unit) {
        long thousand = pow2 ? 1024 : 1000;
        String[] prefixes = pow2 ? IEC : SI;
        int post = 0;
        while (base > 1) {
            base /= thousand;
            post++;
        }
        if (unit == BIT || unit == BITPERSEC) {
            num *= 8;
        }
        long modulo = -1;
        boolean carry = false;
        while (post < SI.length && digits(num) > maxlen) {
            modulo = Long.remainderUnsigned(num, thousand);
            num = Long.divideUnsigned(num, thousand);
            carry = modulo >= thousand / 2;
            post++;
        }
        if (post >= SI.length) {
            post = 0;
        }
        String suffix = SUFFIX[unit];
        if (modulo == -1) {
            return Long.toUnsignedString(num) + prefixes[post] + suffix;
        }
        int room = maxlen - digits(num);
        if (room <= 1) {
            if (carry) {
                num++;
            }
            return Long.toUnsignedString(num) + prefixes[post] + suffix;
        }
        String frac = CFormat.fixed((double) modulo / (double) thousand, room - 1);
        if (frac.charAt(0) == '1') {
            num++;
        }
        return Long.toUnsignedString(num) + "." + frac.substring(2) + prefixes[post] + suffix;
    }

    static int digits(long num) {
        return Long.toUnsignedString(num).length();
    }
}
