package io.jfio.runner.data;

import io.jfio.testsupport.ShmTempDir;
import org.junit.jupiter.api.io.TempDir;
import io.jfio.jobfile.MachineInfo;
import io.jfio.runner.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.jfio.runner.data.BufferContentsFioIT.distinctBlocks;
import static io.jfio.runner.data.BufferContentsFioIT.zlibRatio;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What jfio writes for each buffer option means what fio documents (compressible share, repeated
 * writes, patterns), measured on the files a psync job wrote: the zlib ratio and the share of
 * distinct 4 KiB blocks. {@link BufferContentsFioIT} compares the same with fio itself.
 */
@Timeout(120)
class BufferContentsTest {
    @TempDir(factory = ShmTempDir.class)
    Path dir;

    private byte[] runJfio(String name, String options, String bs, String size) throws Exception {
        Path jobFile = dir.resolve(name + ".fio");
        Path data = dir.resolve(name + ".dat");
        Files.writeString(jobFile, "[data]\nrw=write\nioengine=psync\nbs=" + bs + "\nsize=" + size + "\nfilename=" + data
                + "\n" + options + "\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {"--output-format=terse", jobFile.toString()}, new PrintStream(out, true),
                new PrintStream(err, true), System.getenv(), MachineInfo.current());
        assertEquals(0, rc, name + ": " + err);
        byte[] b = Files.readAllBytes(data);
        Files.delete(data);
        return b;
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
        // a file laid out for reading: every block fresh data with the job's options (not one chunk repeated)
        assertEquals(1.0, distinctBlocks(runJfio("layout", "rw=read", "64k", "4m")), 1e-9);
        assertEquals(0.5, zlibRatio(runJfio("layoutc50", "rw=read\nbuffer_compress_percentage=50", "64k", "4m")), 0.03);
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
