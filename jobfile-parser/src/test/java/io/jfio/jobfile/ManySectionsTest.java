package io.jfio.jobfile;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Thousands of sections cost each a few own options, not a copy of the ~400 defaults: measured
 * as heap bytes allocated per section (ThreadMXBean, independent of the machine's load).
 * Copying every map per section, as the parser did, allocated about 50 KB a section.
 */
class ManySectionsTest {
    @Test
    void aSectionAllocatesItsOwnOptionsNotTheDefaults() throws Exception {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        parse(200, false); // warm up: class loading and the option catalog
        for (boolean dry : new boolean[] {true, false}) {
            int n = 4000;
            long before = mx.getCurrentThreadAllocatedBytes();
            ParseResult r = parse(n, dry);
            long perSection = (mx.getCurrentThreadAllocatedBytes() - before) / n;
            System.out.printf("%d sections (%s): %d bytes allocated per section%n", n, dry ? "parse-only" : "for a run",
                    perSection);
            assertEquals(n, r.jobs().size());
            assertEquals("read", r.jobs().get(n - 1).getString("rw"));
            assertEquals(8192, r.jobs().get(n - 1).getPerDirection("bs")[0]);
            assertTrue(perSection < 20_000, "bytes allocated per section: " + perSection);
        }
    }

    @Test
    void siblingsDoNotShareTheirValues() throws Exception {
        JobFileParser p = new JobFileParser(settings(false));
        p.parseContent("s.fio", "[global]\nbs=8k\nioengine=null\n[a]\nbs=16k\n[b]\n[global]\nbs=32k\n[c]\n");
        List<JobSpec> jobs = p.finish().jobs();
        assertEquals(16384, jobs.get(0).getPerDirection("bs")[0]);
        assertEquals(8192, jobs.get(1).getPerDirection("bs")[0]);
        assertEquals(32768, jobs.get(2).getPerDirection("bs")[0]);
    }

    private static ParseResult parse(int sections, boolean dry) throws JobFileException {
        StringBuilder b = new StringBuilder("[global]\nioengine=null\nsize=1m\nbs=8k\n");
        for (int i = 0; i < sections; i++) {
            b.append("[j").append(i).append("]\nrw=read\n");
        }
        JobFileParser p = new JobFileParser(settings(dry));
        p.parseContent("many.fio", b.toString());
        return p.finish();
    }

    private static JobFileParser.Settings settings(boolean dry) {
        return new JobFileParser.Settings(dry, false, List.of(), Map.of(), MachineInfo.current(), false, false);
    }
}
