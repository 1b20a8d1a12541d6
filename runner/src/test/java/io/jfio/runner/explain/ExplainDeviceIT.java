package io.jfio.runner.explain;

import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --explain's device traps on a 16 MiB loop device with 4096-byte logical blocks: size beyond the
 * device and direct=1 with 1 KiB blocks, on the device and on a file of its ext4; and what real fio
 * does with the same jobs (it does 16 MiB only; its direct 1 KiB reads fail with EINVAL).
 */
@Timeout(120)
@ExtendWith(LoopDevices.class)
class ExplainDeviceIT {
    private static final Path FIO = Path.of("/usr/bin/fio");

    @Test
    void aSizeOverTheDeviceIsExplained(@Loop(mib = 16) LoopDevice dev, @TempDir Path tmp) throws Exception {
        LoopDevice.exec(List.of("losetup", "--sector-size", "4096", dev.device()));
        Path big = Files.writeString(tmp.resolve("big.fio"),
                "[big]\nfilename=" + dev.device() + "\nsize=32m\nbs=4k\nrw=read\n");
        ExplainTest.Outcome o = ExplainTest.explain(big);
        System.out.print(o.out());
        assertEquals(1, o.status(), o.out());
        assertEquals(1, o.findings().size(), o.out());
        assertTrue(o.findings().get(0).contains("big.fio:3: size=33554432 bytes is more than " + dev.device()
                + " holds (16777216 bytes)"), o.out());
        if (Files.isExecutable(FIO)) {
            // What fio does with the same job: the explanation is fio's behaviour.
            String bigOut = fio(big);
            assertTrue(bigOut.contains("\"io_bytes\" : 16777216"), bigOut);
        } else {
            System.out.println("fio not installed: explanation not cross-checked against fio");
        }
    }

    @Test
    void unalignedDirectIoOnTheDeviceIsExplained(@Loop(mib = 16) LoopDevice dev, @TempDir Path tmp) throws Exception {
        LoopDevice.exec(List.of("losetup", "--sector-size", "4096", dev.device()));
        Path dio = Files.writeString(tmp.resolve("dio.fio"),
                "[dio]\nfilename=" + dev.device() + "\nsize=8m\nbs=1k\ndirect=1\nrw=read\n");
        ExplainTest.Outcome o = ExplainTest.explain(dio);
        System.out.print(o.out());
        assertEquals(1, o.findings().size(), o.out());
        assertTrue(o.findings().get(0).contains("dio.fio:5: direct=1 with read block size 1024 (")
                && o.findings().get(0).contains("logical block size is 4096"), o.out());
        if (Files.isExecutable(FIO)) {
            String dioOut = fio(dio);
            assertTrue(dioOut.contains("Invalid argument"), dioOut);
        } else {
            System.out.println("fio not installed: explanation not cross-checked against fio");
        }
    }

    @Test
    void alignedDirectIoOnTheDeviceHasNoFinding(@Loop(mib = 16) LoopDevice dev, @TempDir Path tmp) throws Exception {
        LoopDevice.exec(List.of("losetup", "--sector-size", "4096", dev.device()));
        Path aligned = Files.writeString(tmp.resolve("aligned.fio"),
                "[ok]\nfilename=" + dev.device() + "\nsize=8m\nbs=4k\ndirect=1\nrw=read\n");
        assertEquals(0, ExplainTest.explain(aligned).status());
    }

    @Test
    void unalignedDirectIoOnAFilesystemIsExplained(@Loop(mib = 16) LoopDevice dev, @TempDir Path tmp) throws Exception {
        LoopDevice.exec(List.of("losetup", "--sector-size", "4096", dev.device()));
        Path mnt = dev.mountExt4();
        Path onFs = Files.writeString(tmp.resolve("fs.fio"),
                "[fs]\nfilename=" + mnt.resolve("out-explain.dat") + "\nsize=1m\nbs=2k\ndirect=1\nrw=write\n");
        ExplainTest.Outcome o = ExplainTest.explain(onFs);
        System.out.print(o.out());
        assertEquals(1, o.findings().size(), o.out());
        assertTrue(o.findings().get(0).contains("direct=1 with write block size 2048"), o.out());
    }

    private static String fio(Path job) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(FIO.toString(), "--output-format=json", job.toString())
                .redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        Assumptions.assumeTrue(p.waitFor(60, TimeUnit.SECONDS), "fio did not finish");
        return new String(out);
    }
}
