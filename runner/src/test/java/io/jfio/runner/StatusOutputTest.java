package io.jfio.runner;

import io.jfio.report.json.JsonParser;
import io.jfio.runner.job.PatternSource;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The live status line and --status-interval reports (null engine: no devices needed). */
@Timeout(60)
class StatusOutputTest {
    private static final String JOB = "[nulljob]\nioengine=null\nrw=randread\nbs=4k\nsize=1g\ntime_based\nruntime=4500ms\n";

    private static Run run(RunRequest req, ByteArrayOutputStream out, ByteArrayOutputStream err) {
        Run r = new Run(req, new PrintStream(out, true), new PrintStream(err, true), Run.defaultEngines(),
                PatternSource.FACTORY);
        return r;
    }

    @Test
    void statusLineIsPrintedWithEtaAlways() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run r = run(new RunRequest(Jobs.parse(JOB), Set.of("normal"), 3, null, "always", 0, 0, false), out, err);
        assertEquals(0, r.execute(), err.toString());
        String o = out.toString();
        String[] lines = o.split("\r");
        System.out.println("status lines: " + String.join(" | ", List.of(lines).subList(0, Math.min(4, lines.length))));
        assertTrue(o.contains("Jobs: 1 (f=1)"), o);
        // Status lines come every second; from the third on they carry the ETA. 4.5 s leave a
        // loaded machine two chances to print one.
        assertTrue(o.contains("[eta "), "an ETA once the job has run 3 s: " + o);
        assertTrue(o.contains("nulljob: (groupid=0, jobs=1): err= 0"), o);
    }

    @Test
    void theIoLoopDoesNotAllocatePerIo() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run r = run(new RunRequest(Jobs.parse("[a]\nioengine=null\nrw=randread\nbs=4k\nsize=4g\nnorandommap\n"
                + "[b]\nioengine=null\niodepth=16\nrw=randrw\nbs=4k\nsize=4g\nnorandommap\n"), Set.of("normal"), 3, null,
                "never", 0, 0, false), out, err);
        assertEquals(0, r.execute(), err.toString());
        for (var j : r.jobs()) {
            long ios = j.stats().totalIoU[0] + j.stats().totalIoU[1];
            long bytes = j.loopAllocatedBytes();
            System.out.printf("%s: %d I/Os, %d bytes allocated in the I/O loop%n", j.spec().name(), ios, bytes);
            assertEquals(1L << 20, ios);
            // Constant set-up only (stats reset, sample windows), nothing per I/O.
            assertTrue(bytes >= 0 && bytes < 256 * 1024, bytes + " bytes");
        }
    }

    @Test
    void statusIntervalPrintsOneCompleteJsonDocumentPerInterval() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run r = run(new RunRequest(Jobs.parse(JOB), Set.of("json"), 3, null, "always", 0, 1000, false), out, err);
        assertEquals(0, r.execute(), err.toString());
        List<String> docs = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (String line : out.toString().split("\n", -1)) {
            cur.append(line).append('\n');
            if (line.equals("}")) {
                docs.add(cur.toString());
                cur.setLength(0);
            }
        }
        assertTrue(docs.size() >= 3, docs.size() + " documents");
        for (String d : docs) {
            assertEquals(1, JsonParser.parseDocument(d).get("jobs").elements().size());
        }
        assertTrue(cur.toString().isBlank(), "nothing after the last document: " + cur);
        assertTrue(err.toString().contains("Jobs: 1"), "status line went to stderr");
    }
}
