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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * prio/prioclass/priohint, fio 3.42 against jfio: the job's exec_prerun inherits the job's I/O
 * priority, which ionice(1) with no arguments prints for itself (its "prio" is the whole data
 * field, so a hint shows as hint << 3).
 */
@Timeout(120)
class IoPrioIT {
    private static final Path IONICE = Path.of("/usr/bin/ionice");

    @TempDir
    Path dir;

    private String observe(List<String> prefix, String who, List<String> prio) throws Exception {
        Path run = Files.createDirectories(dir.resolve(who + String.join("", prio).replace("=", "")));
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=p", "--filename=" + run.resolve("p.dat"), "--rw=write", "--bs=4k", "--size=16k",
                "--exec_prerun=cd " + run + " && " + IONICE, "--output-format=terse"));
        cmd.addAll(prio);
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        return "rc=" + o.rc() + " " + Files.readString(run.resolve("p.prerun.txt")).trim();
    }

    private void compare(String expected, String... prio) throws Exception {
        assumeTrue(Files.isExecutable(IONICE), "skipped: needs ionice");
        Path fio = FioVsJfio.fio342();
        String f = observe(List.of(fio.toString()), "fio", List.of(prio));
        String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", List.of(prio));
        assertEquals(expected, f, "fio 3.42 as measured when this test was written");
        assertEquals(f, j);
    }

    @Test
    void bestEffortLevelThree() throws Exception {
        compare("rc=0 best-effort: prio 3", "--prio=3");
    }

    @Test
    void idleClass() throws Exception {
        compare("rc=0 idle", "--prioclass=3");
    }

    @Test
    void realTimeLevelOne() throws Exception {
        compare("rc=0 realtime: prio 1", "--prioclass=1", "--prio=1");
    }

    @Test
    void hintAloneIsBestEffortWithTheHintBits() throws Exception {
        compare("rc=0 best-effort: prio 8", "--priohint=1");
    }

    @Test
    void priohintWithAnIdlePrioclassAsFio() throws Exception {
        compare("rc=0 idle", "--prioclass=3", "--priohint=2");
    }
}
