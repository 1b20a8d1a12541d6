package io.jfio.runner;

import io.jfio.jobfile.options.SteadyStateOptions;
import io.jfio.runner.job.Job;
import io.jfio.runner.job.SteadyState;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sets up the run's steady-state checks as fio's init and steadystate_setup do: the values are
 * checked, the check interval is one for the whole run, and under group_reporting the jobs of a
 * reporting group share one window (a job outside a group checks alone).
 */
final class SteadyStates {
    private SteadyStates() {
    }

    /** Joins the grouped jobs to their group's check; returns fio's error for bad values, or null. */
    static String attach(List<Job> jobs) {
        Long interval = null;
        for (Job j : jobs) {
            SteadyStateOptions o = j.options().steady();
            if (interval != null && interval != o.checkIntervalUs()) {
                return "conflicting ss_check_interval: " + interval + " and " + o.checkIntervalUs()
                        + ", must be globally equal";
            }
            interval = o.checkIntervalUs();
            if (o.enabled() && o.problem() != null) {
                return o.problem();
            }
        }
        Map<Integer, SteadyState> groups = new HashMap<>();
        for (Job j : jobs) {
            SteadyStateOptions o = j.options().steady();
            if (o.enabled() && j.options().stat().groupReporting()) {
                SteadyState g = groups.computeIfAbsent(j.spec().groupId(), k -> new SteadyState(o));
                j.setSteadyState(g.join(j.stats(), j.state(), j.spec().index(), j.spec().groupId()));
            }
        }
        return null;
    }
}
