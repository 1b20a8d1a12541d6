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
 * iomem_align is an offset, not an alignment: fio puts the first buffer that many bytes past a
 * page boundary, so iomem_align=256 with direct=1 fails the first O_DIRECT write with EINVAL
 * (and fio's hint) where 512 and 4096 work, fio against jfio.
 */
@Timeout(120)
class IomemAlignIT {
    @TempDir
    Path dir;

    private String run(List<String> prefix, String align) throws Exception {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=a", "--filename=" + dir.resolve("a.dat"), "--rw=write", "--bs=4k", "--size=64k",
                "--direct=1", "--iomem_align=" + align, "--output-format=terse"));
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        return "rc=" + o.rc() + "\n" + o.both().lines().filter(l -> l.startsWith("fio: "))
                .map(l -> l.replaceAll("pid=\\d+", "pid=N")).sorted().collect(Collectors.joining("\n"));
    }

    @Test
    void offsetsTheFirstBufferAsFio() throws Exception {
        Path fio = FioVsJfio.fio();
        for (String align : List.of("256", "512", "4096")) {
            String f = run(List.of(fio.toString()), align);
            assertEquals(f, run(FioVsJfio.jfioCommand(List.of()), align), "iomem_align=" + align);
            if (align.equals("256")) {
                assertTrue(f.contains("first direct IO errored"), f);
            } else {
                assertEquals("rc=0\n", f);
            }
        }
    }
}
