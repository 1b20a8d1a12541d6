package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * unlink_each_loop, the same job through fio 3.42 and jfio: exit status, terse error and I/O
 * figures, and whether the file left is the inode a hard link made before the job still names.
 */
@Timeout(120)
class UnlinkEachLoopIT {
    @TempDir
    Path dir;

    private String observe(List<String> prefix, String who, String rw) throws Exception {
        Path run = Files.createDirectories(dir.resolve(who + "-" + rw));
        Path f = run.resolve("u.dat");
        Files.write(f, new byte[65536]);
        Files.createLink(run.resolve("u.link"), f);
        List<String> cmd = new java.util.ArrayList<>(prefix);
        cmd.addAll(List.of("--name=u", "--filename=" + f, "--rw=" + rw, "--bs=4k", "--size=64k", "--loops=3",
                "--unlink_each_loop=1", "--output-format=terse"));
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        String terse = o.out().lines().filter(l -> l.startsWith("3;")).findFirst().orElse("");
        String[] t = terse.split(";");
        assertTrue(t.length > 47, who + ": " + o.both());
        return "rc=" + o.rc() + " error=" + t[4] + " readKiB=" + t[5] + " writeKiB=" + t[46]
                + " file=" + (Files.exists(f) ? Files.size(f) + (Files.isSameFile(f, run.resolve("u.link"))
                ? " same inode" : " new inode") : "absent");
    }

    private void compare(String rw, String expected) throws Exception {
        Path fio = FioVsJfio.fio342();
        String f = observe(List.of(fio.toString()), "fio", rw);
        String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", rw);
        assertEquals(f, j);
        assertEquals(expected, f, "fio 3.42 as measured when this test was written");
    }

    @Test
    void writerAsFio() throws Exception {
        compare("write", "rc=0 error=0 readKiB=0 writeKiB=192 file=65536 new inode");
    }

    @Test
    void readerAsFio() throws Exception {
        compare("read", "rc=1 error=2 readKiB=64 writeKiB=0 file=absent");
    }
}
