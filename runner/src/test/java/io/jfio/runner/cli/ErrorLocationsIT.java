package io.jfio.runner.cli;

import io.jfio.testsupport.ShmTempDir;
import org.junit.jupiter.api.io.TempDir;
import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The fio source places jfio's error lines name ({@code file:filesetup.c:800, func=open(...)}):
 * fio 3.42's, for the same failure, against fio 3.42 itself (3.33's line numbers differ, so the
 * cases skip without 3.42). Each case compares the exit status and every {@code fio:} line on
 * each stream, the pid masked.
 */
class ErrorLocationsIT {
    @TempDir(factory = ShmTempDir.class)
    Path dir;

    private static List<String> fioLines(String text) {
        List<String> l = new ArrayList<>();
        for (String s : text.split("\n")) {
            if (s.startsWith("fio: ") || s.contains("file:")) {
                l.add(s.replaceAll("pid=[1-9][0-9]*", "pid=N").replaceFirst("(\\(groupid=.*pid=N): .*", "$1"));
            }
        }
        return l;
    }

    private static void same(List<String> args, String expected) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(FioVsJfio.fio342().toString()));
        cmd.addAll(args);
        FioVsJfio.Outcome f = FioVsJfio.run(cmd, 60);
        FioVsJfio.Outcome j = FioVsJfio.jfio(args);
        assertEquals(f.rc(), j.rc(), args + "\nfio: " + f.both() + "\njfio: " + j.both());
        assertEquals(fioLines(f.out()), fioLines(j.out()), "stdout " + args);
        assertEquals(fioLines(f.err()), fioLines(j.err()), "stderr " + args);
        assertTrue((f.out() + f.err()).contains(expected), "fio printed " + expected + ": " + f.both());
    }

    @Test
    void extendFileOpenFailure() throws IOException {
        // /proc refuses new files: extend_file's open (filesetup.c:175)
        same(List.of("--name=t", "--filename=/proc/w4dbg-errloc.dat", "--size=4k", "--rw=write"),
                "file:filesetup.c:175, func=open");
    }

    @Test
    void creationDisallowedRecordsNoError() throws IOException {
        // fio logs it and counts the job in the exit status, with no pid line
        same(List.of("--name=t", "--filename=" + dir.resolve("none.dat"), "--size=4k", "--allow_file_create=0",
                "--rw=read"), "allow_file_create=0");
    }

    @Test
    void noSizeGiven() throws IOException {
        same(List.of("--name=t", "--filename=" + dir.resolve("empty.dat"), "--rw=read"),
                "file:filesetup.c:1217, func=total_file_size");
    }

    @Test
    void genericOpenFailureWithDirect() throws IOException {
        // sysfs has no O_DIRECT: generic_open_file's open (filesetup.c:800) after its hint line
        Path sysfs = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        assumeTrue(Files.isReadable(sysfs), "skipped: no " + sysfs);
        same(List.of("--name=t", "--filename=" + sysfs, "--size=4k", "--rw=read", "--direct=1"),
                "file:filesetup.c:800, func=open(" + sysfs + ")");
    }

    @Test
    void trimFailureIsTdIoQueues() throws IOException {
        // tmpfs has no BLKDISCARD for a file: fio's engines trim inside ->queue, so td_io_queue
        // records the error (ioengines.c:415) and prints no io_u error line; psync and libaio alike
        for (String engine : List.of("psync", "libaio")) {
            Path f = dir.resolve("trim-" + engine + ".dat");
            same(List.of("--name=t", "--filename=" + f, "--size=64k", "--bs=4k", "--rw=randtrim",
                    "--ioengine=" + engine), "file:ioengines.c:415, func=td_io_queue");
        }
    }

    @Test
    void missingIncludeInShowcmd() throws IOException {
        Path job = dir.resolve("inc.fio");
        Files.writeString(job, "[t]\nsize=4k\ninclude " + dir.resolve("nosuch.fio") + "\n");
        List<String> args = List.of("--showcmd", job.toString());
        List<String> cmd = new ArrayList<>(List.of(FioVsJfio.fio342().toString()));
        cmd.addAll(args);
        FioVsJfio.Outcome f = FioVsJfio.run(cmd, 60);
        FioVsJfio.Outcome j = FioVsJfio.jfio(args);
        assertTrue(f.out().contains("file:init.c:2102, func=job file open"), f.both());
        assertEquals(f.out(), j.out());
    }
}
