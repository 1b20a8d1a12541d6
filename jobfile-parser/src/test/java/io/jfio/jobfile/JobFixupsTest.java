package io.jfio.jobfile;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Section 8: what fio derives and checks when a job is added for a run. */
class JobFixupsTest {
    static ParseResult run(String text, boolean fatal) throws JobFileException {
        JobFileParser p = new JobFileParser(new JobFileParser.Settings(false, false, List.of(), Map.of(),
                JobFileParserTest.MACHINE, false, fatal));
        p.parseContent("t.fio", text);
        return p.finish();
    }

    static JobSpec job(String text) throws JobFileException {
        return run(text, false).jobs().get(0);
    }

    @Test
    void derivedValues() throws JobFileException {
        JobSpec j = job("[j]\nrw=randread\nbsrange=4k-16k\niodepth=8\nthinktime=5\nthinktime_spin=9\n");
        assertArrayEquals(new long[] {4096, 4096, 4096}, j.getPerDirection("min_bs"));
        assertArrayEquals(new long[] {16384, 16384, 16384}, j.getPerDirection("max_bs"));
        assertEquals(8, j.getLong("iodepth_low"));
        assertEquals(1, j.getLong("iodepth_batch"));
        assertEquals(5, j.getLong("thinktime_spin"));
        assertEquals(1, j.getLong("overwrite"));
        assertEquals(4096, j.getPerDirection("ba")[0]);
        assertEquals(0, j.getLong("time_based"));
        assertEquals(2, job("[j]\nfilename=/a:/b\\:c::\n").getLong("nrfiles"));
        assertEquals(1, job("[j]\nrandom_distribution=zipf:1.2\n").getLong("norandommap"));
        assertEquals(0, job("[j]\nrandseed=5\n").getLong("randrepeat"));
        assertEquals(1, job("[j]\nbuffer_compress_percentage=100\n").getLong("zero_buffers"));
    }

    /** fio's init.c: only a job that never reads warns that a time_based write phase leaves no time to verify. */
    @Test
    void verifyReadPhaseWarningOnlyForWriteOnlyJobs() throws JobFileException {
        String base = "[j]\nverify=crc32c\ntime_based\nruntime=1\nrw=";
        for (String rw : new String[] {"randrw", "rw", "readwrite", "read"}) {
            assertTrue(run(base + rw + "\n", false).warnings().stream()
                    .noneMatch(w -> w.message().contains("never start")), rw);
        }
        for (String rw : new String[] {"write", "randwrite"}) {
            assertTrue(run(base + rw + "\n", false).warnings().stream()
                    .anyMatch(w -> w.message().contains("verification read phase will never start")), rw);
        }
        assertTrue(run(base + "write\nverify_backlog=8\n", false).warnings().stream()
                .noneMatch(w -> w.message().contains("never start")));
    }

    @Test
    void aFixupWarningNamesTheOptionsLine() throws JobFileException {
        ParseResult r = run("[j]\ntime_based\n", false);
        assertTrue(r.warnings().stream().anyMatch(w -> w.message().contains("time_based requires a runtime")));
        assertEquals(new SourceLocation("t.fio", 2), r.warnings().get(0).location());
    }

    @Test
    void warningsFatalMakesAFixupWarningAnError() {
        assertThrows(JobFileException.class, () -> run("[j]\ntime_based\n", true));
    }

    @Test
    void blockalignTurnsTheRandomMapOffWithAWarning() throws JobFileException {
        ParseResult r = run("[j]\nrw=randread\nba=1k\n", false);
        assertTrue(r.warnings().stream().anyMatch(w -> w.message().contains("blockalign")));
        assertEquals(1, r.jobs().get(0).getLong("norandommap"));
    }

    @Test
    void errors() {
        assertTrue(assertThrows(JobFileException.class, () -> run("[j]\nrate=1m\nrate_iops=10\n", false)).line()
                .contains("mutually exclusive"));
        assertTrue(assertThrows(JobFileException.class, () -> run("[j]\nrate=1k\nrate_min=2k\n", false)).line()
                .contains("minimum rate exceeds rate"));
        assertTrue(assertThrows(JobFileException.class, () -> run("[j]\nsize=1k\n", false)).line()
                .contains("t.fio:2: job j: fio: size too small"));
        assertTrue(assertThrows(JobFileException.class, () -> run("[j]\nzonemode=strided\n", false)).line()
                .contains("zonesize must be specified"));
    }
}
