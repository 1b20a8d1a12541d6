package io.jfio.runner.files;

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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Writing to an unmounted device that holds a file system: fio destroys it without a word, jfio
 * does the same but warns once naming the signature (as blkid names it), unless
 * allow_mounted_write=1; reads don't warn.
 */
@Timeout(240)
@ExtendWith(LoopDevices.class)
class FsSignatureIT {
    @Test
    void writeOverAnUnmountedFileSystemWarnsOnceNamingIt(@Loop(mib = 320) LoopDevice dev) throws Exception {
        String d = dev.device();
        List<String> table = new ArrayList<>();
        for (String[] mkfs : new String[][] {{"ext2", "mkfs.ext2", "-q", "-F"}, {"ext3", "mkfs.ext3", "-q", "-F"},
            {"ext4", "mkfs.ext4", "-q", "-F"}, {"xfs", "mkfs.xfs", "-q", "-f"}, {"swap", "mkswap"}}) {
            if (!Files.isExecutable(Path.of("/usr/sbin", mkfs[1])) && !Files.isExecutable(Path.of("/sbin", mkfs[1]))) {
                table.add(mkfs[0] + ": " + mkfs[1] + " not installed, not tried");
                continue;
            }
            List<String> cmd = new ArrayList<>(List.of(mkfs).subList(1, mkfs.length));
            cmd.add(d);
            LoopDevice.exec(cmd);
            assertEquals(mkfs[0], FsSignature.of(Path.of(d)), "probe after " + mkfs[1]);
            assertEquals(mkfs[0], blkid(d), "blkid agrees");

            assertEquals(0, count(jfio(d, "--rw=read"), d), mkfs[0] + ": a read job does not warn");
            Outcome j = jfio(d, "--rw=write", "--name=second", "--rw=randwrite");
            assertEquals(0, j.rc(), j.both());
            assertEquals(1, count(j, d), mkfs[0] + ": one warning for two writing jobs: " + j.err());
            assertTrue(j.err().contains("holds a signature (" + mkfs[0] + ")"), j.err());
            assertFalse(mkfs[0].equals(FsSignature.of(Path.of(d))), "the write destroyed the signature");
            LoopDevice.exec(cmd);
            assertEquals(0, count(jfio(d, "--rw=write", "--allow_mounted_write=1"), d),
                    mkfs[0] + ": allow_mounted_write=1 silences it");
            table.add(mkfs[0] + ": " + j.err().lines().filter(l -> l.contains(d)).findFirst().orElse(""));
        }
        table.forEach(System.out::println);
    }

    @Test
    void fioWritesOverItSilentlyWithTheSameStatus(@Loop(mib = 64) LoopDevice dev) throws Exception {
        FioVsJfio.fio();
        String d = dev.device();
        LoopDevice.exec(List.of("mkfs.ext4", "-q", "-F", d));
        Outcome f = FioVsJfio.fio(args(d, "--rw=write"));
        LoopDevice.exec(List.of("mkfs.ext4", "-q", "-F", d));
        Outcome j = jfio(d, "--rw=write");
        System.out.println("ext4 on " + d + ": fio rc=" + f.rc() + " lines naming it " + count(f, d) + "; jfio rc="
                + j.rc() + " lines " + count(j, d));
        assertEquals(f.rc(), j.rc());
        assertEquals(0, count(f, d), "fio 3.42 keeps quiet: " + f.err());
        assertEquals(1, count(j, d));
    }

    private static String blkid(String dev) throws Exception {
        return LoopDevice.exec(List.of("blkid", "-p", "-o", "value", "-s", "TYPE", dev)).trim();
    }

    private static long count(Outcome o, String dev) {
        return o.err().lines().filter(l -> l.contains(dev) && l.contains("signature")).count();
    }

    private static List<String> args(String dev, String... more) {
        List<String> a = new ArrayList<>(List.of("--name=sig", "--filename=" + dev, "--bs=4k", "--size=128k",
                "--direct=1", "--output-format=terse"));
        a.addAll(List.of(more));
        return a;
    }

    private static Outcome jfio(String dev, String... more) {
        List<String> a = args(dev, more);
        if (a.contains("--name=second")) {
            a.addAll(List.of("--filename=" + dev, "--bs=4k", "--size=128k", "--direct=1"));
        }
        return FioVsJfio.jfio(a);
    }
}
