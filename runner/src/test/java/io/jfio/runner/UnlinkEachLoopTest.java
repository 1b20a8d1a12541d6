package io.jfio.runner;

import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * unlink_each_loop: a hard link made before the job keeps the first inode; after the loops the
 * job's file is a new one (a reader cannot reopen it), as with fio 3.42 (UnlinkEachLoopIT compares).
 */
@Timeout(60)
class UnlinkEachLoopTest {
    @TempDir
    Path dir;

    private Jobs.Result run(String rw, boolean unlinkEachLoop) throws Exception {
        Path f = dir.resolve("u.dat");
        Files.write(f, new byte[65536]);
        Files.createLink(dir.resolve("u.link"), f);
        return Jobs.run("[u]\nfilename=" + f + "\nrw=" + rw + "\nbs=4k\nsize=64k\nloops=3\n"
                + (unlinkEachLoop ? "unlink_each_loop=1\n" : ""), "normal", false);
    }

    @Test
    void aWriterRecreatesTheFileEachLoop() throws Exception {
        Jobs.Result r = run("write", true);
        assertEquals(0, r.rc, r.err());
        assertEquals(3 * 65536, r.run.jobs().get(0).stats().ioBytes[1]);
        assertEquals(65536, Files.size(dir.resolve("u.dat")), "the last loop wrote the new file whole");
        assertFalse(Files.isSameFile(dir.resolve("u.dat"), dir.resolve("u.link")), "a new inode");
    }

    @Test
    void withoutItTheFileIsKept() throws Exception {
        Jobs.Result r = run("write", false);
        assertEquals(0, r.rc, r.err());
        assertTrue(Files.isSameFile(dir.resolve("u.dat"), dir.resolve("u.link")));
    }

    @Test
    void aReaderFailsToReopenIt() throws Exception {
        Jobs.Result r = run("read", true);
        assertEquals(1, r.rc);
        assertEquals(2, r.run.jobs().get(0).stats().error, r.out() + r.err());
        assertEquals(65536, r.run.jobs().get(0).stats().ioBytes[0], "the first loop read the file");
        assertFalse(Files.exists(dir.resolve("u.dat")));
        assertTrue(r.out().contains("err=2/file:filesetup.c:"), r.out());
        assertTrue(r.out().contains("func=open(" + dir.resolve("u.dat") + "), error=No such file or directory"), r.out());
    }
}
