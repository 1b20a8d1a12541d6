package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * nice=N, fio 3.42 against jfio: the job's exec_prerun inherits the job's niceness, read from its
 * own /proc/self/stat (field 19), so the value the job ran at is visible without racing the job.
 */
@Timeout(120)
class NiceIT {
    @TempDir
    Path dir;

    private String observe(List<String> prefix, String who, int nice) throws Exception {
        Path run = Files.createDirectories(dir.resolve(who + nice));
        List<String> cmd = new java.util.ArrayList<>(prefix);
        cmd.addAll(List.of("--name=n", "--filename=" + run.resolve("n.dat"), "--rw=write", "--bs=4k", "--size=16k",
                "--nice=" + nice, "--exec_prerun=cd " + run + " && awk '{print $19}' /proc/self/stat",
                "--output-format=terse"));
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        return "rc=" + o.rc() + " nice=" + Files.readString(run.resolve("n.prerun.txt")).trim();
    }

    private void compare(int nice) throws Exception {
        Path fio = FioVsJfio.fio342();
        String f = observe(List.of(fio.toString()), "fio", nice);
        String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", nice);
        assertEquals(f, j);
        // the run's own niceness (normally 0) plus the increment
        int base = Integer.parseInt(Files.readString(Path.of("/proc/self/stat")).split(" ")[18]);
        assertEquals("rc=0 nice=" + Math.min(19, base + nice), f);
    }

    @Test
    void niceSevenAsFio() throws Exception {
        compare(7);
    }

    @Test
    void noNiceAsFio() throws Exception {
        compare(0);
    }
}
