package io.jfio.runner.data;

import io.jfio.testsupport.ShmTempDir;
import org.junit.jupiter.api.io.TempDir;
import io.jfio.jobfile.MachineInfo;
import io.jfio.runner.cli.Main;
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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What jfio writes for each buffer option, against fio writing the same job (fio 3.42 from
 * JFIO_FIO342, else /usr/bin/fio; the buffer code is the same in 3.33): the zlib ratio and the
 * share of distinct 4 KiB blocks within 0.03 of fio's, and the very same bytes where fio's data does
 * not depend on the time (everything but scrambling). {@link BufferContentsTest} checks the same
 * options against what fio documents them to mean.
 */
@Timeout(240)
class BufferContentsFioIT {
    /** name, job options, true when fio's bytes are reproducible (no time stamps in them). */
    private static final String[][] CASES = {
        {"default", "", "0"},
        {"zero_buffers", "zero_buffers=1", "1"},
        {"refill_buffers", "refill_buffers=1", "1"},
        // fio's fixup_options turns refill_buffers on for verify after the job's flags were set:
        // the job writes its buffers as they are (verify=null: no verify fill either), its numjobs
        // clones refill them
        {"verify_null", "verify=null", "1"},
        {"verify_null_numjobs", "verify=null\nnumjobs=3", "1"},
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
        // files laid out for reading carry the job's buffer contents too, from the same generator
        {"layout_read", "rw=read", "1"},
        {"layout_compress50", "rw=randread\nbuffer_compress_percentage=50", "1"},
        {"layout_then_randrw_refill", "rw=randrw\nrefill_buffers=1", "1"},
    };

    @TempDir(factory = ShmTempDir.class)
    Path dir;

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
        Process v = new ProcessBuilder(fio.toString(), "--version").redirectErrorStream(true).start();
        String version = new String(v.getInputStream().readAllBytes()).trim();
        v.waitFor(30, TimeUnit.SECONDS);
        // random offsets (the randrw case) as that fio draws them; buffer seeds are the same in both
        if (version.startsWith("fio-3.33")) {
            System.setProperty("jfio.seeding", "3.33");
        }
        try {
            compareAll(fio);
        } finally {
            System.clearProperty("jfio.seeding");
        }
    }

    private void compareAll(Path fio) throws Exception {
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
}
