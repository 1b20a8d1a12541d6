package io.jfio.jobfile;

import java.util.Locale;

/**
 * fio's number reading (parse.c str_to_decimal and friends): C strtoll with
 * base 16 whenever "0x" appears anywhere, a unit suffix only directly after the digits, size units
 * flipped by kb_base, unknown time units meaning microseconds. The quirks are intended.
 */
public final class FioNumbers {
    /** Encoded value for "N%" as fio stores it (2^64 - 1 - N). */
    public static boolean isPercent(long v) {
        return Long.compareUnsigned(v, -101L) >= 0;
    }

    public static int percentOf(long v) {
        return (int) (-1L - v);
    }

    /** fio's ZONE_BASE_VAL: "Nz" is stored as this plus N. */
    public static final long ZONE_BASE = Long.MIN_VALUE;

    public static boolean isZones(long v) {
        return v >= ZONE_BASE && v < ZONE_BASE + 0x1_0000_0000L;
    }

    public static long zonesOf(long v) {
        return v - ZONE_BASE;
    }

    private FioNumbers() {
    }

    /** Result of C strtoll: value and where parsing stopped; null when no digits. */
    record StrtollResult(long value, int end, boolean overflow) {
    }

    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000b' || c == '\f' || c == '\r';
    }

    static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int digit(char c, int base) {
        int d;
        if (isDigit(c)) {
            d = c - '0';
        } else if (c >= 'a' && c <= 'z') {
            d = c - 'a' + 10;
        } else if (c >= 'A' && c <= 'Z') {
            d = c - 'A' + 10;
        } else {
            return -1;
        }
        return d < base ? d : -1;
    }

    static StrtollResult strtoll(String s, int base) {
        int i = 0;
        int n = s.length();
        while (i < n && isSpace(s.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        if (base == 16 && i + 1 < n && s.charAt(i) == '0' && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X')
                && i + 2 < n && digit(s.charAt(i + 2), 16) >= 0) {
            i += 2;
        }
        int start = i;
        java.math.BigInteger acc = java.math.BigInteger.ZERO;
        long v = 0;
        boolean big = false;
        while (i < n && digit(s.charAt(i), base) >= 0) {
            int d = digit(s.charAt(i), base);
            if (!big) {
                long nv = v * base + d;
                if (v > (Long.MAX_VALUE - d) / base) {
                    big = true;
                    acc = java.math.BigInteger.valueOf(v).multiply(java.math.BigInteger.valueOf(base))
                            .add(java.math.BigInteger.valueOf(d));
                } else {
                    v = nv;
                }
            }
            i++;
        }
        if (i == start) {
            return null;
        }
        if (big) {
            return new StrtollResult(negative ? Long.MIN_VALUE : Long.MAX_VALUE, i, true);
        }
        return new StrtollResult(negative ? -v : v, i, false);
    }

    /**
     * str_to_decimal: kilo=true for sizes (kb_base applies), else times in microseconds with the
     * option's default unit. Returns null when fio fails the value. Expressions in parentheses fail,
     * as in the reference builds of fio (no arithmetic support compiled in).
     */
    public static Long toDecimal(String str, boolean kilo, int kbBase, boolean isSeconds) {
        int len = str.length();
        if (len == 0) {
            return null;
        }
        int base = (str.contains("0x") || str.contains("0X")) ? 16 : 10;
        StrtollResult r = strtoll(str, base);
        if (r == null) {
            return null;
        }
        if (r.overflow() && r.value() == Long.MAX_VALUE) {
            return null;
        }
        long val = r.value();
        if (kilo) {
            boolean[] percent = new boolean[1];
            long mult = multBytes(str, kbBase, percent);
            return percent[0] ? -1L - val : val * mult;
        }
        return val * multTime(str, isSeconds);
    }

    /** Index of the unit suffix (fio's get_mult_bytes scan), or -1 when there is none. */
    static int sizeSuffixStart(String str) {
        if (str.length() < 2) {
            return 0;
        }
        int p = 0;
        boolean digitSeen = false;
        while (p < str.length()) {
            char c = str.charAt(p);
            if (!isDigit(c) && ((c != '+' && c != '-') || digitSeen)) {
                break;
            }
            digitSeen |= isDigit(c);
            p++;
        }
        if (p >= str.length() || (!isAlpha(str.charAt(p)) && str.charAt(p) != '%')) {
            return -1;
        }
        return p;
    }

    static long multBytes(String str, int kbBase, boolean[] percent) {
        int p = sizeSuffixStart(str);
        if (p < 0) {
            return 1;
        }
        String c = str.substring(p).toLowerCase(Locale.ROOT);
        for (int i = 0; i < c.length(); i++) {
            char ch = c.charAt(i);
            if (ch == ':' || ch == '-' || ch == ',' || ch == '/') {
                c = c.substring(0, i);
                break;
            }
        }
        int pow = 0;
        long mult = kbBase;
        long flipped = kbBase == 1000 ? 1024 : kbBase == 1024 ? 1000 : kbBase;
        if (c.startsWith("pib")) {
            pow = 5;
            mult = flipped;
        } else if (c.startsWith("tib")) {
            pow = 4;
            mult = flipped;
        } else if (c.startsWith("gib")) {
            pow = 3;
            mult = flipped;
        } else if (c.startsWith("mib")) {
            pow = 2;
            mult = flipped;
        } else if (c.startsWith("kib")) {
            pow = 1;
            mult = flipped;
        } else if (c.startsWith("p")) {
            pow = 5;
        } else if (c.startsWith("t")) {
            pow = 4;
        } else if (c.startsWith("g")) {
            pow = 3;
        } else if (c.startsWith("m")) {
            pow = 2;
        } else if (c.startsWith("k")) {
            pow = 1;
        } else if (c.startsWith("%")) {
            percent[0] = true;
            return 1;
        }
        long ret = 1;
        while (pow-- > 0) {
            ret *= mult;
        }
        return ret;
    }

    /** The letters after the number of a time value, or null when the default unit applies. */
    static String timeSuffix(String str) {
        int p = 0;
        while (p < str.length()) {
            char c = str.charAt(p);
            if (!isDigit(c) && c != '+' && c != '-') {
                break;
            }
            p++;
        }
        if (p >= str.length() || !isAlpha(str.charAt(p))) {
            return null;
        }
        return str.substring(p).toLowerCase(Locale.ROOT);
    }

    static long multTime(String str, boolean isSeconds) {
        String c = timeSuffix(str);
        if (c == null) {
            return isSeconds ? 1_000_000L : 1L;
        }
        if (c.startsWith("us")) {
            return 1;
        }
        if (c.startsWith("ms")) {
            return 1000;
        }
        return switch (c) {
            case "s" -> 1_000_000L;
            case "m" -> 60_000_000L;
            case "h" -> 3_600_000_000L;
            case "d" -> 86_400_000_000L;
            default -> 1;
        };
    }

    /** True when a time suffix is present but is not one fio knows (so it means microseconds). */
    static boolean unknownTimeUnit(String str) {
        String c = timeSuffix(str);
        if (c == null || c.startsWith("us") || c.startsWith("ms")) {
            return false;
        }
        return !(c.equals("s") || c.equals("m") || c.equals("h") || c.equals("d"));
    }

    /** C sscanf("%u") / ("%x" when "0x" appears): fio's bool and flag reading. Null on failure. */
    static Integer checkInt(String p) {
        if (p.isEmpty()) {
            return null;
        }
        boolean hex = p.contains("0x") || p.contains("0X");
        StrtollResult r = strtoll(p, hex ? 16 : 10);
        if (r == null) {
            return null;
        }
        return (int) r.value();
    }

    /** C sscanf("%lf"): leading number of the text, or null. */
    static Double toDouble(String s) {
        int i = 0;
        while (i < s.length() && isSpace(s.charAt(i))) {
            i++;
        }
        int best = -1;
        for (int j = s.length(); j > i; j--) {
            String t = s.substring(i, j);
            if (t.endsWith("d") || t.endsWith("D") || t.endsWith("f") || t.endsWith("F")) {
                continue;
            }
            try {
                Double.parseDouble(t);
                best = j;
                break;
            } catch (NumberFormatException e) {
                // shorter prefix
            }
        }
        return best < 0 ? null : Double.parseDouble(s.substring(i, best));
    }
}
