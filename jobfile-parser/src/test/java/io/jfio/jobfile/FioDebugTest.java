package io.jfio.jobfile;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** fio's set_debug rules as jfio applies them; the lines against fio are DebugLinesIT's. */
class FioDebugTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void off() {
        FioDebug.reset();
    }

    private boolean set(String v) {
        return FioDebug.set(v, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void typesMatchByTheirLengthAsFioStrncmp() {
        assertFalse(set("iox,rand"));
        assertTrue(FioDebug.on(FioDebug.Type.IO));
        assertFalse(FioDebug.on(FioDebug.Type.RANDOM), "rand is shorter than random: not found");
        assertEquals("fio: set debug option iox\n", out.toString(StandardCharsets.UTF_8));
        assertEquals("fio: debug mask rand not found\n", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aTypeWithoutLinesSaysSoAndWhy() {
        set("mutex,time");
        assertTrue(FioDebug.on(FioDebug.Type.MUTEX) && FioDebug.on(FioDebug.Type.TIME));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.startsWith("fio: warning: --debug=mutex prints no lines in jfio: its lines are fio's start-up"
                + " semaphores"), e);
        assertTrue(e.contains("fio: warning: --debug=time prints no lines in jfio: its lines are fio's calibration"), e);
    }

    @Test
    void diskutilHelperthreadAndCompressHaveLines() {
        set("diskutil,helperthread,compress");
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void blktraceHasLinesAndIsNotWarned() {
        set("blktrace");
        assertTrue(FioDebug.on(FioDebug.Type.BLKTRACE));
        assertTrue(FioDebug.PRINTED.contains(FioDebug.Type.BLKTRACE));
        assertEquals("fio: set debug option blktrace\n", out.toString(StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aTypeFioPrintsNothingForIsNotWarned() {
        set("net");
        assertTrue(FioDebug.on(FioDebug.Type.NET));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void allTurnsEveryTypeOnAndLinesCarryTheTypeAndPid() {
        set("all");
        for (FioDebug.Type t : FioDebug.Type.values()) {
            assertTrue(FioDebug.on(t), t.fioName);
        }
        FioDebug.line(FioDebug.Type.RANDOM, "x");
        String pid = String.valueOf(ProcessHandle.current().pid());
        assertTrue(out.toString(StandardCharsets.UTF_8).endsWith(String.format("random   %-5s x%n", pid)),
                out.toString(StandardCharsets.UTF_8));
        FioDebug.reset();
        assertFalse(FioDebug.on(FioDebug.Type.IO));
    }

    @Test
    void helpListsTheTypesAndAsksToExit() {
        assertTrue(set("?"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("fio: dumping debug options:process,file,io,"));
        assertTrue(out.toString(StandardCharsets.UTF_8).endsWith(",sprandom,all\n"));
    }
}
