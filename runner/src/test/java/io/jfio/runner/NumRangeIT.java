package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * num_range against fio 3.42 where no NVMe device is: multi-range trims only on io_uring_cmd
 * (the lab's .ci/labs/nvme-pi.sh compares the trims themselves), so psync refuses num_range=4 and
 * trimwrite refuses it on any engine, before any job runs, with fio's lines and exit status.
 */
@Timeout(180)
class NumRangeIT {
    @TempDir
    Path dir;

    private String run(List<String> prefix, String rw, String engine, int numRange) throws Exception {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=t", "--filename=" + dir.resolve("t.dat"), "--rw=" + rw, "--bs=4k", "--size=64k",
                "--ioengine=" + engine, "--num_range=" + numRange, "--output-format=terse"));
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        return "rc=" + o.rc() + "\n" + o.both().lines().filter(l -> l.startsWith("fio: "))
                .map(l -> l.replaceAll("pid=\\d+", "pid=N")).sorted().collect(Collectors.joining("\n"));
    }

    @Test
    void refusalsAsFio() throws Exception {
        Path fio = FioVsJfio.fio342();
        String f = run(List.of(fio.toString()), "trim", "psync", 4);
        assertTrue(f.startsWith("rc=1\n") && f.contains("fio: can't use multiple ranges with IO engine psync"), f);
        assertEquals(f, run(FioVsJfio.jfioCommand(List.of()), "trim", "psync", 4));
        f = run(List.of(fio.toString()), "trimwrite", "io_uring_cmd", 2);
        assertTrue(f.startsWith("rc=1\n") && f.contains("fio: trimwrite cannot be used with multiple ranges."), f);
        assertEquals(f, run(FioVsJfio.jfioCommand(List.of()), "trimwrite", "io_uring_cmd", 2));
    }
}
