package io.jfio.runner.verify;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * verify_state_save / verify_state_load run as jobs: the state file a writing verify job leaves
 * ({@code local-<job>-<index>-verify.state} in its working directory) and a later read job that
 * verifies only what was written. Each tool runs as its own process in its own working directory; with fio 3.42
 * (JFIO_FIO342 or -Djfio.fio342) jfio's file is byte-identical to fio's and each reads the
 * other's (fio 3.33 has an older state format and is not used).
 */
class VerifyStateIT {
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

    private static FioVsJfio.Outcome jfio(List<String> args, Path dir) throws IOException, InterruptedException {
        return FioVsJfio.run(FioVsJfio.jfioCommand(args), 120, dir);
    }

    private static FioVsJfio.Outcome fio(Path fio, List<String> args, Path dir) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(fio.toString());
        cmd.addAll(args);
        return FioVsJfio.run(cmd, 120, dir);
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
