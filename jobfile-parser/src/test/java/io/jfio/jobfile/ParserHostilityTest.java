package io.jfio.jobfile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile job files, each as fio 3.42 reads it: bytes (no charset error), a NUL ends its line,
 * include loops end with one warning, a huge unknown option name gets its error without a
 * quadratic spelling search, /dev/zero is refused instead of filling the heap, numjobs=0 is
 * refused. ParserHostilityFioIT compares the --showcmd output of the first two with fio's.
 */
@Timeout(120)
class ParserHostilityTest {
    @TempDir
    Path dir;

    /** A job file with a Latin-1 byte in a comment, and one with a NUL ending a line. */
    static final byte[] LATIN1 = "[j]\n; caf\u00e9 latin-1\nioengine=null\nsize=1m\n".getBytes(StandardCharsets.ISO_8859_1);
    static final byte[] NUL = "[j]\nioengine=null\nsize=1m\0garbage\n".getBytes(StandardCharsets.ISO_8859_1);

    static ParseResult parse(Path file, boolean showcmd) throws JobFileException {
        JobFileParser p = new JobFileParser(new JobFileParser.Settings(showcmd, showcmd, List.of(), Map.of(),
                MachineInfo.current(), false, false));
        p.parseFile(file.toString());
        return p.finish();
    }

    private Path write(String name, byte[] content) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, content);
        return f;
    }

    @Test
    void aLatin1CommentIsReadAsFioReadsIt() throws Exception {
        readsAsFio(write("l1.fio", LATIN1));
    }

    @Test
    void aNulByteIsReadAsFioReadsIt() throws Exception {
        readsAsFio(write("nul.fio", NUL));
    }

    /** The file gives one 1 MiB job. */
    private void readsAsFio(Path f) throws Exception {
        ParseResult r = parse(f, true);
        assertEquals(1, r.jobs().size());
        assertEquals(1L << 20, r.jobs().get(0).getLong("size"));
    }

    @Test
    void includeLoopsEndWithAWarning() throws Exception {
        Path a = write("a.fio", "[j]\nioengine=null\nsize=1m\ninclude b.fio\n".getBytes(StandardCharsets.UTF_8));
        write("b.fio", "bs=4k\ninclude b.fio\n".getBytes(StandardCharsets.UTF_8));
        ParseResult r = parse(a, false);
        assertEquals(1, r.jobs().size());
        assertTrue(r.warnings().stream().anyMatch(w -> w.toString().contains("include loop")), r.warnings().toString());
        Path self = write("self.fio", "[j]\nioengine=null\nsize=1m\ninclude self.fio\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(1, parse(self, false).jobs().size());
    }

    @Test
    void aNulInAnIncludeNameEndsWithAWarning() throws Exception {
        Path nul = write("n.fio", "[j]\nioengine=null\nsize=1m\ninclude a\0b.fio\n".getBytes(StandardCharsets.ISO_8859_1));
        ParseResult n = parse(nul, false);
        assertTrue(n.warnings().stream().anyMatch(w -> w.toString().contains("unable to open include file")),
                n.warnings().toString());
    }

    @Test
    void aMegabyteUnknownOptionNameFailsCheaply() throws Exception {
        Path f = write("big.fio", ("[j]\nioengine=null\nsize=1m\n" + "x".repeat(1_000_000) + "=1\n")
                .getBytes(StandardCharsets.UTF_8));
        var mx = ManagementFactory.getThreadMXBean();
        long cpu0 = mx.getCurrentThreadCpuTime();
        JobFileException e = assertThrows(JobFileException.class, () -> parse(f, false));
        long ms = (mx.getCurrentThreadCpuTime() - cpu0) / 1_000_000;
        System.out.println("1 MB unknown option: " + ms + " ms CPU");
        assertTrue(e.getMessage().contains("unknown option"), e.getMessage());
        assertTrue(ms < 2000, ms + " ms of CPU for the spelling hint (was 14 s)");
    }

    @Test
    void devZeroIsRefusedWithoutFillingTheHeap() {
        JobFileException e = assertThrows(JobFileException.class, () -> parse(Path.of("/dev/zero"), false));
        assertTrue(e.getMessage().contains("unable to open"), e.getMessage());
    }

    @Test
    void numjobsZeroIsRefusedWhenRunAsFio() throws Exception {
        Path f = numjobsZero();
        assertThrows(JobFileException.class, () -> parse(f, false));
    }

    @Test
    void numjobsZeroIsAcceptedByParseOnlyAsFio() throws Exception {
        Path f = numjobsZero();
        JobFileParser p = new JobFileParser(new JobFileParser.Settings(true, false, List.of(), Map.of(),
                MachineInfo.current(), false, false));
        p.parseFile(f.toString());
        assertEquals(1, p.finish().jobs().size());
    }

    private Path numjobsZero() throws Exception {
        return write("nj.fio", "[j]\nioengine=null\nsize=1m\nnumjobs=0\n".getBytes(StandardCharsets.UTF_8));
    }
}
