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
 * pre_read under strace (-y names each descriptor's file), fio 3.42 against jfio: the job's region
 * is read once with read(2) in max-read-bs chunks before the job's own preads.
 */
@Timeout(120)
class PreReadIT {
    @TempDir
    Path dir;

    private String observe(List<String> prefix, String who, boolean preRead) throws Exception {
        Path f = dir.resolve(who + (preRead ? ".pre" : ".nopre"));
        Files.write(f, new byte[65536]);
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=p", "--filename=" + f, "--rw=randread", "--bs=8k", "--size=64k",
                "--pre_read=" + (preRead ? 1 : 0), "--output-format=terse"));
        Strace.Run o = new Strace("-y", "-e", "trace=read,pread64").run(dir, cmd, null, 60);
        List<String> lines = o.trace().lines().stream().filter(l -> l.contains("<" + f + ">")).toList();
        long reads = lines.stream().filter(l -> l.matches(".*\\bread\\(.*= 8192$")).count();
        long preads = lines.stream().filter(l -> l.matches(".*\\bpread64\\(.*= 8192$")).count();
        return "rc=" + o.rc() + " read=" + reads + " pread64=" + preads;
    }

    private void compare(boolean preRead, String expected) throws Exception {
        Strace.assumeInstalled();
        Path fio = FioVsJfio.fio342();
        String f = observe(List.of(fio.toString()), "fio", preRead);
        String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", preRead);
        assertEquals(expected, f, "fio 3.42 as measured when this test was written");
        assertEquals(f, j);
    }

    @Test
    void preReadReadsTheRegionFirst() throws Exception {
        compare(true, "rc=0 read=8 pread64=8");
    }

    @Test
    void withoutItOnlyTheJobReads() throws Exception {
        compare(false, "rc=0 read=0 pread64=8");
    }
}
