package io.jfio.runner.job;

import io.jfio.jobfile.options.FlowOptions;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * flow_id, flow and flow_sleep (fio's flow.c): jobs of one flow issue I/O in the ratio of their
 * weights, whatever their own speed; fio's t0011 and t0012 check the same ratios. The ratio itself
 * is checked on the Flow rounds, driven in a fixed order: in real runs the job that ends last runs
 * alone and unbalanced once the others have left the flow (in fio too), and how long that lasts is
 * up to the scheduler, so the real runs check only what no scheduling can change.
 */
@Timeout(60)
class FlowTest {

    private static List<Long> ios(String job) {
        Jobs.Result r = Jobs.run(job, "json", false);
        assertEquals(0, r.rc, r.err.toString());
        assertTrue(!r.err.toString().contains("not supported"), r.err.toString());
        JsonNode root = JsonParser.parse(r.out.toString());
        return root.get("jobs").elements().stream().map(j -> j.get("read").getLong("total_ios")).toList();
    }

    /** Drives the jobs' rounds in turn, as threads of equal speed would; returns the I/Os of each. */
    private static long[] rounds(int rounds, int... weights) {
        Flow[] f = new Flow[weights.length];
        for (int i = 0; i < weights.length; i++) {
            f[i] = Flow.join(new FlowOptions(900 + weights.length, weights[i], 0));
        }
        long[] ios = new long[weights.length];
        try {
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < f.length; i++) {
                    if (!f[i].heldBack()) {
                        ios[i]++;
                    }
                }
            }
        } finally {
            for (Flow x : f) {
                x.leave();
            }
        }
        return ios;
    }

    @Test
    void roundsFollowTheWeights() {
        long[] two = rounds(90_000, 1, 8);
        assertEquals(8.0, (double) two[1] / two[0], 0.05, java.util.Arrays.toString(two));
        long[] three = rounds(160_000, 1, 5, 10);
        assertEquals(2.0, (double) three[2] / three[1], 0.02, java.util.Arrays.toString(three));
        assertEquals(10.0, (double) three[2] / three[0], 0.1, java.util.Arrays.toString(three));
    }

    @Test
    void aRateLimitedJobHoldsTheOtherBack() {
        // as fio's t0011: a rate-limited job of weight 1 and a weight-8 job of the same flow. The light
        // job keeps its own rate; the heavy one, balanced against it while both run, does far fewer
        // I/Os than the millions per second a free null job does (its tail alone is unbalanced).
        List<Long> n = ios("[global]\nbs=4k\nioengine=null\nsize=100g\nruntime=1\ntime_based\nflow_id=1\n"
                + "[flow1]\nflow=1\nrate_iops=1000\n[flow2]\nflow=8\n");
        System.out.println("flow 1:8 with rate_iops=1000: " + n);
        assertTrue(n.get(0) > 0 && n.get(0) <= 1010, n.toString());
        List<Long> free = ios("[global]\nbs=4k\nioengine=null\nsize=100g\nruntime=1\ntime_based\n"
                + "[flow1]\nrate_iops=1000\n[flow2]\n");
        System.out.println("the same jobs without flow: " + free);
        assertTrue(n.get(1) * 4 < free.get(1), "with flow " + n + ", without " + free);
    }

    @Test
    void flowSleepRunsThreeJobs() {
        // fio's t0012: weights 1:5:10 with flow_sleep=100; every job takes part and does I/O
        List<Long> n = ios("[global]\nbs=4k\nioengine=null\nsize=100g\nruntime=1\ntime_based\nflow_id=1\n"
                + "flow_sleep=100\nthread\n[flow1]\nflow=1\n[flow2]\nflow=5\n[flow3]\nflow=10\n");
        System.out.println("flow 1:5:10, flow_sleep=100: " + n);
        assertEquals(3, n.size());
        assertTrue(n.stream().allMatch(x -> x > 0), n.toString());
    }

    @Test
    void otherFlowIdsAreIndependent() {
        List<Long> n = ios("[global]\nbs=4k\nioengine=null\nsize=100g\nruntime=1\ntime_based\n"
                + "[a]\nflow_id=1\nflow=1\nrate_iops=500\n[b]\nflow_id=2\nflow=1\nrate_iops=1000\n");
        assertEquals(2.0, (double) n.get(1) / n.get(0), 0.5, n.toString());
    }
}
