package io.jfio.runner.engines;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.report.json.JsonShape;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Per-I/O priorities (cmdprio) on libaio and io_uring against fio 3.42 on the same loop device:
 * the same per-priority lines in the normal report and the same "prios" arrays in json+, a share
 * of prioritised I/Os within binomial bounds of cmdprio_percentage, and (block_rq_issue's ioprio
 * field, read from a tracefs instance of this test's own) the priorities the kernel received.
 */
@ExtendWith(LoopDevices.class)
class CmdprioVsFioIT {
    private static final Pattern PRIO_LINE = Pattern.compile("^\\s+(c?lat prio [0-9/]+)( \\(\\d+\\.\\d+% of IOs\\))?"
        + "( percentiles)? \\((nsec|usec|msec)\\):.*$", Pattern.MULTILINE);

    private static List<String> args(String dev, String engine, String... extra) {
        List<String> a = new ArrayList<>(List.of("--name=j", "--filename=" + dev, "--ioengine=" + engine,
            "--direct=1", "--rw=randrw", "--bs=4k", "--size=4M", "--iodepth=4", "--randrepeat=0"));
        a.addAll(List.of(extra));
        return a;
    }

    /** The per-priority line names of a normal report ("clat prio 1/0/0", "... percentiles"), in order. */
    private static List<String> prioLines(String normal) {
        List<String> out = new ArrayList<>();
        Matcher m = PRIO_LINE.matcher(normal);
        while (m.find()) {
            out.add(m.group(1) + (m.group(3) == null ? "" : " percentiles"));
        }
        return out;
    }

    private static List<String> prioShape(JsonNode dir) {
        List<String> shape = new ArrayList<>();
        for (String s : JsonShape.of(dir.get("prios"))) {
            shape.add(s);
        }
        return shape;
    }

    /** prioclass/prio/priohint -> N of one direction's prios array. */
    private static Map<String, Long> prioCounts(JsonNode dir, String latKey) {
        Map<String, Long> out = new TreeMap<>();
        for (JsonNode p : dir.get("prios").elements()) {
            out.put(p.getLong("prioclass") + "/" + p.getLong("prio") + "/" + p.getLong("priohint"),
                p.get(latKey).getLong("N"));
        }
        return out;
    }

    private static void assertShare(long got, long n, double p, String what) {
        double sd = Math.sqrt(n * p * (1 - p));
        assertTrue(Math.abs(got - n * p) <= 5 * sd + 1, what + ": " + got + " of " + n + " for p=" + p);
    }

    @ParameterizedTest
    @ValueSource(strings = {"libaio", "io_uring"})
    void percentageGivesFiosPerPriorityReport(String engine, @Loop(mib = 8) LoopDevice dev) throws Exception {
        Path fio = FioVsJfio.fio342();
        List<String> a = args(dev.device(), engine, "--cmdprio_percentage=30");
        List<String> normal = new ArrayList<>(a);
        normal.add("--output-format=normal");
        FioVsJfio.Outcome f = FioVsJfio.run(withFio(fio, normal), 120);
        FioVsJfio.Outcome j = FioVsJfio.jfio(normal);
        assertEquals(0, f.rc(), f.err());
        assertEquals(0, j.rc(), j.err());
        assertEquals(prioLines(f.out()), prioLines(j.out()), j.out());
        assertEquals(List.of("clat prio 0/0/0", "clat prio 1/0/0", "clat prio 0/0/0 percentiles",
            "clat prio 1/0/0 percentiles"), prioLines(j.out()).subList(0, 4));

        List<String> plus = new ArrayList<>(a);
        plus.add("--output-format=json+");
        JsonNode fj = JsonParser.parseDocument(FioVsJfio.run(withFio(fio, plus), 120).out()).get("jobs").elements().get(0);
        FioVsJfio.Outcome jo = FioVsJfio.jfio(plus);
        JsonNode jj = JsonParser.parseDocument(jo.out()).get("jobs").elements().get(0);
        // randrepeat=0: the read/write mix differs run by run, the total does not.
        assertEquals(fj.get("read").getLong("total_ios") + fj.get("write").getLong("total_ios"),
            jj.get("read").getLong("total_ios") + jj.get("write").getLong("total_ios"));
        for (String d : List.of("read", "write")) {
            JsonNode fd = fj.get(d);
            JsonNode jd = jj.get(d);
            assertEquals(prioShape(fd).size() > 0, true);
            assertEquals(prioShape(fd).stream().filter(s -> !s.contains(".bins.")).toList(),
                prioShape(jd).stream().filter(s -> !s.contains(".bins.")).toList(), d);
            Map<String, Long> counts = prioCounts(jd, "clat_ns");
            assertEquals(List.of("0/0/0", "1/0/0"), new ArrayList<>(counts.keySet()), d);
            long n = jd.get("clat_ns").getLong("N");
            assertEquals(n, counts.get("0/0/0") + counts.get("1/0/0"), d + ": every I/O in one priority");
            assertShare(counts.get("1/0/0"), n, 0.30, d);
            long bins = 0;
            for (JsonNode p : jd.get("prios").elements()) {
                for (JsonNode.Member m : p.get("clat_ns").get("bins").members()) {
                    bins += m.value().asLong();
                }
            }
            assertEquals(n, bins, d + ": json+ bins of the priorities add up");
        }
    }

    @Test
    void cmdprioBssplitOverAJobPriorityReportsLatPriosAsFio(@Loop(mib = 8) LoopDevice dev) throws Exception {
        Path fio = FioVsJfio.fio342();
        List<String> a = args(dev.device(), "io_uring", "--bssplit=4k/50:8k/50", "--prio=3", "--prioclass=2",
            "--cmdprio_bssplit=4k/40/3/0:8k/50/2/6", "--lat_percentiles=1", "--output-format=normal,json");
        FioVsJfio.Outcome f = FioVsJfio.run(withFio(fio, a), 120);
        FioVsJfio.Outcome j = FioVsJfio.jfio(a);
        assertEquals(0, f.rc(), f.err());
        assertEquals(0, j.rc(), j.err());
        assertEquals(prioLines(f.out()), prioLines(j.out()), j.out());
        assertTrue(prioLines(j.out()).contains("lat prio 2/3/0"), j.out());
        JsonNode jd = JsonParser.parseDocument(j.out().substring(j.out().indexOf('{'))).get("jobs").elements().get(0)
            .get("read");
        Map<String, Long> counts = prioCounts(jd, "lat_ns");
        assertEquals(List.of("2/3/0", "2/6/0", "3/0/0"), new ArrayList<>(counts.keySet()), counts.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"libaio", "io_uring"})
    void theKernelGetsThePriorities(String engine, @Loop(mib = 8) LoopDevice dev) throws Exception {
        Path tracing = Path.of("/sys/kernel/tracing");
        boolean mounted = false;
        if (!Files.isDirectory(tracing.resolve("instances")) && "root".equals(System.getProperty("user.name"))) {
            mounted = LoopDevice.exec(List.of("mount", "-t", "tracefs", "nodev", tracing.toString())) != null
                && Files.isDirectory(tracing.resolve("instances"));
        }
        try {
            assumeTrue(Files.isDirectory(tracing.resolve("instances")), "skipped: no tracefs at /sys/kernel/tracing");
            Path format = tracing.resolve("events/block/block_rq_issue/format");
            assumeTrue(Files.exists(format) && Files.readString(format).contains("ioprio"),
                "skipped: block_rq_issue has no ioprio field on this kernel");
            traceOneRun(engine, dev, tracing.resolve("instances/jfio-cmdprio-" + ProcessHandle.current().pid()));
        } finally {
            if (mounted) {
                LoopDevice.exec(List.of("umount", tracing.toString()));
            }
        }
    }

    private static void traceOneRun(String engine, LoopDevice dev, Path instance) throws Exception {
        Files.createDirectory(instance);
        try {
            Path ev = instance.resolve("events/block/block_rq_issue");
            long rdev = (long) Files.getAttribute(Path.of(dev.device()), "unix:rdev");
            long kdev = ((rdev >> 8) & 0xfff) << 20 | (rdev & 0xff) | ((rdev >> 12) & 0xfff00);
            Files.writeString(ev.resolve("filter"), "dev == " + kdev);
            Files.writeString(ev.resolve("enable"), "1");
            FioVsJfio.Outcome j = FioVsJfio.jfio(args(dev.device(), engine, "--rw=randread", "--cmdprio_percentage=40",
                "--cmdprio_class=2", "--cmdprio=6", "--cmdprio_hint=0", "--output-format=json"));
            Files.writeString(ev.resolve("enable"), "0");
            assertEquals(0, j.rc(), j.err());
            long n = JsonParser.parseDocument(j.out()).get("jobs").elements().get(0).get("read").getLong("total_ios");
            String trace = Files.readString(instance.resolve("trace"));
            Matcher m = Pattern.compile(" R 4096 \\(\\) \\d+ \\+ 8 ([a-z]+),(\\d+),(\\d+) ").matcher(trace);
            long be6 = 0;
            long all = 0;
            while (m.find()) {
                all++;
                if (m.group(1).equals("be") && m.group(3).equals("6")) {
                    be6++;
                }
            }
            // Adjacent random reads may merge into one request; the rest are one request each.
            assertTrue(all > n / 2, all + " 4k requests for " + n + " reads");
            assertShare(be6, all, 0.40, "requests the kernel issued at best-effort level 6");
        } finally {
            Path ev = instance.resolve("events/block/block_rq_issue/enable");
            try {
                Files.writeString(ev, "0");
            } catch (IOException ignored) {
                // the instance may not have come up
            }
            Files.deleteIfExists(instance);
        }
    }

    @Test
    void logsCarryEachIosPriority(@Loop(mib = 8) LoopDevice dev, @org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path fio = FioVsJfio.fio342();
        Map<String, Map<String, Long>> byTool = new TreeMap<>();
        for (String tool : List.of("fio", "jfio")) {
            List<String> a = args(dev.device(), "io_uring", "--rw=randread", "--size=1M", "--cmdprio_percentage=50",
                "--prioclass=2", "--prio=3", "--write_lat_log=" + dir.resolve(tool), "--log_prio=1",
                "--output-format=terse");
            FioVsJfio.Outcome o = tool.equals("fio") ? FioVsJfio.run(withFio(fio, a), 120) : FioVsJfio.jfio(a);
            assertEquals(0, o.rc(), o.err());
            Map<String, Long> prios = new TreeMap<>();
            for (String line : Files.readAllLines(dir.resolve(tool + "_clat.1.log"))) {
                prios.merge(line.split(",\\s*")[4], 1L, Long::sum);
            }
            byTool.put(tool, prios);
        }
        assertEquals(byTool.get("fio").keySet(), byTool.get("jfio").keySet(), byTool.toString());
        assertEquals(List.of("0x2000", "0x4003"), new ArrayList<>(byTool.get("jfio").keySet()));
        assertShare(byTool.get("jfio").get("0x2000"), 256, 0.5, "clat log rows at RT priority");
    }

    private static List<String> withFio(Path fio, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(fio.toString());
        cmd.addAll(args);
        return cmd;
    }
}
