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
 * atomic=1 against fio 3.42: RWF_ATOMIC on every write of pvsync2, io_uring and libaio, refused
 * for an engine without atomic writes. No device here supports atomic writes (the file system's
 * disk and loop devices report atomic_write_unit_max_bytes 0), so the flag shows as the kernel's
 * EOPNOTSUPP on the first write, the same error line (or libaio's commit error) in both; a read
 * job ignores the option.
 */
@Timeout(180)
class AtomicWritesIT {
    @TempDir
    Path dir;

    private String run(List<String> prefix, String engine, String rw) throws Exception {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=a", "--filename=" + dir.resolve("a.dat"), "--rw=" + rw, "--bs=4k", "--size=64k",
                "--direct=1", "--atomic=1", "--ioengine=" + engine, "--output-format=terse"));
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        return "rc=" + o.rc() + "\n" + o.both().lines().filter(l -> l.startsWith("fio: "))
                .map(l -> l.replaceAll("pid=\\d+", "pid=N")).sorted().collect(Collectors.joining("\n"));
    }

    @Test
    void atomicWritesAsFio() throws Exception {
        Path fio = FioVsJfio.fio342();
        for (String engine : List.of("pvsync2", "io_uring", "libaio", "psync")) {
            String f = run(List.of(fio.toString()), engine, "write");
            assertEquals(f, run(FioVsJfio.jfioCommand(List.of()), engine, "write"), engine);
            assertTrue(f.contains(engine.equals("psync") ? "engine does not support atomic writes"
                    : "error=Operation not supported"), f);
        }
        String f = run(List.of(fio.toString()), "pvsync2", "read");
        assertEquals("rc=0\n", f);
        assertEquals(f, run(FioVsJfio.jfioCommand(List.of()), "pvsync2", "read"));
    }
}
