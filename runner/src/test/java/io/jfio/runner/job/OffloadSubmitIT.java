package io.jfio.runner.job;

import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import io.jfio.testsupport.ShmTempDir;
import io.jfio.testsupport.Strace;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;

/**
 * io_submit_mode=offload (fio's rate-submit.c workqueue): units go to a submit thread, the counts
 * are those of fio 3.42, which times no unit in this mode (its submit workers never leave their
 * ramp state: no slat, clat or lat), counts depth 1 for every unit, one submit and one completion
 * per unit except for null, and never makes the fsync cadence's syncs. Compared with fio 3.42 where
 * it is installed (fio 3.33 still timed the units, and hangs on an offloaded psync job: not compared).
 * Its iodepth submit workers each have an engine of their own, so a sync engine has more than one
 * I/O in flight, as in fio.
 */
@ExtendWith(LoopDevices.class)
class OffloadSubmitIT {
    @TempDir(factory = ShmTempDir.class)
    Path dir;

    private List<String> args(String engine, int depth, String rw) {
        return List.of("--name=t", "--directory=" + dir, "--filename=o.dat", "--size=1m", "--bs=4k", "--rw=" + rw,
                "--ioengine=" + engine, "--iodepth=" + depth, "--io_submit_mode=offload", "--fsync=4",
                "--output-format=json");
    }

    /** What fio's report shows of the mode: totals, latency sample counts, the depth/submit/complete maps. */
    private static String outcome(FioVsJfio.Outcome o) {
        JsonNode j = FioVsJfio.json(o.out()).get("jobs").elements().get(0);
        StringBuilder b = new StringBuilder("rc=" + o.rc() + " err=" + j.get("error").asLong());
        for (String d : List.of("read", "write")) {
            JsonNode r = j.get(d);
            b.append(' ').append(d).append('=').append(r.get("total_ios").asLong()).append('/')
                    .append(r.get("io_bytes").asLong()).append(" slat/clat/lat N=")
                    .append(r.get("slat_ns").get("N").asLong()).append('/')
                    .append(r.get("clat_ns").get("N").asLong()).append('/')
                    .append(r.get("lat_ns").get("N").asLong());
        }
        b.append(" sync=").append(j.get("sync").get("total_ios").asLong());
        for (String m : List.of("iodepth_level", "iodepth_submit", "iodepth_complete", "latency_us")) {
            b.append(' ').append(m).append('[');
            for (JsonNode.Member e : j.get(m).members()) {
                if (e.value().asDouble() != 0) {
                    b.append(e.key()).append('=').append(e.value().asDouble()).append(',');
                }
            }
            b.append(']');
        }
        return b.toString();
    }

    @ParameterizedTest
    @CsvSource({"null, 1", "null, 4", "null, 8", "psync, 1", "psync, 4", "psync, 8", "libaio, 4", "libaio, 8"})
    void countsAsFio342(String engine, int depth) throws IOException {
        List<String> a = args(engine, depth, "randrw");
        FioVsJfio.Outcome mine = FioVsJfio.jfio(a);
        assertEquals("", mine.err(), "no warning: offload is implemented");
        String jfio = outcome(mine);
        assertTrue(jfio.contains("slat/clat/lat N=0/0/0 write="), jfio);
        assertTrue(jfio.endsWith("slat/clat/lat N=0/0/0 sync=0 iodepth_level[1=100.0,] "
                        + (engine.equals("null") ? "iodepth_submit[] iodepth_complete[] "
                                : "iodepth_submit[4=100.0,] iodepth_complete[4=100.0,] ") + "latency_us[]"), jfio);
        Path fio = FioVsJfio.fioOrNull();
        org.junit.jupiter.api.Assumptions.assumeTrue(fio != null && FioVsJfio.version(fio).startsWith("fio-3.42"),
                "skipped: the comparison needs fio 3.42 (set JFIO_FIO342); fio 3.33 timed offloaded units");
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(a);
        Files.deleteIfExists(dir.resolve("o.dat"));
        assertEquals(outcome(FioVsJfio.run(cmd, 120)), jfio);
    }

    @Test
    void ioUringRefusesOffloadAsFio() throws IOException {
        List<String> a = List.of("--name=t", "--directory=" + dir, "--filename=u.dat", "--size=64k",
                "--ioengine=io_uring", "--io_submit_mode=offload");
        FioVsJfio.Outcome o = FioVsJfio.jfio(a);
        assertEquals(1, o.rc());
        String refusal = "io_uring: can't be used with offloaded submit. Use a sync engine\nfio: failed to load engine\n"
                + "Can't create rate workqueue\n";
        assertEquals(refusal, o.err());
        assertTrue(o.out().contains(", err=3/file:workqueue.c:372, func=workqueue_init, error=No such process\n"), o.out());
        Path fio = FioVsJfio.fioOrNull();
        org.junit.jupiter.api.Assumptions.assumeTrue(fio != null && FioVsJfio.version(fio).startsWith("fio-3.42"),
                "skipped: the comparison needs fio 3.42 (set JFIO_FIO342)");
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(a);
        FioVsJfio.Outcome f = FioVsJfio.run(cmd, 60);
        assertEquals(f.rc(), o.rc());
        assertEquals(f.err(), o.err());
    }

    @Test
    void submitThreadEndsWithTheJob() {
        FioVsJfio.Outcome o = FioVsJfio.jfio(args("psync", 4, "read"));
        assertEquals(0, o.rc(), o.err());
        assertEquals(256, FioVsJfio.json(o.out()).get("jobs").elements().get(0).get("read").get("total_ios").asLong());
        assertFalse(Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().startsWith("jfio-submit-")),
                "a submit thread outlived its job");
    }

    /**
     * psync at iodepth=4 on a loop device read with O_DIRECT (each pread sleeps until the loop
     * driver's worker has served it): strace sees up to four workers inside pread at once in
     * both tools (a pread entered before another thread's returned), with equal counts and depth
     * lines; at iodepth=1 one pread at a time.
     */
    @Test
    void syncEngineHasSeveralIosInFlightAsFio(@Loop(mib = 8) LoopDevice dev) throws IOException {
        Strace.assumeInstalled();
        Path fio = FioVsJfio.fioOrNull();
        boolean compare = fio != null && FioVsJfio.version(fio).startsWith("fio-3.42");
        for (int depth : new int[] {4, 1}) {
            List<String> a = List.of("--name=t", "--filename=" + dev.device(), "--direct=1", "--size=4m", "--bs=4k",
                    "--rw=randread", "--ioengine=psync", "--iodepth=" + depth, "--io_submit_mode=offload",
                    "--output-format=json");
            Traced mine = strace(FioVsJfio.jfioCommand(a));
            assertEquals(0, mine.rc(), mine.err());
            int[] jfio = inFlight(mine.trace(), dev.device());
            System.out.printf("iodepth=%d: jfio %d preads, at most %d in flight, %d threads%n", depth, jfio[0], jfio[1],
                    jfio[2]);
            assertEquals(1024, jfio[0], "jfio's preads of the device");
            if (depth == 1) {
                assertEquals(1, jfio[1], "jfio at iodepth=1: one pread at a time");
            } else {
                assertTrue(jfio[1] > 1 && jfio[1] <= depth, "jfio's peak preads in flight: " + jfio[1]);
                assertEquals(depth, jfio[2], "jfio's threads that issued preads");
            }
            if (!compare) {
                continue;
            }
            List<String> cmd = new ArrayList<>(List.of(fio.toString()));
            cmd.addAll(a);
            Traced theirs = strace(cmd);
            int[] f = inFlight(theirs.trace(), dev.device());
            System.out.printf("iodepth=%d: fio %d preads, at most %d in flight, %d threads%n", depth, f[0], f[1], f[2]);
            assertEquals(1024, f[0], "fio's preads of the device");
            assertTrue(depth == 1 ? f[1] == 1 : f[1] > 1 && f[1] <= depth, "fio's peak preads in flight: " + f[1]);
            assertEquals(outcome(theirs.outcome()), outcome(mine.outcome()));
        }
    }

    private record Traced(FioVsJfio.Outcome outcome, Strace.Trace trace) {
        int rc() {
            return outcome.rc();
        }

        String err() {
            return outcome.err();
        }
    }

    private Traced strace(List<String> cmd) throws IOException {
        Strace.Run r = new Strace("-y", "-e", "trace=pread64").run(dir, cmd, null, 300);
        return new Traced(new FioVsJfio.Outcome(r.rc(), r.out(), r.err()), r.trace());
    }

    /**
     * The preads of {@code device}, the most threads inside one at once, and how many threads
     * issued them. A pread is in flight from its entry timestamp for as long as strace timed it,
     * and another thread's pread that starts inside it was entered before it returned: the order
     * the one tracer saw them in, what strace -f showed as an unfinished call. strace times a call
     * from the end of its entry's decoding, after the timestamp, so the interval ends before the
     * tracer saw the return: no overlap is made up (but by a step of the wall clock meanwhile).
     */
    private static int[] inFlight(Strace.Trace trace, String device) {
        List<Strace.Line> preads = new ArrayList<>();
        Set<Integer> issuers = new HashSet<>();
        for (Strace.Line l : trace.merged()) { // in entry order, which the break below relies on
            if (l.text().startsWith("pread64(") && l.text().contains("<" + device + ">")) {
                preads.add(l);
                issuers.add(l.tid());
            }
        }
        int peak = 0;
        for (Strace.Line l : preads) {
            // a thread has one call in flight at most: itself, and every other thread still inside one
            Set<Integer> inside = new HashSet<>(Set.of(l.tid()));
            for (Strace.Line o : preads) {
                if (o.startNs() >= l.startNs()) {
                    break;
                }
                if (o.tid() != l.tid() && o.endNs() > l.startNs()) {
                    inside.add(o.tid());
                }
            }
            peak = Math.max(peak, inside.size());
        }
        return new int[] {preads.size(), peak, issuers.size()};
    }
}
