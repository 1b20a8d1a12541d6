package io.jfio.runner.verify;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * verify_state_save / verify_state_load: the state file a writing verify job leaves
 * ({@code local-<job>-<index>-verify.state} in its working directory) and a later read job that
 * verifies only what was written. Each tool runs in its own working directory; with fio 3.42
 * (JFIO_FIO342 or -Djfio.fio342) jfio's file is byte-identical to fio's and each reads the
 * other's (fio 3.33 has an older state format and is not used).
 */
class VerifyStateTest {
    /** 256 KiB of zeros, then the writer writes only its first 10 verified blocks. */
    private static List<String> writer(Path file) {
        return List.of("--name=st", "--filename=" + file, "--size=256k", "--bs=4k", "--rw=write", "--verify=crc32c",
                "--ioengine=psync", "--number_ios=10", "--do_verify=0", "--output-format=terse");
    }

    private static List<String> reader(Path file, boolean load) {
        List<String> a = new ArrayList<>(List.of("--name=st", "--filename=" + file, "--size=256k", "--bs=4k",
                "--rw=read", "--verify=crc32c", "--ioengine=psync", "--output-format=terse"));
        if (load) {
            a.add("--verify_state_load=1");
        }
        return a;
    }

    private static FioVsJfio.Outcome run(List<String> cmd, Path dir) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(false).start();
        java.util.concurrent.CompletableFuture<byte[]> err = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return p.getErrorStream().readAllBytes();
            } catch (IOException e) {
                return new byte[0];
            }
        });
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + cmd);
        return new FioVsJfio.Outcome(p.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err.join(), StandardCharsets.UTF_8));
    }

    private static FioVsJfio.Outcome jfio(List<String> args, Path dir) throws IOException, InterruptedException {
        return run(FioVsJfio.jfioCommand(args), dir);
    }

    private static FioVsJfio.Outcome fio(Path fio, List<String> args, Path dir) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(fio.toString());
        cmd.addAll(args);
        return run(cmd, dir);
    }

    private static int terseErr(FioVsJfio.Outcome o) {
        for (String l : o.out().split("\n")) {
            if (l.startsWith("3;")) {
                return Integer.parseInt(l.split(";")[4]);
            }
        }
        throw new AssertionError("no terse line:\n" + o.out() + o.err());
    }

    private static Path zeros(Path dir) throws IOException {
        Path f = dir.resolve("data");
        Files.write(f, new byte[256 * 1024]);
        return f;
    }

    private static Path fio342() {
        String f = System.getenv("JFIO_FIO342");
        if (f == null) {
            f = System.getProperty("jfio.fio342");
        }
        return f != null && Files.isExecutable(Path.of(f)) ? Path.of(f) : null;
    }

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

    @Test
    void jfioReadsBackOnlyWhatItsWriterWrote(@TempDir Path dir) throws Exception {
        Path data = zeros(dir);
        FioVsJfio.Outcome w = jfio(writer(data), dir);
        assertEquals(0, w.rc(), w.err());
        assertTrue(Files.exists(dir.resolve("local-st-0-verify.state")), "verify_state_save=1 is fio's default");
        FioVsJfio.Outcome r = jfio(reader(data, true), dir);
        assertEquals(0, terseErr(r), r.out() + r.err());
        assertTrue(r.out().contains("Stop verify because seq 10 >= 10"), r.out());
        FioVsJfio.Outcome all = jfio(reader(data, false), dir);
        assertEquals(84, terseErr(all), "block 10 was never written: without the state it fails\n" + all.err());
        Files.delete(dir.resolve("local-st-0-verify.state"));
        FioVsJfio.Outcome none = jfio(reader(data, true), dir);
        assertEquals(1, none.rc());
        assertTrue(none.err().contains("fio: open state file: No such file or directory"), none.err());
        assertTrue(none.err().contains("fio: state file: local-st-0-verify.state (for_write=0)"), none.err());
        // verify_state_save=0 writes none
        List<String> nosave = new ArrayList<>(writer(data));
        nosave.add("--verify_state_save=0");
        assertEquals(0, jfio(nosave, dir).rc());
        assertTrue(!Files.exists(dir.resolve("local-st-0-verify.state")));
    }

    @Test
    void stateFilesAreFiosBothWays(@TempDir Path dir) throws Exception {
        Path fio = fio342();
        assumeTrue(fio != null, "fio 3.42 not found (set JFIO_FIO342 or -Djfio.fio342); 3.33's state format differs");
        Path fd = Files.createDirectory(dir.resolve("fio"));
        Path jd = Files.createDirectory(dir.resolve("jfio"));
        Path fdata = zeros(fd);
        Path jdata = zeros(jd);
        assertEquals(0, fio(fio, writer(fdata), fd).rc());
        assertEquals(0, jfio(writer(jdata), jd).rc());
        byte[] fs = Files.readAllBytes(fd.resolve("local-st-0-verify.state"));
        byte[] js = Files.readAllBytes(jd.resolve("local-st-0-verify.state"));
        assertArrayEquals(fs, js, "jfio's state file differs from fio's");
        // each reads the other's: swap the state files, then read back with verify_state_load
        Files.write(fd.resolve("local-st-0-verify.state"), js);
        Files.write(jd.resolve("local-st-0-verify.state"), fs);
        FioVsJfio.Outcome fr = fio(fio, reader(fdata, true), fd);
        assertEquals(0, terseErr(fr), fr.out() + fr.err());
        assertTrue(fr.out().contains("Stop verify because seq 10 >= 10"), fr.out());
        FioVsJfio.Outcome jr = jfio(reader(jdata, true), jd);
        assertEquals(0, terseErr(jr), jr.out() + jr.err());
        assertTrue(jr.out().contains("Stop verify because seq 10 >= 10"), jr.out());
        // and fio's data, read by jfio with fio's state (the data files are the same bytes but
        // the header times)
        FioVsJfio.Outcome cross = jfio(reader(fdata, true), fd);
        assertEquals(0, terseErr(cross), cross.out() + cross.err());
    }
}
