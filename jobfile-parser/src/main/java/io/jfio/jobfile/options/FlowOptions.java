package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * fio's flow control between jobs (flow_id, flow, flow_sleep): jobs that share a flow_id and have
 * a weight issue I/O in the ratio of their weights.
 *
 * @param id      flow_id: the jobs of one id are balanced against each other
 * @param weight  flow: this job's share; 0 takes no part
 * @param sleepUs flow_sleep: how long a job held back sleeps (0: it retries at once)
 */
public record FlowOptions(long id, int weight, long sleepUs) {

    public static FlowOptions from(JobSpec spec) {
        return new FlowOptions(spec.getLong("flow_id"), spec.getInt("flow"), spec.getLong("flow_sleep"));
    }
}
