package io.jfio.runner.verify;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * verify_state_save / verify_state_load: the state file a writing verify job leaves
 * ({@code local-<job>-<index>-verify.state} in its working directory) and a later read job that
 * verifies only what was written: the file's layout, the in-flight ring, loading it back
 * (VerifyStateIT runs the writer and reader jobs, with jfio and with fio 3.42).
 */
class VerifyStateTest {
    @Test
    void theFileLayoutIsFios() {
        byte[] a = fourWritesOneCompleted();
        ByteBuffer b = ByteBuffer.wrap(a).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(5, b.getLong(0));
        assertEquals(144 + 4 * 8, b.getLong(8));
        assertEquals(4, b.getInt(24));
        assertEquals(4, b.getLong(32), "writes issued");
        assertEquals(7, b.getLong(40), "thread index");
        assertEquals(0, b.getLong(48), "32-bit generator");
        assertEquals(11, b.getInt(56));
        assertEquals(33, b.getInt(64));
        assertEquals('a', a[24 + 80]);
        assertEquals('/', a[24 + 81], "the name is kept as it is; only the file name escapes '/'");
        assertEquals("local-a.b-7-verify.state", VerifyState.file(Path.of(""), "a/b", 7).toString());
    }

    @Test
    void inflightSlotsFillLikeFiosRing() {
        ByteBuffer b = ByteBuffer.wrap(fourWritesOneCompleted()).order(ByteOrder.LITTLE_ENDIAN);
        // fio's ring: write 3 takes the slot after the last one used, not the freed one
        assertEquals(0, b.getLong(24 + 144));
        assertEquals(-1L, b.getLong(24 + 152));
        assertEquals(2, b.getLong(24 + 160));
        assertEquals(3, b.getLong(24 + 168));
    }

    /** Writes 0, 1, 2 issued in slots 0..2, 1 completed, then write 3 issued in slot 1: encoded. */
    private static byte[] fourWritesOneCompleted() {
        VerifyState s = new VerifyState(4, 4);
        s.issued(0, 0);
        s.issued(1, 1);
        s.issued(2, 2);
        s.completed(1);
        s.issued(1, 3);
        return s.encode("a/b", 7, new long[] {0, 11, 22, 33, 0, 0});
    }

    @Test
    void aLoadedStateStopsWhereTheWriterStopped(@TempDir Path dir) throws IOException {
        fiveWritesTheLastInFlight(dir);
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        PrintStream out = new PrintStream(o, true);
        VerifyState.Loaded l = VerifyState.load(dir, "st", 0, out);
        assertNotNull(l, o.toString());
        assertTrue(!l.shouldStop(3, out));
        assertTrue(l.shouldStop(4, out), "write 4 was still in flight");
        assertTrue(l.shouldStop(5, out));
        assertEquals("Stop verify because seq 4 was an inflight write\nStop verify because seq 5 >= 5\n",
                o.toString().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aStateWithABadCrcIsRefused(@TempDir Path dir) throws IOException {
        Path f = fiveWritesTheLastInFlight(dir);
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        PrintStream out = new PrintStream(o, true);
        byte[] a = Files.readAllBytes(f);
        a[40] ^= 1;
        Files.write(f, a);
        o.reset();
        assertNull(VerifyState.load(dir, "st", 0, out));
        assertEquals("fio: verify state is corrupt", o.toString().trim());
    }

    @Test
    void aMissingStateFileCannotBeOpened(@TempDir Path dir) throws IOException {
        fiveWritesTheLastInFlight(dir);
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        PrintStream out = new PrintStream(o, true);
        assertNull(VerifyState.load(dir, "other", 0, out));
        assertTrue(o.toString().startsWith("fio: open state file: No such file or directory"), o.toString());
    }

    /** The state file of job st after five writes of which the last was still in flight. */
    private static Path fiveWritesTheLastInFlight(Path dir) throws IOException {
        VerifyState s = new VerifyState(2, 2);
        for (int i = 0; i < 5; i++) {
            s.issued(i % 2, i);
            if (i < 4) {
                s.completed(i % 2);
            }
        }
        Path f = VerifyState.file(dir, "st", 0);
        Files.write(f, s.encode("st", 0, null));
        return f;
    }
}
