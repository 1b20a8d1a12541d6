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
 * exec_prerun / exec_postrun run through the shell with their output in JOBNAME.prerun.txt /
 * .postrun.txt (the commands cd first, so the redirect lands in the test's directory); a failing
 * prerun ends the job without I/O, error or postrun, as fio 3.42 does (ExecPrerunIT compares with fio).
 */
@Timeout(60)
class ExecPrerunTest {
    @TempDir
    Path dir;

    @Test
    void prerunOutputIsSavedBeforeTheIo() throws Exception {
        Jobs.Result r = preAndPostrun();
        assertTrue(r.out().contains("ex : Saving output of prerun in ex.prerun.txt\n"), r.out());
        assertEquals("pre-42\nto-stderr\n", Files.readString(dir.resolve("ex.prerun.txt")), "stdout and stderr, via sh");
    }

    @Test
    void postrunSeesTheWrittenFile() throws Exception {
        Jobs.Result r = preAndPostrun();
        assertTrue(r.out().contains("ex : Saving output of postrun in ex.postrun.txt\n"), r.out());
        assertEquals("65536\n", Files.readString(dir.resolve("ex.postrun.txt")), "the postrun sees the written file");
        assertEquals(65536, r.run.jobs().get(0).stats().ioBytes[1]);
    }

    private Jobs.Result preAndPostrun() {
        Path f = dir.resolve("ex.dat");
        Jobs.Result r = Jobs.run("[ex]\nfilename=" + f + "\nrw=write\nbs=4k\nsize=64k\n"
                + "exec_prerun=cd " + dir + " && (echo pre-$((6*7)) && echo to-stderr >&2)\n"
                + "exec_postrun=cd " + dir + " && stat -c %s " + f + "\n", "normal", false);
        assertEquals(0, r.rc, r.err());
        return r;
    }

    @Test
    void aFailingPrerunEndsTheJobWithoutIoOrPostrun() throws Exception {
        Path f = dir.resolve("ex.dat");
        Jobs.Result r = Jobs.run("[ex]\nfilename=" + f + "\nrw=write\nbs=4k\nsize=64k\n"
                + "exec_prerun=cd " + dir + " && exit 3\n"
                + "exec_postrun=cd " + dir + " && echo post\n", "normal", false);
        assertEquals(0, r.rc, "fio exits 0 here too: " + r.err());
        assertTrue(Files.exists(dir.resolve("ex.prerun.txt")));
        assertFalse(Files.exists(dir.resolve("ex.postrun.txt")), "no postrun after a failed prerun");
        long[] bytes = r.run.jobs().get(0).stats().ioBytes;
        assertEquals(0, bytes[0] + bytes[1] + bytes[2]);
        assertEquals(0, r.run.jobs().get(0).stats().error);
        assertFalse(r.out().contains("ex: (groupid="), "no job block, as fio:\n" + r.out());
    }
}
