package io.jfio.runner.workload;

/** Sizes inside option postfixes (rw=read:4k, zoned distribution ranges), read where the pattern uses them. */
final class PostfixSize {
    private PostfixSize() {
    }

    /**
     * A size the way fio's str_to_decimal reads it (postfixes such as rw=read:4k), enough for
     * the small numbers that appear there; null when there are no digits.
     */
    static Long parseSize(String s, long kbBase) {
        String t = s.trim();
        int i = 0;
        boolean neg = false;
        if (i < t.length() && (t.charAt(i) == '-' || t.charAt(i) == '+')) {
            neg = t.charAt(i) == '-';
            i++;
        }
        int start = i;
        long v = 0;
        boolean hex = t.contains("0x") || t.contains("0X");
        if (hex) {
            int x = t.toLowerCase().indexOf("0x", i);
            i = x + 2;
            start = i;
            while (i < t.length() && Character.digit(t.charAt(i), 16) >= 0) {
                v = v * 16 + Character.digit(t.charAt(i), 16);
                i++;
            }
        } else {
            while (i < t.length() && Character.isDigit(t.charAt(i))) {
                v = v * 10 + (t.charAt(i) - '0');
                i++;
            }
        }
        if (i == start) {
            return null;
        }
        if (!hex && i < t.length() && Character.isLetter(t.charAt(i))) {
            String suffix = t.substring(i).toLowerCase();
            long alt = kbBase == 1000 ? 1024 : 1000;
            String[] iec = {"kib", "mib", "gib", "tib", "pib"};
            String[] si = {"k", "m", "g", "t", "p"};
            long mult = 1;
            boolean found = false;
            for (int p = 4; p >= 0 && !found; p--) {
                if (suffix.startsWith(iec[p])) {
                    mult = pow(alt, p + 1);
                    found = true;
                }
            }
            for (int p = 4; p >= 0 && !found; p--) {
                if (suffix.startsWith(si[p])) {
                    mult = pow(kbBase, p + 1);
                    found = true;
                }
            }
            v *= mult;
        }
        return neg ? -v : v;
    }

    private static long pow(long b, int e) {
        long r = 1;
        for (int i = 0; i < e; i++) {
            r *= b;
        }
        return r;
    }
}
