package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * fio's latency profile (latency_target, latency_window, latency_percentile, latency_run): the
 * values the report prints. jfio does not search the queue depth for the target, so a job that
 * sets them is told they are ignored.
 */
public record LatencyTargetOptions(long targetUs, long windowUs, double percentile, boolean run) {

    public static LatencyTargetOptions from(JobSpec spec) {
        double[] p = spec.getDoubles("latency_percentile");
        LatencyTargetOptions o = new LatencyTargetOptions(spec.getLong("latency_target"),
                spec.getLong("latency_window"), p.length == 0 ? 100.0 : p[0], spec.getBool("latency_run"));
        for (String name : new String[] {"latency_target", "latency_window", "latency_percentile", "latency_run"}) {
            spec.notHonoured(name);
        }
        return o;
    }
}
