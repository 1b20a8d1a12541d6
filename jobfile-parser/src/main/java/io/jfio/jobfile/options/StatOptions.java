package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * What a job measures and how its report reads (fio's FIO_OPT_G_STAT group and the report's
 * units): percentiles, unified reporting, group reporting, sampling windows, disk_util.
 *
 * @param unitBase         unit_base: 0 auto, 8 bytes, 1 bits
 * @param percentileList   percentile_list values as given (a 0 ends the list)
 * @param percentileDigits the most decimals of any entry: fio prints every percentile with that many
 * @param unified          unified_rw_reporting: 0 none, 1 mixed, 2 both
 * @param disableLat       no total latency (lat) samples: disable_lat, or gtod_reduce
 * @param disableClat      no completion latency samples (nor the lat buckets, nor sync latencies)
 * @param disableSlat      no submission latency samples
 * @param stats            stats=0: the job is left out of every report (its block and its group's totals)
 * @param disableBw        no per-I/O bandwidth log entries (the bw/iops sample lines stay, as in fio)
 * @param clatPercentiles  clat_percentiles, off when clat is not measured (as fio's fixup_options);
 *                         lat and slat percentiles likewise
 * @param blockErrorPercentiles block_error_percentiles: the trim block state histogram (fio's block_error_hist)
 */
public record StatOptions(int kbBase, int unitBase, int significantFigures, double[] percentileList,
                          int percentileDigits, boolean clatPercentiles, boolean latPercentiles,
                          boolean slatPercentiles, int unified, boolean groupReporting, long bwAvgTimeMs,
                          long iopsAvgTimeMs, boolean diskUtil, boolean gtodReduce, boolean disableLat,
                          boolean disableClat, boolean disableSlat, boolean disableBw, boolean stats,
                          boolean blockErrorPercentiles) {

    public static StatOptions from(JobSpec spec) {
        String unit = spec.getString("unit_base");
        double[] list = spec.getDoubles("percentile_list");
        int digits = 0;
        for (double x : list) {
            if (x != Math.rint(x)) {
                String t = Double.toString(x);
                digits = Math.max(digits, t.length() - t.indexOf('.') - 1);
            }
        }
        int unified = switch (spec.getString("unified_rw_reporting")) {
            case "mixed", "1" -> 1;
            case "both", "2" -> 2;
            default -> 0;
        };
        // gtod_reduce=1 is fio's shorthand for all four disable_* options (options.c's callback)
        boolean gtod = spec.getBool("gtod_reduce");
        boolean noLat = gtod || spec.getBool("disable_lat");
        boolean noClat = gtod || spec.getBool("disable_clat");
        boolean noSlat = gtod || spec.getBool("disable_slat");
        boolean noBw = gtod || spec.getBool("disable_bw_measurement");
        return new StatOptions(Integer.parseInt(spec.getString("kb_base")),
                unit == null || unit.isEmpty() ? 0 : Integer.parseInt(unit), spec.getInt("significant_figures"),
                list, digits, spec.getBool("clat_percentiles") && !noClat, spec.getBool("lat_percentiles") && !noLat,
                spec.getBool("slat_percentiles") && !noSlat, unified, spec.getBool("group_reporting"),
                spec.getLong("bwavgtime"), spec.getLong("iopsavgtime"), spec.getBool("disk_util"), gtod, noLat, noClat,
                noSlat, noBw, spec.getBool("stats"),
                spec.getBool("block_error_percentiles"));
    }
}
