package io.jfio.api;

import io.jfio.report.RunResult;
import io.jfio.compare.Comparison;
import io.jfio.multi.Groups;
import io.jfio.multi.InstanceResult;
import io.jfio.multi.Summary;

import java.util.List;

/** The results of instances run together, per run (repeat) and instance, with comparisons. */
public final class MultiResult {
    private final List<List<InstanceResult>> runs;

    MultiResult(List<List<InstanceResult>> runs) {
        this.runs = runs;
    }

    public List<List<InstanceResult>> runs() {
        return runs;
    }

    /** Run k (1-based), instance i (1-based, in the order given). */
    public InstanceResult result(int run, int instance) {
        return runs.get(run - 1).get(instance - 1);
    }

    /** The typed report of run k, instance i (null when it ended before reporting). */
    public RunResult report(int run, int instance) {
        return result(run, instance).result();
    }

    /** Instance a vs instance b over all runs (95% CI, Welch's t-test). */
    public Comparison compare(int a, int b) {
        return Groups.compare(new Groups.Pair(List.of(a), List.of(b)), runs, Comparison.DEFAULT_ALPHA);
    }

    /** The summary table jfio-multi prints. */
    public String summary() {
        return Summary.table(runs);
    }
}
