package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/** fio's rate group: bandwidth and IOPS caps and floors per direction (read, write, trim), how to pace. */
public record RateOptions(long[] rate, long[] rateMin, long[] rateIops, long[] rateIopsMin, boolean poisson,
                          long rateCycleMs, boolean rateIgnoreThinktime) {

    public static RateOptions from(JobSpec spec) {
        return new RateOptions(spec.getPerDirection("rate"), spec.getPerDirection("rate_min"),
                spec.getPerDirection("rate_iops"), spec.getPerDirection("rate_iops_min"),
                "poisson".equals(spec.getString("rate_process")), spec.getLong("rate_cycle"),
                spec.getBool("rate_ignore_thinktime"));
    }
}
