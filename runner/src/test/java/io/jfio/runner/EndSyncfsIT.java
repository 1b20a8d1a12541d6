package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import io.jfio.testsupport.Strace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * end_syncfs under strace, fio 3.42 against jfio: one syncfs per file system of the job's files
 * (here the test's directory and /dev/shm), and no per-file fsync even with end_fsync=1.
 */
@Timeout(120)
class EndSyncfsIT {
    @TempDir
    Path dir;

    private String observe(List<String> prefix, String who, String extra) throws Exception {
        Path a = dir.resolve(who + ".a");
        Path b = Path.of("/dev/shm/prerun-endsyncfs-" + who + "-" + ProcessHandle.current().pid());
        try {
            List<String> cmd = new ArrayList<>(prefix);
            cmd.addAll(List.of("--name=s", "--filename=" + a + ":" + b, "--rw=write", "--bs=4k", "--size=128k",
                    "--end_syncfs=1", "--output-format=terse"));
            if (extra != null) {
                cmd.add(extra);
            }
            Strace.Run o = new Strace("-e", "trace=syncfs,fsync,fdatasync").run(dir, cmd, null, 60);
            List<String> lines = o.trace().lines();
            long syncfs = lines.stream().filter(l -> l.contains("syncfs(") && l.contains("= 0")).count();
            long fsync = lines.stream().filter(l -> l.matches(".*\\bf(data)?sync\\(.*")).count();
            return "rc=" + o.rc() + " syncfs=" + syncfs + " fsync=" + fsync + " err=" + o.err().trim();
        } finally {
            Files.deleteIfExists(b);
        }
    }

    private void compare(String extra) throws Exception {
        Strace.assumeInstalled();
        Path fio = FioVsJfio.fio342();
        String f = observe(List.of(fio.toString()), "fio", extra);
        String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", extra);
        assertEquals("rc=0 syncfs=2 fsync=0 err=", f, "fio 3.42 as measured when this test was written");
        assertEquals(f, j);
    }

    @Test
    void oneSyncfsPerFileSystem() throws Exception {
        compare(null);
    }

    @Test
    void endSyncfsReplacesEndFsync() throws Exception {
        compare("--end_fsync=1");
    }
}
