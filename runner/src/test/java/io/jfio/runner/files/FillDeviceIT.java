package io.jfio.runner.files;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import io.jfio.testsupport.LoopDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * fill_device (fill_fs) against fio on an 8 MiB tmpfs (its size is exact, so both fill the same
 * bytes): without size= a writing job writes until ENOSPC, logs that I/O's error and ends with no
 * error and exit 0; a reading job lays its file out until the file system is full and reads what fit.
 */
@Timeout(120)
class FillDeviceIT {
    @TempDir
    Path dir;

    /** What a run did: exit status, job error, I/Os and bytes of the direction, files left, io_u error lines. */
    private String run(boolean fio, Path mnt, String rw, String... more) throws Exception {
        try (Stream<Path> s = Files.list(mnt)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Files.delete(p);
            }
        }
        List<String> args = new ArrayList<>(List.of("--name=fd", "--directory=" + mnt, "--rw=" + rw, "--bs=64k",
                "--output-format=json"));
        args.addAll(List.of(more));
        Outcome o = fio ? FioVsJfio.fio(args) : FioVsJfio.jfio(args);
        int start = o.out().indexOf('{');
        assertTrue(start >= 0, o.both());
        JsonNode job = JsonParser.parseDocument(o.out().substring(start)).get("jobs").elements().get(0);
        String dd = rw.contains("read") ? "read" : "write";
        StringBuilder files = new StringBuilder();
        try (Stream<Path> s = Files.list(mnt).sorted()) {
            for (Path p : (Iterable<Path>) s::iterator) {
                files.append(p.getFileName()).append('=').append(Files.size(p)).append(' ');
            }
        }
        long errLines = o.err().lines().filter(l -> l.startsWith("fio: io_u error on file")
                && l.contains("No space left on device")).count();
        return "rc=" + o.rc() + " error=" + job.getLong("error") + " ios=" + job.get(dd).getLong("total_ios")
                + " bytes=" + job.get(dd).getLong("io_bytes") + " files=" + files + "enospc-lines=" + errLines;
    }

    private Path tmpfs() throws IOException {
        LoopDevice.assumeAvailable(); // root and mount(8)
        Path mnt = Files.createDirectories(dir.resolve("fill"));
        try {
            LoopDevice.exec(List.of("mount", "-t", "tmpfs", "-o", "size=8m", "jfio-fill", mnt.toString()));
        } catch (IOException e) {
            assumeTrue(false, "skipped: could not mount a tmpfs: " + e.getMessage());
        }
        return mnt;
    }

    private void compare(String rw, String expected, String... more) throws Exception {
        FioVsJfio.fio();
        Path mnt = tmpfs();
        try {
            String f = run(true, mnt, rw, more);
            String j = run(false, mnt, rw, more);
            System.out.printf("fill_device rw=%s %s%n  fio  %s%n  jfio %s%n", rw, String.join(" ", more), f, j);
            assertEquals(f, j);
            assertEquals(expected, j);
        } finally {
            LoopDevice.exec(List.of("umount", mnt.toString()));
        }
    }

    @Test
    void writeUntilEnospcThenEndWithoutError() throws Exception {
        // 128 writes fill 8 MiB, the 129th fails with ENOSPC: issued and logged, not an error
        compare("write", "rc=0 error=0 ios=129 bytes=8388608 files=fd.0.0=8388608 enospc-lines=1", "--fill_device=1");
    }

    @Test
    void fillFsFillsTwoFilesAsFio() throws Exception {
        compare("write", "rc=0 error=0 ios=129 bytes=8388608 files=fd.0.0=4194304 fd.0.1=4194304 enospc-lines=1",
                "--fill_fs=1", "--nrfiles=2");
    }

    @Test
    void aReadingFillDeviceJobReadsWhatItLaidOut() throws Exception {
        compare("randread", "rc=0 error=0 ios=128 bytes=8388608 files=fd.0.0=8388608 enospc-lines=0",
                "--fill_device=1");
    }

    @Test
    void layoutLineShowsFiosUnboundedSize() throws Exception {
        FioVsJfio.fio();
        Path mnt = tmpfs();
        try {
            List<String> args = List.of("--name=fd", "--directory=" + mnt, "--rw=read", "--bs=64k", "--fill_device=1");
            String line = "fd: Laying out IO file (1 file / 17592186044415MiB)";
            Outcome f = FioVsJfio.fio(args);
            Files.delete(mnt.resolve("fd.0.0"));
            Outcome j = FioVsJfio.jfio(args);
            assertTrue(f.out().contains(line), f.out());
            assertTrue(j.out().contains(line), j.out());
        } finally {
            LoopDevice.exec(List.of("umount", mnt.toString()));
        }
    }
}
