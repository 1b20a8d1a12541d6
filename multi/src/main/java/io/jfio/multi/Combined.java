package io.jfio.multi;

import io.jfio.report.RunResult;
import io.jfio.report.merge.ExactMerge;
import java.util.ArrayList;
import java.util.List;

/**
 * All instances of one run as one result: the exact merge (summed latency bins, summed counts,
 * longest runtime), one thread_stat per group id named "All instances", like fio's client mode
 * sums its servers into "All clients".
 */
final class Combined {
    static final String NAME = "All instances";

    private Combined() {
    }

    /** The merge of every instance that reported, or null when fewer than two did. */
    static RunResult of(List<InstanceResult> run) {
        List<RunResult> results = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (InstanceResult r : run) {
            if (r.result() != null) {
                results.add(r.result());
                labels.add(r.instance().fileStem());
            }
        }
        if (results.size() < 2) {
            return null;
        }
        try {
            return ExactMerge.merge(results, labels, new ExactMerge.Naming(NAME, false));
        } catch (ExactMerge.NotExactException e) {
            return null; // no bins to sum (cannot happen for in-process results): no merged row
        }
    }

    /** First..last I/O over every instance, ms after the barrier; {-1, -1} without I/O. */
    static double[] window(List<InstanceResult> run) {
        double first = -1;
        double last = -1;
        for (InstanceResult r : run) {
            if (r.firstIoMs() >= 0) {
                first = first < 0 ? r.firstIoMs() : Math.min(first, r.firstIoMs());
                last = Math.max(last, r.lastIoMs());
            }
        }
        return new double[] {first, last};
    }
}
