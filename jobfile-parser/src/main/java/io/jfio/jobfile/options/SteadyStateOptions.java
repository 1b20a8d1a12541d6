package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.SteadyStateThreshold;

/**
 * fio's steady-state stop criterion (steadystate, steadystate_duration, steadystate_ramp_time,
 * steadystate_check_interval): the job stops once the last {@code durationSec} seconds of IOPS,
 * bandwidth or latency samples, one per check interval, meet the limit.
 *
 * @param metric          what is sampled: iops, bw or lat (clat mean)
 * @param slope           the limit is on the least-squares slope; otherwise on the largest deviation from the mean
 * @param percent         the limit was given as N%: relative to the mean
 * @param limit           the threshold as fio stores it (a percentage, IOPS, bytes/s, or the time in
 *                        microseconds for lat)
 * @param durationSec     steadystate_duration in whole seconds; 0: no criterion (fio's default)
 * @param rampUs          steadystate_ramp_time
 * @param checkIntervalUs steadystate_check_interval
 * @param problem         why fio refuses the job's values (fio's fixup_options), or null
 */
public record SteadyStateOptions(Metric metric, boolean slope, boolean percent, double limit, long durationSec,
                                 long rampUs, long checkIntervalUs, String problem) {

    /** The sampled quantity. */
    public enum Metric { IOPS, BW, LAT }

    public static SteadyStateOptions from(JobSpec spec) {
        String text = spec.getString("steadystate");
        String postfix = spec.postfix("steadystate");
        long durUs = spec.getLong("steadystate_duration");
        long rampUs = spec.getLong("steadystate_ramp_time");
        long intervalUs = spec.getLong("steadystate_check_interval");
        int kbBase = Integer.parseInt(spec.getString("kb_base"));
        String word = text == null ? "iops_slope" : text;
        if (postfix == null && word.indexOf(':') >= 0) {
            postfix = word.substring(word.indexOf(':') + 1);
            word = word.substring(0, word.indexOf(':'));
        }
        Metric metric = word.startsWith("bw") ? Metric.BW : word.startsWith("lat") ? Metric.LAT : Metric.IOPS;
        SteadyStateThreshold t = SteadyStateThreshold.parse(word, postfix, kbBase);
        String problem = t.problem();
        // fio's fixup_options: the interval must be whole seconds and divide the duration
        if (problem == null && durUs != 0) {
            if (intervalUs / 1000L < 1000) {
                problem = "ss_check_interval must be at least 1s";
            } else if (durUs % intervalUs != 0 || durUs <= intervalUs) {
                problem = "ss_duration " + durUs + "us must be multiple of ss_check_interval " + intervalUs + "us";
            }
        }
        return new SteadyStateOptions(metric, word.endsWith("_slope"), t.percent(), t.limit(), durUs / 1_000_000L,
                rampUs, intervalUs, problem);
    }

    /** True when the job stops on the criterion (steadystate_duration set). */
    public boolean enabled() {
        return durationSec > 0;
    }

    /** The check interval in milliseconds, as fio's helper thread times it. */
    public long checkIntervalMs() {
        return checkIntervalUs / 1000L;
    }

    /** Samples in the window: fio divides the duration by the interval in whole seconds. */
    public int intervals() {
        long perSec = checkIntervalMs() / 1000L;
        return perSec <= 0 ? 0 : (int) (durationSec / perSec);
    }

    /** The criterion's name as fio's report prints it: iops, bw or lat, with _slope. */
    public String name() {
        return metric.name().toLowerCase(java.util.Locale.ROOT) + (slope ? "_slope" : "");
    }
}
