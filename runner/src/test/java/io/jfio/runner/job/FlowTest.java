package io.jfio.runner.job;

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
 * weights, whatever their own speed; fio's t0011 and t0012 check the same ratios. The held-back
 * job counts its rounds, not time, so the ratio holds on a loaded machine too.
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

    @Test
    void weightsSetTheRatioOfIos() {
        // as fio's t0011: a rate-limited job of weight 1 holds a weight-8 job to 8 times its I/Os
        List<Long> n = ios("[global]\nbs=4k\nioengine=null\nsize=100g\nruntime=1\ntime_based\nflow_id=1\n"
                + "[flow1]\nflow=1\nrate_iops=1000\n[flow2]\nflow=8\n");
        double ratio = (double) n.get(1) / n.get(0);
        assertEquals(8.0, ratio, 0.8, n.toString());
        assertTrue(n.get(0) <= 1010, n.toString()); // its own rate, or less when the other cannot keep up
    }

    @Test
    void flowSleepBalancesThreeJobs() {
        // as fio's t0012: weights 1:5:10 with flow_sleep=100
        List<Long> n = ios("[global]\nbs=4k\nioengine=null\nsize=100g\nruntime=1\ntime_based\nflow_id=1\n"
                + "flow_sleep=100\nthread\n[flow1]\nflow=1\n[flow2]\nflow=5\n[flow3]\nflow=10\n");
        assertEquals(2.0, (double) n.get(2) / n.get(1), 0.3, n.toString());
        assertEquals(10.0, (double) n.get(2) / n.get(0), 1.5, n.toString());
    }

    @Test
    void otherFlowIdsAreIndependent() {
        List<Long> n = ios("[global]\nbs=4k\nioengine=null\nsize=100g\nruntime=1\ntime_based\n"
                + "[a]\nflow_id=1\nflow=1\nrate_iops=500\n[b]\nflow_id=2\nflow=1\nrate_iops=1000\n");
        assertEquals(2.0, (double) n.get(1) / n.get(0), 0.2, n.toString());
    }
}
