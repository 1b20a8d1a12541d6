package io.jfio.jobfile.options;

import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** BufferOptions.from: the effective buffer options and fio's td flags (init.c, options.c callbacks). */
class BufferOptionsTest {
    private static JobSpec job(String options) throws JobFileException {
        JobFileParser p = new JobFileParser(JobFileParser.Settings.defaults());
        p.parseContent("t.fio", "[j]\nfilename=/dev/null\nsize=1m\n" + options);
        List<JobSpec> jobs = p.finish().jobs();
        assertEquals(1, jobs.size());
        return jobs.get(0);
    }

    private static BufferOptions of(String options) throws JobFileException {
        return BufferOptions.from(job(options));
    }

    @Test
    void defaultsRandomScrambledNotRefilled() throws JobFileException {
        BufferOptions o = of("rw=write\n");
        assertFalse(o.zeroBuffers());
        assertFalse(o.refillBuffers());
        assertTrue(o.scrambleBuffers());
        assertFalse(o.compressGiven());
        assertEquals(0, o.compressPercentage());
        assertEquals(512, o.compressChunk());
        assertNull(o.pattern());
        assertEquals(0, o.dedupePercentage());
        assertEquals(BufferOptions.DedupeMode.REPEAT, o.dedupeMode());
        assertEquals(5, o.dedupeWorkingSetPercentage());
        assertFalse(o.dedupeGlobal());
    }

    @Test
    void scrambleFlagAsFioDerivesIt() throws JobFileException {
        // an explicit zero_buffers turns the default scrambling off, an explicit scramble_buffers wins
        assertFalse(of("rw=write\nzero_buffers\n").scrambleBuffers());
        assertTrue(of("rw=write\nzero_buffers\nscramble_buffers=1\n").scrambleBuffers());
        assertFalse(of("rw=write\nscramble_buffers=0\n").scrambleBuffers());
    }

    @Test
    void compressionFixUps() throws JobFileException {
        BufferOptions c50 = of("rw=write\nbuffer_compress_percentage=50\nbuffer_compress_chunk=4k\n");
        assertTrue(c50.compressGiven());
        assertTrue(c50.refillBuffers());
        assertEquals(50, c50.compressPercentage());
        assertEquals(4096, c50.compressChunk());
        BufferOptions c100 = of("rw=write\nbuffer_compress_percentage=100\n");
        assertTrue(c100.zeroBuffers());
        assertEquals(0, c100.compressPercentage());
        // an explicit 0 still counts as given: fio then stops scrambling
        BufferOptions c0 = of("rw=write\nbuffer_compress_percentage=0\n");
        assertTrue(c0.compressGiven());
        assertFalse(c0.refillBuffers());
        // the job's refill_buffers=0 stays
        assertFalse(of("rw=write\nbuffer_compress_percentage=50\nrefill_buffers=0\n").refillBuffers());
    }

    @Test
    void aWriteJobsBufferPatternIsKeptAsGiven() throws JobFileException {
        BufferOptions p = of("rw=write\nbuffer_pattern=0xdeadbeef\n");
        assertArrayEquals(new byte[] {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef}, p.pattern().bytes());
        assertFalse(p.scrambleBuffers());
        assertFalse(p.refillBuffers());
    }

    @Test
    void bufferPatternOnAMixedJobRefills() throws JobFileException {
        assertTrue(of("rw=randrw\nbuffer_pattern=0xdeadbeef\n").refillBuffers());
    }

    @Test
    void dedupeOptions() throws JobFileException {
        BufferOptions d = of("rw=write\ndedupe_percentage=60\ndedupe_mode=working_set\ndedupe_working_set_percentage=10\n"
                + "dedupe_global=1\n");
        assertEquals(60, d.dedupePercentage());
        assertEquals(BufferOptions.DedupeMode.WORKING_SET, d.dedupeMode());
        assertEquals(10, d.dedupeWorkingSetPercentage());
        assertTrue(d.dedupeGlobal());
        assertTrue(d.refillBuffers());
        assertTrue(d.compressGiven());
    }

    @Test
    void workingSetNeedsRoomForThePercentage() {
        JobFileException e = assertThrows(JobFileException.class,
                () -> of("rw=write\ndedupe_percentage=96\ndedupe_mode=working_set\n"));
        assertTrue(e.getMessage().contains("impossible to reach expected dedupe percentage 96"), e.getMessage());
    }

    @Test
    void workingSetNeedsSize() {
        JobFileParser p = new JobFileParser(JobFileParser.Settings.defaults());
        JobFileException e = assertThrows(JobFileException.class, () -> {
            p.parseContent("t.fio", "[j]\nfilename=/dev/null\nrw=write\ndedupe_percentage=50\ndedupe_mode=working_set\n");
            p.finish();
        });
        assertTrue(e.getMessage().contains("requires size to be set"), e.getMessage());
    }

    @Test
    void workingSetNeedsOneFile() {
        JobFileParser p2 = new JobFileParser(JobFileParser.Settings.defaults());
        JobFileException e = assertThrows(JobFileException.class, () -> {
            p2.parseContent("t.fio", "[j]\nfilename=/tmp/a:/tmp/b\nsize=1m\nrw=write\ndedupe_percentage=50\n"
                    + "dedupe_mode=working_set\n");
            p2.finish();
        });
        assertTrue(e.getMessage().contains("single file per job, but 2 files"), e.getMessage());
    }
}
