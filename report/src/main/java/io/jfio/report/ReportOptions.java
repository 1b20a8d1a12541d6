package io.jfio.report;

import java.util.Arrays;
import java.util.List;

/**
 * The job options that shape a report. The runner builds one per job
 * from its parsed options (or calls {@link #apply} per option); readers rebuild it from the
 * option dictionaries of a JSON report.
 */
public final class ReportOptions {
    /** The default percentile_list. */
    public static final String DEFAULT_PERCENTILES = "1:5:10:20:30:40:50:60:70:80:90:95:99:99.5:99.9:99.95:99.99";

    public static final int UNIFIED_NONE = 0;
    public static final int UNIFIED_MIXED = 1;
    public static final int UNIFIED_BOTH = 2;

    /** kb_base: 1024 (default) or 1000. */
    public int kbBase = 1024;
    /** unit_base as given: 0 auto, 8 bytes, 1 bits. */
    public int unitBase = 0;
    /** True for engines whose auto unit is bits (the net engines). */
    public boolean bitEngine;
    /** significant_figures (sig_figs), 1-10. */
    public int sigFigs = 4;
    private double[] percentiles;
    private String percentileListText;
    private int percentilePrecision;
    public boolean clatPercentiles = true;
    public boolean latPercentiles;
    public boolean slatPercentiles;
    /** unified_rw_reporting: {@link #UNIFIED_NONE}, {@link #UNIFIED_MIXED} or {@link #UNIFIED_BOTH}. */
    public int unified = UNIFIED_NONE;
    public boolean groupReporting;
    /** continue_on_error is something other than none: adds the errors line/fields. */
    public boolean continueOnError;
    /** zonemode=zbd: fio 3.42 then prints zone resets. */
    public boolean zonedBlockDevice;

    /** The default list parsed once: the runner makes one of these per job for its report. */
    private static final ReportOptions DEFAULTS = new ReportOptions(DEFAULT_PERCENTILES);

    private ReportOptions(String percentileList) {
        setPercentileList(percentileList);
    }

    public ReportOptions() {
        percentiles = DEFAULTS.percentiles; // never changed in place: setters replace the array
        percentileListText = DEFAULTS.percentileListText;
        percentilePrecision = DEFAULTS.percentilePrecision;
    }

    public ReportOptions copy() {
        ReportOptions o = new ReportOptions();
        o.kbBase = kbBase;
        o.unitBase = unitBase;
        o.bitEngine = bitEngine;
        o.sigFigs = sigFigs;
        o.percentiles = percentiles;
        o.percentileListText = percentileListText;
        o.percentilePrecision = percentilePrecision;
        o.clatPercentiles = clatPercentiles;
        o.latPercentiles = latPercentiles;
        o.slatPercentiles = slatPercentiles;
        o.unified = unified;
        o.groupReporting = groupReporting;
        o.continueOnError = continueOnError;
        o.zonedBlockDevice = zonedBlockDevice;
        return o;
    }

    /** Builds options from echoed option dictionaries (global first, then job). */
    public static ReportOptions from(List<JobOption> global, List<JobOption> job) {
        ReportOptions o = new ReportOptions();
        for (JobOption opt : global) {
            o.apply(opt.name(), opt.value());
        }
        for (JobOption opt : job) {
            o.apply(opt.name(), opt.value());
        }
        return o;
    }

    /** Applies one option by fio name; unknown names are ignored. */
    public void apply(String name, String value) {
        String v = value == null ? "" : value.trim();
        switch (name) {
            case "kb_base" -> kbBase = Integer.parseInt(v);
            case "unit_base" -> unitBase = Integer.parseInt(v);
            case "significant_figures", "sig_figs" -> sigFigs = Integer.parseInt(v);
            case "percentile_list" -> setPercentileList(v);
            case "clat_percentiles" -> clatPercentiles = bool(v);
            case "lat_percentiles" -> latPercentiles = bool(v);
            case "slat_percentiles" -> slatPercentiles = bool(v);
            case "unified_rw_reporting" -> unified = switch (v) {
                case "mixed", "1" -> UNIFIED_MIXED;
                case "both", "2" -> UNIFIED_BOTH;
                default -> UNIFIED_NONE;
            };
            case "group_reporting" -> groupReporting = bool(v);
            case "continue_on_error" -> continueOnError = !(v.equals("none") || v.equals("0"));
            case "zonemode" -> zonedBlockDevice = v.equals("zbd");
            default -> {
            }
        }
    }

    private static boolean bool(String v) {
        return v.isEmpty() || !(v.equals("0") || v.equalsIgnoreCase("false"));
    }

    /**
     * Sets percentile_list as typed ("1:5:99.5"); a 0 ends the list (fio's stat.c). The output
     * precision is the most decimals typed in any entry.
     */
    public void setPercentileList(String list) {
        ParsedList last = lastParsed;
        if (last == null || !last.text.equals(list)) {
            last = parse(list);
            lastParsed = last;
        }
        this.percentiles = last.sorted; // shared: never changed in place
        this.percentileListText = list;
        this.percentilePrecision = last.precision;
    }

    /** A parsed percentile_list; the list arrays are never changed in place, so results share them. */
    private record ParsedList(String text, double[] sorted, int precision) {
    }

    /**
     * The last list parsed: a group_reporting fold sets each member's list on the group's
     * options again (fio takes the last member's), 252 splits and parses of the same text for a
     * numjobs=252 job, ~20 ms of the report before this.
     */
    private static volatile ParsedList lastParsed;

    private static ParsedList parse(String list) {
        String[] parts = list.split("[:,]");
        double[] vals = new double[parts.length];
        int n = 0;
        int precision = 0;
        for (String p : parts) {
            String t = p.trim();
            if (t.isEmpty()) {
                continue;
            }
            double d = Double.parseDouble(t);
            if (d == 0) {
                break;
            }
            int dot = t.indexOf('.');
            if (dot >= 0) {
                int len = 0;
                for (int i = dot + 1; i < t.length() && Character.isDigit(t.charAt(i)); i++) {
                    len++;
                }
                precision = Math.max(precision, len);
            }
            if (n < 20) {
                vals[n++] = d;
            }
        }
        double[] sorted = Arrays.copyOf(vals, n);
        Arrays.sort(sorted);
        return new ParsedList(list, sorted, precision);
    }

    /**
     * Sets the list from already parsed values and the precision fio derived from the typed
     * text (most digits after a '.'), for callers that no longer have the text.
     */
    public void setPercentiles(double[] list, int precision) {
        int n = 0;
        while (n < list.length && n < 20 && list[n] != 0) {
            n++;
        }
        double[] sorted = Arrays.copyOf(list, n);
        Arrays.sort(sorted);
        StringBuilder text = new StringBuilder();
        for (double d : sorted) {
            text.append(text.length() == 0 ? "" : ":").append(CFormat.fixed(d, precision));
        }
        this.percentiles = sorted;
        this.percentilePrecision = precision;
        this.percentileListText = text.toString();
    }

    /** The percentile list, sorted ascending (duplicates kept). */
    public double[] percentiles() {
        return percentiles.clone();
    }

    /** percentile_list as typed. */
    public String percentileListText() {
        return percentileListText;
    }

    public int percentilePrecision() {
        return percentilePrecision;
    }

    public boolean kbBaseIsPow2() {
        return (kbBase & (kbBase - 1)) == 0;
    }

    /** The num2str unit of bandwidth values: 4 (B/s) or 5 (bit/s), see {@link Num2Str}. */
    public int bandwidthUnit() {
        if (unitBase == 1 || (unitBase == 0 && bitEngine)) {
            return Num2Str.BITPERSEC;
        }
        return Num2Str.BYTEPERSEC;
    }
}
