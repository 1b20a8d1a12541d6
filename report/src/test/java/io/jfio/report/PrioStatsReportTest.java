package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.report.format.JsonFormat;
import io.jfio.report.format.NormalFormat;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** fio's per-priority stats (clat_prio) in the writers, in both fio flavours, and their merge. */
class PrioStatsReportTest {
    private static final int RT0 = 1 << 13;
    private static final int BE3_HINT2 = (2 << 13) | (2 << 3) | 3;

    private static JobResult job(String name, int[] prios, int samples) {
        JobResult t = new JobResult();
        t.name = name;
        DirectionStats read = t.dir(DirectionStats.READ);
        read.prios = prios == null ? null : new PrioStats(prios);
        for (int i = 0; i < samples; i++) {
            long clat = 10_000 + 37L * i;
            read.totalIos++;
            read.ioBytes += 4096;
            read.recordClat(clat);
            read.recordLat(clat + 500, false);
            t.recordLatencyBucket(clat);
            if (read.prios != null) {
                read.prios.record(i % 4 == 0 ? 1 : 0, clat);
            }
        }
        read.runtimeMs = 1000;
        t.totalRunTimeMs = 1000;
        return t;
    }

    private static RunResult run(String version, JobResult... jobs) {
        RunResult run = new RunResult();
        run.fioVersion = version;
        for (JobResult j : jobs) {
            run.addJob(j);
        }
        return run;
    }

    private static List<String> prioLines(String normal) {
        return normal.lines().filter(l -> l.contains(" prio ")).map(String::strip).map(l -> l.substring(0, l.indexOf(':')))
            .toList();
    }

    @Test
    void fio342NormalHasPrioLinesPerPriority() {
        RunResult run = fio342TwoPriorities();
        String normal = NormalFormat.write(run);
        assertEquals(List.of("clat prio 0/0/0 (nsec)", "clat prio 2/3/2 (nsec)",
            "clat prio 0/0/0 (75.00% of IOs) percentiles (nsec)", "clat prio 2/3/2 (25.00% of IOs) percentiles (nsec)"),
            prioLines(normal));
    }

    @Test
    void fio342JsonPlusHasAPrioEntryWithBinsPerPriority() {
        RunResult run = fio342TwoPriorities();
        JsonNode read = JsonParser.parseDocument(JsonFormat.write(run, true)).get("jobs").elements().get(0).get("read");
        List<JsonNode> prios = read.get("prios").elements();
        assertEquals(2, prios.size());
        assertEquals(2, prios.get(1).getLong("prioclass"));
        assertEquals(3, prios.get(1).getLong("prio"));
        assertEquals(2, prios.get(1).getLong("priohint"));
        assertEquals(100, prios.get(1).get("clat_ns").getLong("N"));
        assertTrue(prios.get(1).get("clat_ns").has("bins"));
    }

    @Test
    void fio342PlainJsonHasNoBinsInItsPrioEntries() {
        RunResult run = fio342TwoPriorities();
        JsonNode plain = JsonParser.parseDocument(JsonFormat.write(run, false)).get("jobs").elements().get(0).get("read");
        assertFalse(plain.get("prios").elements().get(0).get("clat_ns").has("bins"));
    }

    private static RunResult fio342TwoPriorities() {
        return run("fio-3.42", job("j", new int[] {0, BE3_HINT2}, 400));
    }

    @Test
    void fio333HasNoHints() {
        RunResult run = run("fio-3.33", job("j", new int[] {0, BE3_HINT2}, 400));
        assertEquals("clat prio 2/3 (nsec)", prioLines(NormalFormat.write(run)).get(1));
        JsonNode p = JsonParser.parseDocument(JsonFormat.write(run, false)).get("jobs").elements().get(0).get("read")
            .get("prios").elements().get(1);
        assertFalse(p.has("priohint"));
    }

    @Test
    void linesOnlyWhenTwoPrioritiesHaveSamples() {
        RunResult run = run("fio-3.42", job("j", new int[] {0, RT0}, 3));
        // Three I/Os: the first at RT, two at the job's priority, so both have samples.
        assertEquals(4, prioLines(NormalFormat.write(run)).size());
        JobResult one = job("k", new int[] {0, RT0}, 1);
        assertEquals(List.of(), prioLines(NormalFormat.write(run("fio-3.42", one))));
        assertFalse(JsonFormat.write(run("fio-3.42", one), false).contains("\"prios\""));
    }

    @Test
    void groupMergeAddsAJobWithoutPriosUnderItsOwnPriority() {
        JobResult a = job("a", new int[] {0, RT0}, 400);
        JobResult b = job("a", null, 200);
        b.dir(DirectionStats.READ).ioprio = BE3_HINT2;
        a.merge(b);
        PrioStats p = a.dir(DirectionStats.READ).prios;
        assertEquals(3, p.count());
        assertEquals(300, p.stat(0).samples());
        assertEquals(100, p.stat(1).samples());
        assertEquals(BE3_HINT2, p.ioprio(2));
        assertEquals(200, p.stat(2).samples());
        assertEquals(200, p.histogram(2).count());
    }
}
