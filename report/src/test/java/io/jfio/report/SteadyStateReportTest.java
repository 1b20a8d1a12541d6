package io.jfio.report;

import io.jfio.report.format.OutputFormat;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The steadystate block and line as fio 3.42 prints them: the values are those of a fio 3.42 run of
 * rw=randread, rate_iops=1000, steadystate=iops:10%, steadystate_duration=2 (ioengine=null), and the
 * expected text is what that run printed.
 */
class SteadyStateReportTest {

    private static RunResult run(SteadyStateResult ss) {
        JobResult j = new JobResult();
        j.name = "ss";
        DirectionStats r = j.dir(0);
        r.ioBytes = 11878400;
        r.totalIos = 2900;
        r.runtimeMs = 2900;
        j.latencyDepth = 1;
        j.steadyState = ss;
        RunResult run = new RunResult();
        run.addJob(j);
        return run;
    }

    @Test
    void jsonBlockIsFiosAttainedBlock() {
        SteadyStateResult ss = new SteadyStateResult("iops", true, 10, 2, true, true, 0, new long[] {1000, 999},
                new long[] {4096000, 4091904}, new long[] {0, 0}, 0.0, 0.5, 0.050025);
        String json = OutputFormat.render(run(ss), Set.of(OutputFormat.JSON), 3);
        String expected = """
                      "latency_window_us" : 0,
                      "steadystate" : {
                        "ss" : "iops:10.000000%",
                        "duration" : 2,
                        "attained" : 1,
                        "criterion" : "0.050025%",
                        "max_deviation" : 0.500000,
                        "slope" : 0.000000,
                        "data" : {
                          "bw_mean" : 4093952,
                          "iops_mean" : 999,
                          "iops" : [
                            1000,
                            999
                          ],
                          "bw" : [
                            4096000,
                            4091904
                          ]
                        }
                      }
                    }
                """;
        assertTrue(json.contains(expected.stripIndent()), json);
    }

    @Test
    void normalLineIsFios() {
        SteadyStateResult ss = new SteadyStateResult("iops", true, 10, 2, true, true, 0, new long[] {1000, 1000},
                new long[] {4098048, 4098048}, new long[] {0, 0}, 0.0, 0.5, 0.05);
        String text = OutputFormat.render(run(ss), Set.of(OutputFormat.NORMAL), 3);
        assertTrue(text.contains("     latency   : target=0.00ns, window=0.00ns, percentile=100.00%, depth=1\n"
                + "  steadystate  : attained=yes, bw=4002KiB/s (4002kB/s), iops=1000, iops mean dev=0.050%\n"), text);
    }

    @Test
    void aFillingLatSlopeWindowIsReportedFromItsHead() {
        // a window still filling, not attained: the ring from its head; lat_ns before iops and bw
        SteadyStateResult ss = new SteadyStateResult("lat_slope", false, 1500, 3, false, false, 0,
                new long[] {10, 20, 0}, new long[] {40960, 81920, 0}, new long[] {900, 1100, 0}, 0, 0, 0);
        String json = OutputFormat.render(run(ss), Set.of(OutputFormat.JSON), 3);
        assertTrue(json.contains("\"ss\" : \"lat_slope:1500.000000\""), json);
        assertTrue(json.contains("\"criterion\" : \"0.000000\""), json);
        assertTrue(json.contains("\"lat_mean\" : 666,\n"), json);
        assertTrue(json.replaceAll("\\s+", "").contains("\"lat_ns\":[900,1100,0],\"iops\":[10,20,0],"), json);
        String text = OutputFormat.render(run(ss), Set.of(OutputFormat.NORMAL), 3);
        assertTrue(text.contains("  steadystate  : attained=no, bw=40KiB/s (40kB/s), iops=10, lat=666nsec,"
                + " lat slope=0.000\n"), text);
    }

    @Test
    void fullWindowNotAttainedStartsBeforeTheHead() {
        // fio's ring: once full and still running, head points at the second oldest sample
        SteadyStateResult ss = new SteadyStateResult("iops", false, 5, 3, false, true, 2, new long[] {120, 150, 100},
                new long[3], new long[3], 0, 0, 0);
        assertTrue(java.util.Arrays.equals(new long[] {150, 100, 120}, ss.ordered(ss.iops())));
    }
}
