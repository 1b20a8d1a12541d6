package io.jfio.runner.cli;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * --idle-prof against fio (3.42 where installed) on the same jobs: the "CPU idleness:" section of
 * the normal report with its numbers masked, the json cpu_idleness keys and their place, terse
 * (which has none), =calibrate's output and exit status, a bad value's error; and the figures
 * themselves are plausible in both: a mostly idle run is idle, a run keeping every CPU busy is not.
 */
class IdleProfVsFioIT {
    /** A second of a few I/Os per second on the null engine: the CPUs stay nearly idle. */
    private static final List<String> IDLE = List.of("--name=idle", "--ioengine=null", "--rw=read", "--bs=4k",
            "--size=1m", "--time_based", "--runtime=1", "--rate_iops=5");

    private static List<String> with(List<String> base, String... more) {
        List<String> a = new ArrayList<>(base);
        a.addAll(List.of(more));
        return a;
    }

    private static Outcome[] both(List<String> args) throws Exception {
        Outcome f = FioVsJfio.fio(args);
        Outcome j = FioVsJfio.jfio(args);
        assertEquals(0, f.rc(), f.both());
        assertEquals(0, j.rc(), j.both());
        return new Outcome[] {f, j};
    }

    /** The report from "CPU idleness:" on (it is the report's end), figures masked. */
    private static String idleSection(String out) {
        int at = out.indexOf("\nCPU idleness:\n");
        assertTrue(at >= 0, out);
        return out.substring(at).replaceAll("[0-9]+\\.[0-9]+", "N");
    }

    private static List<String> keys(JsonNode o) {
        List<String> out = new ArrayList<>();
        for (JsonNode.Member m : o.members()) {
            out.add(m.key());
        }
        return out;
    }

    @Test
    void normalSectionAsFio() throws Exception {
        for (String mode : List.of("system", "percpu")) {
            Outcome[] fj = both(with(IDLE, "--idle-prof=" + mode));
            String f = idleSection(fj[0].out());
            assertEquals(f, idleSection(fj[1].out()), mode);
            assertEquals(mode.equals("percpu") ? 5 : 4, f.split("\n", -1).length - 1, f);
        }
    }

    @Test
    void interimReportsCarryTheSectionWithZeroIdlenessAsFio() throws Exception {
        List<String> args = List.of("--name=idle", "--ioengine=null", "--rw=read", "--bs=4k", "--size=1m",
                "--time_based", "--runtime=3", "--rate_iops=5", "--idle-prof=percpu", "--status-interval=1");
        Outcome[] fj = both(args);
        for (Outcome o : fj) {
            String[] sections = o.out().split("\nCPU idleness:\n", -1);
            // a dump each second and the final report; the idleness is worked out only as the run
            // ends, so the first dump has none (a late dump may follow the end, in fio too)
            assertTrue(sections.length >= 3, o.out());
            assertTrue(sections[1].startsWith("  system: 0.00%\n  percpu: 0.00%, "), sections[1]);
        }
    }

    @Test
    void jsonObjectAsFio() throws Exception {
        for (String mode : List.of("system", "percpu")) {
            Outcome[] fj = both(with(IDLE, "--idle-prof=" + mode, "--output-format=json"));
            JsonNode f = FioVsJfio.json(fj[0].out());
            JsonNode j = FioVsJfio.json(fj[1].out());
            List<String> fk = keys(f);
            // the last member of the document, after the jobs (and the disks fio tracks)
            assertEquals("cpu_idleness", fk.get(fk.size() - 1));
            assertEquals("cpu_idleness", keys(j).get(keys(j).size() - 1));
            assertEquals(keys(f.get("cpu_idleness")), keys(j.get("cpu_idleness")), mode);
            for (JsonNode.Member m : j.get("cpu_idleness").members()) {
                assertEquals(JsonNode.Kind.FLOAT, m.value().kind(), m.key());
            }
        }
    }

    @Test
    void terseHasNoIdlenessAsFio() throws Exception {
        Outcome[] fj = both(with(IDLE, "--idle-prof=percpu", "--output-format=terse"));
        List<String> f = fj[0].out().lines().toList();
        List<String> j = fj[1].out().lines().toList();
        assertEquals(f.size(), j.size(), fj[1].out());
        assertEquals(f.get(f.size() - 1).split(";", -1).length, j.get(j.size() - 1).split(";", -1).length);
        assertTrue(!fj[1].out().contains("idleness"), fj[1].out());
    }

    @Test
    void calibrateOnlyAsFio() throws Exception {
        // no job needed: fio calibrates as it reads the option, prints and exits
        Outcome[] fj = both(List.of("--idle-prof=calibrate"));
        String mask = "[0-9]+\\.[0-9]+";
        assertEquals(fj[0].out().replaceAll(mask, "N"), fj[1].out().replaceAll(mask, "N"));
        assertEquals("CPU idleness:\n  unit work: mean=Nus, stddev=N\n", fj[1].out().replaceAll(mask, "N"));
        assertEquals(fj[0].err(), fj[1].err());
    }

    @Test
    void calibrateWritesIntoAnOutputFileGivenBeforeItAsFio() throws Exception {
        Path dir = Files.createTempDirectory("idle-prof");
        try {
            String mask = "[0-9]+\\.[0-9]+";
            for (String who : List.of("fio", "jfio")) {
                Path before = dir.resolve(who + "-before");
                Path after = dir.resolve(who + "-after");
                List<String> first = List.of("--output=" + before, "--idle-prof=calibrate");
                List<String> last = List.of("--idle-prof=calibrate", "--output=" + after);
                Outcome b = who.equals("fio") ? FioVsJfio.fio(first) : FioVsJfio.jfio(first);
                Outcome a = who.equals("fio") ? FioVsJfio.fio(last) : FioVsJfio.jfio(last);
                assertEquals(0, b.rc(), who);
                assertEquals(0, a.rc(), who);
                assertEquals("", b.out(), who);
                assertEquals("CPU idleness:\n  unit work: mean=Nus, stddev=N\n",
                        Files.readString(before).replaceAll(mask, "N"), who);
                // an --output after it is never reached: stdout, and no file
                assertEquals("CPU idleness:\n  unit work: mean=Nus, stddev=N\n", a.out().replaceAll(mask, "N"), who);
                assertTrue(!Files.exists(after), who);
            }
        } finally {
            try (var s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    @Test
    void badValueAsFio() throws Exception {
        for (String v : List.of("bogus", "", "System")) {
            List<String> args = with(IDLE, "--idle-prof=" + v);
            Outcome f = FioVsJfio.fio(args);
            Outcome j = FioVsJfio.jfio(args);
            assertEquals(1, f.rc(), f.both());
            assertEquals(1, j.rc(), j.both());
            assertEquals("", j.out());
            assertEquals(f.err().lines().findFirst().orElse(""), j.err().lines().findFirst().orElse(""), v);
        }
    }

    private static double systemIdle(Outcome o) {
        return FioVsJfio.json(o.out()).get("cpu_idleness").getDouble("system");
    }

    @Test
    void idleRunIsIdleAndBusyRunIsNot() throws Exception {
        List<String> idle = with(IDLE, "--idle-prof=system", "--output-format=json");
        // one unthrottled null job per CPU keeps every CPU busy
        long cpus;
        try (var dirs = Files.list(Path.of("/sys/devices/system/cpu"))) {
            cpus = dirs.filter(p -> p.getFileName().toString().matches("cpu[0-9]+")).count();
        }
        List<String> busy = List.of("--name=busy", "--ioengine=null", "--rw=read", "--bs=4k", "--size=1g",
                "--time_based", "--runtime=1", "--numjobs=" + cpus, "--idle-prof=system", "--output-format=json");
        // SCHED_IDLE probes see only what other processes leave, and other work comes and goes:
        // three alternating runs; jfio's least disturbed one is its figure, and it is held to
        // fio's only when all of fio's saw a quiet machine
        double fioLeast = Double.MAX_VALUE;
        double fioIdle = 0;
        double jfioIdle = 0;
        for (int i = 0; i < 3; i++) {
            Outcome[] quiet = both(idle);
            fioLeast = Math.min(fioLeast, systemIdle(quiet[0]));
            fioIdle = Math.max(fioIdle, systemIdle(quiet[0]));
            jfioIdle = Math.max(jfioIdle, systemIdle(quiet[1]));
        }
        Outcome[] loaded = both(busy);
        assumeTrue(fioLeast > 60, "skipped: the machine is busy, fio's own idle runs measured as little as "
                + fioLeast + " %");
        assertTrue(jfioIdle > 50, "jfio's idle runs: at most " + jfioIdle + " % (fio at least " + fioLeast + " %)");
        double fioBusy = systemIdle(loaded[0]);
        double jfioBusy = systemIdle(loaded[1]);
        assertTrue(fioBusy < fioIdle, "fio busy " + fioBusy + " %, idle " + fioIdle + " %");
        assertTrue(jfioBusy < jfioIdle, "jfio busy " + jfioBusy + " %, idle " + jfioIdle + " %");
        assertTrue(jfioBusy < 50, "jfio's busy run: " + jfioBusy + " %");
    }
}
