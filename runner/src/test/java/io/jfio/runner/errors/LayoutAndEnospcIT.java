package io.jfio.runner.errors;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Layout and out-of-space behaviour against fio on the same file system: fallocate=none|0|keep
 * must not truncate the target and then skip the I/O (the writes extend the file, as fio's), a
 * layout that runs out of space fails the job with err=28 and exit 1, and ENOSPC during the I/O
 * is reported, not mistaken for the end of a partly allocated file.
 */
@Timeout(120)
@ExtendWith(LoopDevices.class)
class LayoutAndEnospcIT {
    @Test
    void fallocateNoneZeroKeepWriteWhatFioWrites(@Loop(mib = 64) LoopDevice dev) throws Exception {
        FioVsJfio.fio();
        Path mnt = dev.mountExt4();
        Path file = mnt.resolve("errors-fallocate.dat");
        StringBuilder table = new StringBuilder();
        for (String mode : new String[] {"none", "0", "keep"}) {
            for (String rw : new String[] {"write", "randwrite"}) {
                List<String> args = List.of("--name=fa", "--filename=" + file, "--rw=" + rw, "--size=4m",
                        "--bs=64k", "--fallocate=" + mode, "--output-format=json");
                long[] fio = runOn(file, () -> FioVsJfio.fio(args));
                long[] jfio = runOn(file, () -> FioVsJfio.jfio(args));
                table.append(String.format("fallocate=%-4s rw=%-9s fio size=%d bytes=%d  jfio size=%d bytes=%d%n",
                        mode, rw, fio[0], fio[1], jfio[0], jfio[1]));
                assertEquals(fio[0], jfio[0], mode + " " + rw + ": file size after the run");
                assertEquals(fio[1], jfio[1], mode + " " + rw + ": bytes written");
                assertEquals(4L << 20, jfio[1], mode + " " + rw + ": the whole size is written");
            }
        }
        System.out.print(table);
    }

    @Test
    void enospcDuringLayoutIsErr28AsFio(@Loop(mib = 64) LoopDevice dev) throws Exception {
        enospcAsFio(dev, "read");
    }

    @Test
    void enospcDuringIoIsErr28AsFio(@Loop(mib = 64) LoopDevice dev) throws Exception {
        enospcAsFio(dev, "write");
    }

    /** A 256 MiB job on a 64 MiB ext4: a reader runs out laying its file out, a writer during its I/O. */
    private static void enospcAsFio(LoopDevice dev, String rw) throws Exception {
        FioVsJfio.fio();
        Path mnt = dev.mountExt4();
        Path file = mnt.resolve("errors-enospc.dat");
        List<String> args = List.of("--name=big", "--filename=" + file, "--rw=" + rw, "--size=256m",
                "--bs=64k", "--output-format=json");
        Files.deleteIfExists(file);
        Outcome f = FioVsJfio.fio(args);
        Files.deleteIfExists(file);
        Outcome j = FioVsJfio.jfio(args);
        Files.deleteIfExists(file);
        System.out.printf("rw=%s on a 64 MiB ext4: fio rc=%d err=%d, jfio rc=%d err=%d%n", rw, f.rc(),
                error(f), j.rc(), error(j));
        assertEquals(1, f.rc(), f.err());
        assertEquals(f.rc(), j.rc(), j.err());
        assertEquals(28, error(f));
        assertEquals(error(f), error(j), j.both());
        String func = rw.equals("read") ? "func=write" : "func=io_u error";
        assertTrue(f.both().contains(func) && j.both().contains(func), f.both() + "\n---\n" + j.both());
        if (rw.equals("read")) {
            assertTrue(j.out().contains("fio: ENOSPC on laying out file, stopping"), j.out());
        } else {
            long fb = job(f).get("write").getLong("io_bytes");
            long jb = job(j).get("write").getLong("io_bytes");
            assertTrue(jb > 0 && Math.abs(fb - jb) <= fb / 10, "bytes written before ENOSPC: fio " + fb
                    + " jfio " + jb);
        }
    }

    private interface Runner {
        Outcome run() throws Exception;
    }

    /** Runs against a fresh 1 MiB file; returns {file size after, write io_bytes}. */
    private static long[] runOn(Path file, Runner r) throws Exception {
        Files.deleteIfExists(file);
        Files.write(file, new byte[1 << 20]);
        Outcome o = r.run();
        assertEquals(0, o.rc(), o.both());
        long size = Files.size(file);
        Files.delete(file);
        return new long[] {size, job(o).get("write").getLong("io_bytes")};
    }

    private static JsonNode job(Outcome o) {
        String out = o.out();
        int start = out.indexOf('{');
        assertTrue(start >= 0, "json report in:\n" + o.both());
        List<JsonNode> jobs = new ArrayList<>(JsonParser.parseDocument(out.substring(start)).get("jobs").elements());
        assertEquals(1, jobs.size());
        return jobs.get(0);
    }

    private static long error(Outcome o) {
        return job(o).getLong("error");
    }
}
