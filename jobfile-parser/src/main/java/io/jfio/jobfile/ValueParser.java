package io.jfio.jobfile;

import java.util.List;
import java.util.Locale;

/**
 * Parses one option value the way fio's parse.c does: list splitting (section 4.5), per-type
 * reading (4.2-4.9), range checks and per-direction storage. Returns the reason on failure.
 */
final class ValueParser {
    /**
     * Receives trap warnings for the value being parsed: values fio reads in a surprising way
     * (inline comments, untrimmed values, unknown time suffixes).
     */
    interface Warnings {
        void warn(String message);
    }

    private final boolean dryRun;

    /** dryRun: --parse-only / --showcmd, where fio skips several callback checks. */
    ValueParser(boolean dryRun) {
        this.dryRun = dryRun;
    }

    /** Parses {@code value} (null: given without '=') into {@code st}; null when accepted, else why not. */
    String handle(OptionDef o, String value, DraftJob st, int kbBase, Warnings w) {
        if (w != null && value != null) {
            warnTraps(o, value, kbBase, w);
        }
        OptionType t = o.type();
        String ptr = value;
        int done = 0;
        String firstError = null;
        boolean ok = false;
        boolean splits = t != OptionType.STR_STORE && t != OptionType.STR && t != OptionType.STR_ULL
                && t != OptionType.FLOAT_LIST;
        while (true) {
            int sep = -1;
            if (ptr != null && splits) {
                sep = ptr.indexOf(',');
                if (sep >= 0 && sep == ptr.length() - 1) {
                    ptr = ptr.substring(0, sep);
                    sep = ptr.length(); // "more" stays true; the next item is empty
                }
                if (t != OptionType.STR_MULTI && t != OptionType.RANGE && sep < 0) {
                    sep = ptr.indexOf(':');
                    if (sep < 0) {
                        sep = ptr.indexOf('-');
                        if (sep == 0) {
                            sep = ptr.indexOf('-', 1);
                        }
                    }
                }
            } else if (ptr != null && t == OptionType.FLOAT_LIST) {
                sep = ptr.indexOf(':');
            }
            boolean more = sep >= 0;
            String err = handleItem(o, ptr, st, kbBase, done == 0, more, done);
            if (err == null) {
                ok = true;
            } else if (firstError == null) {
                firstError = err;
            }
            if (!more) {
                break;
            }
            ptr = sep + 1 <= ptr.length() ? ptr.substring(Math.min(sep + 1, ptr.length())) : "";
            done++;
        }
        return ok ? null : firstError;
    }

    private static void warnTraps(OptionDef o, String value, int kbBase, Warnings w) {
        OptionType t = o.type();
        boolean numeric = t.numeric() || t == OptionType.RANGE;
        if (!numeric || value.isEmpty()) {
            return;
        }
        boolean time = t == OptionType.STR_VAL_TIME || o.isTime();
        if (FioNumbers.isSpace(value.charAt(0))) {
            String trimmed = value.strip();
            Long withSpace = FioNumbers.toDecimal(firstItem(value), !time, kbBase, o.isSeconds());
            Long without = FioNumbers.toDecimal(firstItem(trimmed), !time, kbBase, o.isSeconds());
            if (withSpace != null && without != null && !withSpace.equals(without)) {
                w.warn("the value of " + o.name() + " starts with a space, so fio ignores its unit: '" + trimmed
                        + "' is read as " + withSpace + (time ? " us" : "") + ", not " + without
                        + " (write " + o.name() + "=" + trimmed + ")");
            }
        }
        for (String item : value.split("[,:]|(?<=.)-")) {
            String s = item.strip();
            if (!time) {
                int p = FioNumbers.sizeSuffixStart(s);
                if (p > 0 && kbBase == 1024) {
                    String u = s.substring(p).toLowerCase(Locale.ROOT);
                    if (u.length() >= 3 && u.charAt(1) == 'i' && u.charAt(2) == 'b' && "kmgtp".indexOf(u.charAt(0)) >= 0) {
                        w.warn(o.name() + "=" + s + " uses a power of 1000 under the default kb_base=1024 ("
                                + Character.toUpperCase(u.charAt(0)) + "iB is decimal in fio; write "
                                + s.substring(0, p) + Character.toLowerCase(u.charAt(0)) + " for powers of 1024)");
                    }
                }
            } else if (FioNumbers.unknownTimeUnit(s) && FioNumbers.toDecimal(s, false, kbBase, false) != null) {
                w.warn(o.name() + "=" + s + ": unit '" + FioNumbers.timeSuffix(s)
                        + "' is not a fio time unit, so the value means microseconds (use s, m, h, d, ms or us)");
            }
        }
        if (o.slots() == 3 && t != OptionType.RANGE && value.indexOf(',') < 0) {
            int colon = value.indexOf(':');
            int dash = value.indexOf('-', 1);
            if (colon > 0 || dash > 0) {
                w.warn(o.name() + "=" + value + " is not a range in fio: reads use the first value, writes and"
                        + " trims the second" + (o.name().equals("bs") ? " (use bsrange=" + value + " for a range)" : ""));
            }
        }
    }

    private static String firstItem(String v) {
        int c = v.indexOf(',');
        return c < 0 ? v : v.substring(0, c);
    }

    private String handleItem(OptionDef o, String ptr, DraftJob st, int kbBase, boolean first, boolean more, int curr) {
        OptionType t = o.type();
        if (ptr == null && t != OptionType.STR_SET && t != OptionType.STR) {
            return "option " + o.name() + " requires an argument";
        }
        switch (t) {
            case STR, STR_ULL, STR_MULTI:
                return handleChoice(o, ptr, st, first);
            case STR_VAL_TIME, ULL, INT, STR_VAL, STR_VAL_ZONE:
                return handleNumber(o, ptr, st, kbBase, first, more, curr);
            case FLOAT_LIST:
                return handleFloats(o, ptr, st, first, curr);
            case STR_STORE:
                return handleString(o, ptr, st);
            case RANGE:
                return handleRange(o, ptr, st, kbBase, first, more, curr);
            case BOOL, STR_SET:
                return handleBool(o, ptr, st, first);
            case DEPRECATED:
                return "option " + o.name() + " is deprecated";
            case SOFT_DEPRECATED:
                return null;
            default:
                return "option " + o.name() + " is not supported";
        }
    }

    private static int optLen(String s) {
        int n = s.length();
        int c = s.indexOf(',');
        if (c >= 0 && c < n) {
            n = c;
        }
        c = s.indexOf(':');
        if (c >= 0 && c < n) {
            n = c;
        }
        return n;
    }

    static String matchChoice(OptionDef o, String ptr) {
        String head = ptr.substring(0, optLen(ptr));
        for (String word : o.choices()) {
            if (!word.isEmpty() && word.equals(head)) {
                return word;
            }
        }
        return null;
    }

    private String handleChoice(OptionDef o, String ptr, DraftJob st, boolean first) {
        if (!o.choices().isEmpty()) {
            String word = ptr == null ? null : matchChoice(o, ptr);
            if (word == null) {
                return (ptr == null ? o.name() + " needs a value" : "'" + ptr + "' is not a valid value")
                        + "; valid values: " + String.join(", ", o.choices());
            }
            if (o.type() == OptionType.STR_MULTI) {
                if (first) {
                    st.values.put(o.name(), ptr);
                }
                return null;
            } else {
                st.values.put(o.name(), word);
            }
            int colon = ptr.indexOf(':');
            if (colon >= 0) {
                st.postfixes.put(o.name(), ptr.substring(colon + 1));
            } else {
                st.postfixes.remove(o.name());
            }
            if (o.special() != null) {
                return OptionCallbacks.check(o, word, ptr, st, dryRun);
            }
            return null;
        }
        if (o.special() != null) {
            String err = OptionCallbacks.check(o, null, ptr, st, dryRun);
            if (err == null) {
                if (!o.name().equals("bssplit") || !(st.values.get("bssplit") instanceof List<?>[])) {
                    st.values.put(o.name(), ptr == null ? "" : ptr);
                }
            }
            return err;
        }
        st.values.put(o.name(), ptr);
        return null;
    }

    private static long storeInt(OptionDef o, long v) {
        if (o.type() != OptionType.INT) {
            return v;
        }
        return o.min() != null && o.min() < 0 ? (long) (int) v : v & 0xFFFF_FFFFL;
    }

    private String handleNumber(OptionDef o, String ptr, DraftJob st, int kbBase, boolean first, boolean more, int curr) {
        long val;
        if (!ptr.isEmpty() && ptr.charAt(ptr.length() - 1) == 'z') {
            if (o.type() != OptionType.STR_VAL_ZONE) {
                return o.name() + ": 'z' suffix isn't applicable";
            }
            FioNumbers.StrtollResult r = FioNumbers.strtoll(ptr, 10);
            if (r == null || r.end() != ptr.length() - 1) {
                return o.name() + ": unexpected zone value '" + ptr + "'";
            }
            val = FioNumbers.ZONE_BASE + (r.value() & 0xFFFF_FFFFL);
        } else {
            boolean isTime = o.type() == OptionType.STR_VAL_TIME || o.isTime();
            String tmp = ptr.length() > 127 ? ptr.substring(0, 127) : ptr;
            int comma = tmp.indexOf(',');
            if (comma >= 0) {
                tmp = tmp.substring(0, comma);
            }
            Long v = FioNumbers.toDecimal(tmp, !isTime, kbBase, o.isSeconds());
            if (v == null) {
                if (tmp.startsWith("(")) {
                    return "'" + ptr + "' is an arithmetic expression; like the reference fio 3.42 build"
                            + " (no arithmetic support), jfio does not evaluate them";
                }
                return "'" + ptr + "' is not a number";
            }
            val = v;
            if (o.pow2() && (val == 0 || (val & (val - 1)) != 0)) {
                return o.name() + ": must be a power-of-2";
            }
            Long max = o.max();
            if (max == null && o.type() == OptionType.INT) {
                max = 0xFFFF_FFFFL;
            }
            if (max != null && max != 0) {
                boolean tooLarge;
                if (o.type() == OptionType.INT) {
                    int iv = (int) val;
                    tooLarge = iv < 0 ? iv > (int) (long) max : Integer.toUnsignedLong(iv) > max;
                } else {
                    tooLarge = Long.compareUnsigned(val, max) > 0;
                }
                if (tooLarge) {
                    return o.name() + ": max value out of range: " + Long.toUnsignedString(val) + " (" + max + " max)";
                }
            }
            Long min = o.min();
            if (min != null && min != 0) {
                boolean tooSmall = o.type() == OptionType.INT ? (int) val < min : Long.compareUnsigned(val, min) < 0;
                if (tooSmall) {
                    return o.name() + ": min value out of range: " + val + " (" + min + " min)";
                }
            }
            if (!o.choiceNumbers().isEmpty() && !o.choiceNumbers().containsValue(val)) {
                return "value " + val + " not allowed; valid values: " + String.join(", ", o.choices());
            }
        }
        if (o.special() != null) {
            return OptionCallbacks.number(o, val, st);
        }
        val = storeInt(o, val);
        if (o.type() == OptionType.INT || o.type() == OptionType.ULL) {
            if (o.slots() <= 1) {
                if (first) {
                    st.values.put(o.name(), val);
                }
                return null;
            }
            long[] a = st.slots(o.name(), o.slots());
            if (first) {
                a[0] = val;
            }
            if (curr >= 1 && curr < a.length) {
                a[curr] = val;
            }
            if (!more) {
                for (int i = Math.max(curr + 1, 1); i < a.length; i++) {
                    a[i] = val;
                }
            }
            return null;
        }
        if (o.slots() == 2) {
            Object prev = st.values.get(o.name());
            SizeRange r = prev instanceof SizeRange p ? p : new SizeRange(0, 0);
            long low = first ? val : r.low();
            long high = !more ? val : r.high();
            st.values.put(o.name(), new SizeRange(low, high));
            return null;
        }
        if (first) {
            st.values.put(o.name(), val);
        }
        return null;
    }

    private String handleFloats(OptionDef o, String ptr, DraftJob st, boolean first, int curr) {
        if (first) {
            st.values.put(o.name(), new double[0]);
        }
        if (curr >= o.maxlen()) {
            return "the list exceeding max length " + o.maxlen();
        }
        Double uf = FioNumbers.toDouble(ptr);
        if (uf == null) {
            return "not a floating point value: " + ptr;
        }
        double minfp = o.minfp() == null ? 0 : o.minfp();
        double maxfp = o.maxfp() == null ? 0 : o.maxfp();
        if (minfp != 0 || maxfp != 0) {
            if (uf > maxfp) {
                return String.format(Locale.ROOT, "value out of range: %f (range max: %f)", uf, maxfp);
            }
            if (uf < minfp) {
                return String.format(Locale.ROOT, "value out of range: %f (range min: %f)", uf, minfp);
            }
        }
        double[] cur = (double[]) st.values.get(o.name());
        double[] next = java.util.Arrays.copyOf(cur, Math.max(cur.length, curr + 1));
        next[curr] = uf;
        st.values.put(o.name(), next);
        return null;
    }

    private String handleString(OptionDef o, String ptr, DraftJob st) {
        if (ptr.isEmpty()) {
            return "empty value";
        }
        Object before = st.values.get(o.name());
        st.values.put(o.name(), ptr);
        if (o.maxlen() > 0 && ptr.length() > o.maxlen() - 1) {
            return "value exceeds max length of " + o.maxlen();
        }
        if ("str_filename_cb".equals(o.special())) {
            OptionCallbacks.filename(st, before == null ? null : before.toString(), ptr);
        }
        if (o.name().equals("ioengine")) {
            int colon = ptr.indexOf(':');
            if (colon >= 0) {
                st.postfixes.put("ioengine", ptr.substring(colon + 1));
            } else {
                st.postfixes.remove("ioengine");
            }
        }
        return null;
    }

    private static String handleRange(OptionDef o, String ptr, DraftJob st, int kbBase, boolean first, boolean more,
                                      int curr) {
        String tmp = ptr.length() > 127 ? ptr.substring(0, 127) : ptr;
        int comma = tmp.indexOf(',');
        if (comma >= 0) {
            tmp = tmp.substring(0, comma);
        }
        int sep = tmp.indexOf('-');
        if (sep < 0) {
            sep = tmp.indexOf(':');
        }
        if (sep < 0) {
            return "'" + ptr + "' is not a range (low-high)";
        }
        Long a = FioNumbers.toDecimal(tmp.substring(0, sep), true, kbBase, false);
        Long b = FioNumbers.toDecimal(tmp.substring(sep + 1), true, kbBase, false);
        if (a == null || b == null) {
            return "'" + ptr + "' is not a range of sizes";
        }
        long lo = a;
        long hi = b;
        if (Long.compareUnsigned(lo, hi) > 0) {
            long x = lo;
            lo = hi;
            hi = x;
        }
        SizeRange r = new SizeRange(lo, hi);
        SizeRange[] s = st.ranges(o.name());
        if (first) {
            s[0] = r;
        }
        if (curr == 1 || curr == 2) {
            s[curr] = r;
        }
        if (!more) {
            for (int i = Math.max(curr + 1, 1); i < 3; i++) {
                s[i] = r;
            }
        }
        return null;
    }

    private static String handleBool(OptionDef o, String ptr, DraftJob st, boolean first) {
        int il;
        if (ptr != null) {
            Integer v = FioNumbers.checkInt(ptr);
            if (v == null) {
                return "'" + ptr + "' is not an integer (fio takes 0 or 1, not words)";
            }
            il = v;
        } else if (o.type() == OptionType.BOOL) {
            return "option " + o.name() + " requires an argument";
        } else {
            il = 1;
        }
        long max = o.type() == OptionType.BOOL ? 1 : (o.max() == null ? 0 : o.max());
        if (max != 0 && il > (int) max) {
            return "max value out of range: " + il + " (" + max + " max)";
        }
        long min = o.min() == null ? 0 : o.min();
        if (min != 0 && il < min) {
            return "min value out of range: " + il + " (" + min + " min)";
        }
        if (o.neg()) {
            il = il == 0 ? 1 : 0;
        }
        if (first || o.special() != null) {
            long stored = o.type() == OptionType.BOOL ? il : Integer.toUnsignedLong(il);
            if (o.name().equals("buffered")) {
                st.values.put("direct", stored);
                st.values.put("buffered", stored == 0 ? 1L : 0L);
            } else {
                st.values.put(o.name(), stored);
                if (o.name().equals("direct")) {
                    st.values.put("buffered", stored == 0 ? 1L : 0L);
                }
            }
        }
        return null;
    }
}
