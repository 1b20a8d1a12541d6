package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * comm=NAME, fio 3.42 against jfio (fio 3.33 has no comm): the job's exec_prerun, a child of the
 * job's process, lists its parent's threads' names (/proc/PPID/task/TID/comm) while the job runs,
 * so the renamed job thread (fio: its process or thread) is seen without racing the job. The
 * kernel keeps 15 bytes of the name.
 */
@Timeout(120)
class CommIT {
    @TempDir
    Path dir;

    private String observe(List<String> prefix, String who, boolean thread) throws Exception {
        Path run = Files.createDirectories(dir.resolve(who + thread));
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=c", "--filename=" + run.resolve("c.dat"), "--rw=write", "--bs=4k", "--size=16k",
                "--thread=" + (thread ? 1 : 0), "--comm=jfio-comm-test-name-long",
                "--exec_prerun=cd " + run + " && cat /proc/$PPID/task/*/comm | grep -c '^jfio-comm-test-$'",
                "--output-format=terse"));
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        return "rc=" + o.rc() + " threads named=" + Files.readString(run.resolve("c.prerun.txt")).trim();
    }

    @Test
    void theJobThreadTakesTheNameAsInFio() throws Exception {
        Path fio = FioVsJfio.fio342();
        for (boolean thread : new boolean[] {false, true}) {
            String f = observe(List.of(fio.toString()), "fio", thread);
            String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", thread);
            assertEquals("rc=0 threads named=1", f, "thread=" + thread);
            assertEquals(f, j, "thread=" + thread);
        }
    }
}
