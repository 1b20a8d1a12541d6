package io.jfio.runner.workload;

import io.jfio.jobfile.BsSplitEntry;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.SizeRange;

import java.util.List;

/**
 * Reads the options the workload needs from a {@link JobSpec}, with fio's defaults for anything
 * absent (tests build specs with only a few options) and tolerance for alias names.
 */
final class JobOptions {
    private final JobSpec job;

    JobOptions(JobSpec job) {
        this.job = job;
    }

    JobSpec spec() {
        return job;
    }

    private String present(String... names) {
        for (String n : names) {
            if (job.has(n)) {
                return n;
            }
        }
        return null;
    }

    boolean isSet(String... names) {
        for (String n : names) {
            if (job.isSet(n)) {
                return true;
            }
        }
        return false;
    }

    long getLong(long def, String... names) {
        String n = present(names);
        if (n != null && job.value(n) instanceof String str) {
            // choice options with numeric words (kb_base=1024) are stored as their word
            try {
                return Long.parseLong(str.trim());
            } catch (NumberFormatException e) {
                return def;
            }
        }
        return n == null ? def : job.getLong(n);
    }

    boolean getBool(boolean def, String... names) {
        String n = present(names);
        return n == null ? def : job.getBool(n);
    }

    long[] perDirection(long def, String... names) {
        String n = present(names);
        return n == null ? new long[] {def, def, def} : job.getPerDirection(n);
    }

    String getString(String def, String... names) {
        String n = present(names);
        String v = n == null ? null : job.getString(n);
        return v == null ? def : v;
    }

    String postfix(String... names) {
        String n = present(names);
        return n == null ? null : job.postfix(n);
    }

    /** bsrange per direction, or null when not given (0-0 counts as not given). */
    SizeRange[] bsRange() {
        String n = present("bsrange", "blocksize_range");
        if (n == null) {
            return null;
        }
        SizeRange[] r = job.getRanges(n);
        if (r.length == 0 || r[0] == null || r[0].high() == 0) {
            return null;
        }
        SizeRange[] out = new SizeRange[3];
        for (int i = 0; i < 3; i++) {
            out[i] = r[Math.min(i, r.length - 1)];
        }
        return out;
    }

    List<BsSplitEntry>[] bsSplit() {
        if (!job.has("bssplit")) {
            return null;
        }
        return job.getBsSplit();
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
