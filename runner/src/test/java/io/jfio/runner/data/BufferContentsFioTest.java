package io.jfio.runner.data;

import io.jfio.jobfile.MachineInfo;
import io.jfio.runner.cli.Main;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.Deflater;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What jfio writes for each buffer option, against fio writing the same job (fio 3.42 from
 * JFIO_FIO342, else /usr/bin/fio; the buffer code is the same in 3.33): the zlib ratio and the
 * share of distinct 4 KiB blocks within 0.03 of fio's, and the very same bytes where fio's data does
 * not depend on the time (everything but scrambling). Without fio, the same options are checked
 * against what fio documents them to mean.
 */
@Timeout(240)
class BufferContentsFioTest {
    /** name, job options, true when fio's bytes are reproducible (no time stamps in them). */
    private static final String[][] CASES = {
        {"default", "", "0"},
        {"zero_buffers", "zero_buffers=1", "1"},
        {"refill_buffers", "refill_buffers=1", "1"},
        {"scramble_off", "scramble_buffers=0", "1"},
        {"pattern_hex", "buffer_pattern=0xdeadbeef", "1"},
        {"pattern_mixed", "buffer_pattern=\"abc\"-10240x0f", "1"},
        {"compress0", "buffer_compress_percentage=0", "1"},
        {"compress25", "buffer_compress_percentage=25", "1"},
        {"compress50", "buffer_compress_percentage=50", "1"},
        {"compress75", "buffer_compress_percentage=75", "1"},
        {"compress100", "buffer_compress_percentage=100", "1"},
        {"compress50_chunk4k", "buffer_compress_percentage=50\nbuffer_compress_chunk=4k", "1"},
        {"compress40_chunk64k_pattern", "buffer_compress_percentage=40\nbuffer_compress_chunk=64k\nbuffer_pattern=0xab",
            "1"},
        {"dedupe50", "dedupe_percentage=50", "1"},
        {"dedupe90", "dedupe_percentage=90", "1"},
        {"dedupe50_ws", "dedupe_percentage=50\ndedupe_mode=working_set", "1"},
        {"dedupe90_ws20", "dedupe_percentage=80\ndedupe_mode=working_set\ndedupe_working_set_percentage=20", "1"},
        {"dedupe_global", "dedupe_percentage=50\ndedupe_mode=working_set\ndedupe_global=1\nnumjobs=2", "1"},
        {"tausworthe64_compress", "random_generator=tausworthe64\nbuffer_compress_percentage=30", "1"},
    };

    private Path dir;

    @BeforeEach
    void scratch() throws IOException {
        Path shm = Path.of("/dev/shm");
        dir = Files.createTempDirectory(Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir")),
                "data-buffers-");
    }

    @AfterEach
    void clean() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    static Path fio() {
        String env = System.getenv("JFIO_FIO342");
        if (env != null && Files.isExecutable(Path.of(env))) {
            return Path.of(env);
        }
        Path p = Path.of("/usr/bin/fio");
        return Files.isExecutable(p) ? p : null;
    }

    private String job(String tool, String options, String bs, String size) {
        return "[data]\nrw=write\nioengine=psync\nbs=" + bs + "\nsize=" + size + "\nfilename_format=" + dir + "/" + tool
                + ".$jobnum\n" + options + "\n";
    }

    private byte[] runFio(Path fio, String name, String options) throws Exception {
        Path jobFile = dir.resolve(name + "-fio.fio");
        Files.writeString(jobFile, job(name + "-fio", options, "16k", "1m"));
        Process p = new ProcessBuilder(fio.toString(), "--output=" + dir.resolve(name + "-fio.out"), jobFile.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve(name + "-fio.err").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "fio hung");
        assertEquals(0, p.exitValue(), name + ": " + Files.readString(dir.resolve(name + "-fio.err")));
        return written(name + "-fio");
    }

    private byte[] runJfio(String name, String options, String bs, String size) throws Exception {
        Path jobFile = dir.resolve(name + "-jfio.fio");
        Files.writeString(jobFile, job(name + "-jfio", options, bs, size));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {"--output-format=terse", jobFile.toString()}, new PrintStream(out, true),
                new PrintStream(err, true), System.getenv(), MachineInfo.current());
        assertEquals(0, rc, name + ": " + err);
        return written(name + "-jfio");
    }

    /** The data files of one run, job 0 first. */
    private byte[] written(String prefix) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int j = 0; Files.exists(dir.resolve(prefix + "." + j)); j++) {
            all.write(Files.readAllBytes(dir.resolve(prefix + "." + j)));
        }
        return all.toByteArray();
    }

    static double zlibRatio(byte[] data) {
        Deflater d = new Deflater(6);
        d.setInput(data);
        d.finish();
        byte[] out = new byte[64 * 1024];
        long n = 0;
        while (!d.finished()) {
            n += d.deflate(out);
        }
        d.end();
        return (double) n / data.length;
    }

    static double distinctBlocks(byte[] data) {
        Set<ByteBuffer> seen = new HashSet<>();
        int blocks = data.length / 4096;
        for (int i = 0; i < blocks; i++) {
            seen.add(ByteBuffer.wrap(data, i * 4096, 4096).slice());
        }
        return (double) seen.size() / blocks;
    }

    @Test
    void writesWhatFioWrites() throws Exception {
        Path fio = fio();
        assumeTrue(fio != null, "skipped: no fio (set JFIO_FIO342 or install /usr/bin/fio)");
        List<String> failures = new ArrayList<>();
        System.out.printf("%-30s %9s %9s %9s %9s %s%n", "case (" + fio + ")", "fio-zlib", "jfio-zlib", "fio-dist",
                "jfio-dist", "bytes");
        for (String[] c : CASES) {
            byte[] f = runFio(fio, c[0], c[1]);
            byte[] j = runJfio(c[0], c[1], "16k", "1m");
            double fz = zlibRatio(f);
            double jz = zlibRatio(j);
            double fd = distinctBlocks(f);
            double jd = distinctBlocks(j);
            boolean same = Arrays.equals(f, j);
            System.out.printf("%-30s %9.3f %9.3f %9.3f %9.3f %s%n", c[0], fz, jz, fd, jd, same ? "identical" : "differ");
            if (f.length != j.length || Math.abs(fz - jz) > 0.03 || Math.abs(fd - jd) > 0.03) {
                failures.add(String.format("%s: zlib %.3f vs %.3f, distinct %.3f vs %.3f, %d vs %d bytes", c[0], fz, jz,
                        fd, jd, f.length, j.length));
            } else if (c[2].equals("1") && !same) {
                failures.add(c[0] + ": the bytes differ from fio's");
            }
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void meansWhatFioDocuments() throws Exception {
        // buffer_compress_percentage: that share of each chunk compresses away
        for (int pct : new int[] {0, 25, 50, 75}) {
            double z = zlibRatio(runJfio("c" + pct, "buffer_compress_percentage=" + pct, "64k", "2m"));
            assertEquals((100 - pct) / 100.0, z, 0.03, "compress " + pct);
        }
        byte[] zero = runJfio("c100", "buffer_compress_percentage=100", "64k", "2m");
        assertArrayEquals(new byte[zero.length], zero);
        // every write its own random data; scramble_buffers=0 writes the one buffer again and again
        assertEquals(1.0, distinctBlocks(runJfio("default", "", "64k", "2m")), 1e-9);
        assertEquals(1.0, distinctBlocks(runJfio("refill", "refill_buffers=1", "64k", "2m")), 1e-9);
        assertEquals(16.0 / 512, distinctBlocks(runJfio("noscramble", "scramble_buffers=0", "64k", "2m")), 1e-9);
        // dedupe_percentage: that share of the writes repeats earlier data (per write: bs=4k)
        for (int pct : new int[] {0, 50, 90}) {
            for (String mode : new String[] {"repeat", "working_set"}) {
                double d = distinctBlocks(runJfio("d" + pct + mode, "dedupe_percentage=" + pct + "\ndedupe_mode=" + mode,
                        "4k", "4m"));
                double expected = pct == 0 ? 1.0 : 1 - pct / 100.0;
                assertEquals(expected, d, 0.05, "dedupe " + pct + " " + mode);
            }
        }
        // buffer_pattern: every write is the pattern from its start
        byte[] p = runJfio("pattern", "buffer_pattern=\"abc\"0x01", "4k", "64k");
        byte[] unit = {'a', 'b', 'c', 1};
        for (int i = 0; i < p.length; i++) {
            if (p[i] != unit[(i % 4096) % unit.length]) {
                throw new AssertionError("pattern byte " + i + " is " + p[i]);
            }
        }
    }
}
