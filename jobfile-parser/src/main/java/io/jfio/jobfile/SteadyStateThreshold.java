package io.jfio.jobfile;

import java.util.regex.Matcher;

/**
 * The limit after the colon of steadystate=CRITERION:LIMIT, read as fio's str_steadystate_cb
 * reads it: N% for any criterion, a float for iops, a size (kb_base applies) for bw, a time for lat.
 *
 * @param percent the limit was given as N%
 * @param limit   the value fio stores (a percentage, IOPS, bytes/s, or microseconds for lat)
 * @param problem fio's parse error for the value, or null
 */
public record SteadyStateThreshold(boolean percent, double limit, String problem) {
    private static final java.util.regex.Pattern FLOAT =
            java.util.regex.Pattern.compile("^\\s*[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    /** Reads {@code postfix} (the text after the colon, null when there is none) for criterion {@code word}. */
    public static SteadyStateThreshold parse(String word, String postfix, int kbBase) {
        String nr = postfix == null ? "" : postfix.trim();
        if (postfix == null) {
            return new SteadyStateThreshold(false, 0, "steadystate threshold must be specified in addition to criterion");
        }
        int pct = nr.indexOf('%');
        if (pct >= 0) {
            Double v = parseFloat(nr.substring(0, pct).trim());
            return v == null ? new SteadyStateThreshold(true, 0, "could not parse steadystate threshold percentage")
                    : new SteadyStateThreshold(true, v, null);
        }
        if (word.startsWith("iops")) {
            Double v = parseFloat(nr);
            return v == null ? new SteadyStateThreshold(false, 0, "steadystate IOPS threshold postfix parsing failed")
                    : new SteadyStateThreshold(false, v, null);
        }
        boolean bw = word.startsWith("bw");
        Long v = FioNumbers.toDecimal(nr, bw, kbBase, false);
        if (v == null) {
            return new SteadyStateThreshold(false, 0, bw ? "steadystate BW threshold postfix parsing failed"
                    : "steadystate latency threshold parsing failed");
        }
        return new SteadyStateThreshold(false, v, null);
    }

    /** What fio's str_steadystate_cb prints under --debug=parse for criterion {@code word}. */
    public String debugText(String word) {
        if (percent) {
            return String.format(java.util.Locale.ROOT, "set steady state threshold to %f%%", limit);
        }
        if (word.startsWith("iops")) {
            return String.format(java.util.Locale.ROOT, "set steady state IOPS threshold to %f", limit);
        }
        if (word.startsWith("bw")) {
            return "set steady state BW threshold to " + (long) limit;
        }
        return "set steady state latency threshold to " + (long) limit + " nsec";
    }

    /** fio's str_to_float: a leading number as strtod reads it. */
    private static Double parseFloat(String s) {
        Matcher m = FLOAT.matcher(s);
        return m.find() ? Double.valueOf(m.group().trim()) : null;
    }
}
