package io.jfio.report.format;

import io.jfio.report.CFormat;
import io.jfio.report.Num2Str;

/**
 * fio's live status line (fio's eta.c), e.g.
 * {@code Jobs: 1 (f=1): [r(1)][45.0%][r=897MiB/s][r=230k IOPS][eta 00m:03s]}, ending in "\r".
 *
 * <p>The runner samples a {@link Snapshot} every eta interval and prints what {@link #format}
 * returns. One instance per run: it remembers the previous line's length (shorter lines are
 * padded so the terminal line is fully overwritten) and whether a percentage was shown yet.
 */
public final class StatusLine {
    /** fio's "no ETA yet" value (INT_MAX): before 3 s of running. */
    public static final long ETA_UNKNOWN_YET = Integer.MAX_VALUE;
    /** ETA that cannot be computed; printed as "--". */
    public static final long ETA_NONE = -1;

    /**
     * What the line shows at one instant.
     *
     * @param running jobs running, verifying, fsyncing, pre-reading, finishing or in ramp
     * @param filesOpen open files of the running jobs
     * @param rateMin sum of rate_min (bytes/s) over running jobs, 0 if none
     * @param rateMax sum of rate (bytes/s)
     * @param iopsMin sum of rate_iops_min
     * @param iopsMax sum of rate_iops
     * @param runStr one state character per job, e.g. "rrP" ({@link #condense} makes "r(2),P(1)")
     * @param etaSec overall ETA in seconds ({@link #ETA_UNKNOWN_YET}, {@link #ETA_NONE})
     * @param elapsedSec ceil(ms since the start / 1000)
     * @param inRamp running jobs still in ramp_time
     * @param settingUp running jobs still setting up
     * @param rateKiB per direction (read, write, trim) KiB/s since the previous line, {@link #rateKiB}
     * @param iops per direction IOPS since the previous line, {@link #iops}
     * @param kbBase kb_base of the jobs (1024 or 1000)
     * @param bitRates unit_base says bits
     * @param sigFigs significant figures for the rate limits
     */
    public record Snapshot(int running, int filesOpen, long rateMin, long rateMax, long iopsMin, long iopsMax,
            String runStr, long etaSec, long elapsedSec, int inRamp, int settingUp, long[] rateKiB, long[] iops,
            int kbBase, boolean bitRates, int sigFigs) {
    }

    private int lastLength;
    private boolean etaGood;
    private boolean newLinePending;

    /** With --eta-newline: the next line starts on a new terminal line. */
    public void requestNewLine() {
        newLinePending = true;
    }

    /** The text to write to stdout for this update (ends with "\r"). */
    public String format(Snapshot s) {
        StringBuilder b = new StringBuilder(160);
        double perc = 0.0;
        String eta = etaToString(s.etaSec);
        if (s.etaSec != ETA_UNKNOWN_YET && s.elapsedSec != 0) {
            perc = (double) s.elapsedSec / (double) (s.elapsedSec + s.etaSec);
        }
        if (newLinePending) {
            newLinePending = false;
            lastLength = 0;
            b.append('\n');
        }
        int start = b.length();
        boolean pow2 = (s.kbBase & (s.kbBase - 1)) == 0;
        b.append("Jobs: ").append(s.running).append(" (f=").append(s.filesOpen).append(')');
        if (s.rateMin != 0 || s.rateMax != 0) {
            b.append(", ").append(Num2Str.format(s.rateMin, s.sigFigs, 1, pow2, Num2Str.BYTEPERSEC)).append('-')
                    .append(Num2Str.format(s.rateMax, s.sigFigs, 1, pow2, Num2Str.BYTEPERSEC));
        } else if (s.iopsMin != 0 || s.iopsMax != 0) {
            b.append(", ").append((int) s.iopsMin).append('-').append((int) s.iopsMax).append(" IOPS");
        }
        if (s.etaSec != ETA_UNKNOWN_YET && s.running != 0) {
            String pct;
            if ((s.etaSec == 0 && !etaGood) || s.inRamp == s.running || s.etaSec == ETA_NONE) {
                pct = "-.-%";
            } else {
                double mult = 100.0;
                if (s.settingUp != 0) {
                    mult *= 1.0 - (double) s.settingUp / (double) s.running;
                }
                etaGood = true;
                pct = CFormat.fixed(perc * mult, 3, 1) + "%";
            }
            b.append(": [").append(s.runStr.indexOf('(') >= 0 ? s.runStr : condense(s.runStr)).append("][")
                    .append(pct).append(']');
            rates(b, s, pow2);
            b.append("[eta ").append(eta).append(']');
            int len = b.length() - start;
            for (int i = len; i < lastLength; i++) {
                b.append(' ');
            }
            lastLength = len;
        }
        return b.append('\r').toString();
    }

    private static void rates(StringBuilder b, Snapshot s, boolean pow2) {
        char[] c = {'r', 'w', 't'};
        boolean any = false;
        boolean[] has = new boolean[3];
        for (int d = 0; d < 3; d++) {
            has[d] = s.rateKiB[d] != 0 || s.iops[d] != 0;
            any |= has[d];
        }
        if (!any) {
            return;
        }
        int unit = s.bitRates ? Num2Str.BITPERSEC : Num2Str.BYTEPERSEC;
        b.append('[');
        String sep = "";
        for (int d = 0; d < 3; d++) {
            if (has[d]) {
                b.append(sep).append(c[d]).append('=').append(Num2Str.format(s.rateKiB[d], 4, 1024, pow2, unit));
                sep = ",";
            }
        }
        b.append("][");
        sep = "";
        for (int d = 0; d < 3; d++) {
            if (has[d]) {
                b.append(sep).append(c[d]).append('=').append(Num2Str.format(s.iops[d], 4, 1, false, Num2Str.NONE));
                sep = ",";
            }
        }
        b.append(" IOPS]");
    }

    /** "rrP" → "r(2),P(1)". */
    public static String condense(String states) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < states.length()) {
            char c = states.charAt(i);
            int n = 1;
            while (i + n < states.length() && states.charAt(i + n) == c) {
                n++;
            }
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(c).append('(').append(n).append(')');
            i += n;
        }
        return b.toString();
    }

    /** fio's eta_to_str: "--", or [DDd:][HHh:]MMm:SSs. */
    public static String etaToString(long etaSec) {
        if (etaSec == ETA_NONE) {
            return "--";
        }
        long t = etaSec;
        long s = t % 60;
        t /= 60;
        long m = t % 60;
        t /= 60;
        long h = t % 24;
        long d = t / 24;
        StringBuilder b = new StringBuilder();
        if (d != 0) {
            b.append(two(d)).append("d:");
        }
        if (h != 0 || d != 0) {
            b.append(two(h)).append("h:");
        }
        return b.append(two(m)).append("m:").append(two(s)).append('s').toString();
    }

    private static String two(long v) {
        return v < 10 ? "0" + v : Long.toString(v);
    }

    /** KiB/s over an interval, fio's integer arithmetic. */
    public static long rateKiB(long deltaBytes, long deltaMs) {
        return deltaMs == 0 ? 0 : ((1000 * deltaBytes) / deltaMs) / 1024;
    }

    /** IOPS over an interval, fio's integer arithmetic. */
    public static long iops(long deltaIos, long deltaMs) {
        return deltaMs == 0 ? 0 : (deltaIos * 1000) / deltaMs;
    }
}
