package io.jfio.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * glibc printf conversions that java.util.Formatter gets wrong: %f rounds the exact
 * binary value half-to-even, and widths pad with spaces on the left.
 */
public final class CFormat {
    private CFormat() {
    }

    /** printf("%.{decimals}f", d). */
    public static String fixed(double d, int decimals) {
        if (Double.isNaN(d)) {
            // glibc prints the sign bit of a NaN: fio's 0/0 yields -nan on x86.
            return (Double.doubleToRawLongBits(d) < 0) ? "-nan" : "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        String s = new BigDecimal(d).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
        if (d < 0 || (d == 0 && 1 / d < 0)) {
            if (!s.startsWith("-")) {
                s = "-" + s;
            }
        }
        return s;
    }

    /** printf("%{width}.{decimals}f", d). */
    public static String fixed(double d, int width, int decimals) {
        return pad(fixed(d, decimals), width);
    }

    /** printf("%f", d): six decimals. */
    public static String f(double d) {
        return fixed(d, 6);
    }

    /** printf("%{width}llu", v). */
    public static String pad(long v, int width) {
        return pad(Long.toString(v), width);
    }

    public static String pad(String s, int width) {
        if (s.length() >= width) {
            return s;
        }
        StringBuilder b = new StringBuilder(width);
        for (int i = s.length(); i < width; i++) {
            b.append(' ');
        }
        return b.append(s).toString();
    }
}
