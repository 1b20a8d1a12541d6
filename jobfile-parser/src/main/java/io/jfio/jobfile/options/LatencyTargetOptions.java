package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * fio's latency target (latency_target, latency_window, latency_percentile, latency_run): the
 * queue-depth search's target and window in microseconds, the share of I/Os that must meet it,
 * and whether the search goes on for the whole run.
 */
public record LatencyTargetOptions(long targetUs, long windowUs, double percentile, boolean run) {

    public static LatencyTargetOptions from(JobSpec spec) {
        double[] p = spec.getDoubles("latency_percentile");
        return new LatencyTargetOptions(spec.getLong("latency_target"), spec.getLong("latency_window"),
                p.length == 0 ? 100.0 : p[0], spec.getBool("latency_run"));
    }
}
