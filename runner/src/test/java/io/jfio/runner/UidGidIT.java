package io.jfio.runner;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * uid=/gid=, fio against jfio, as root: the job switches to nobody (65534) before its set-up.
 * With create_serialize (the default) root lays the file out first and the job's open for writing
 * then fails with EACCES; without it the job creates the file itself, owned by 65534. jfio's job
 * thread switches only its own credentials (raw setresuid/setresgid), so the run's other threads
 * and the report are unaffected.
 */
@Timeout(120)
class UidGidIT {
    @TempDir
    Path dir;

    private String observe(List<String> prefix, String who, int createSerialize) throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x")); // nobody passes through
        Path run = Files.createDirectories(dir.resolve(who + createSerialize));
        Files.setPosixFilePermissions(run, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path file = run.resolve("u.dat");
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of("--name=u", "--filename=" + file, "--rw=write", "--bs=4k", "--size=64k", "--uid=65534",
                "--gid=65534", "--create_serialize=" + createSerialize, "--output-format=terse"));
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        String errors = o.both().lines().filter(l -> l.startsWith("fio: "))
                .map(l -> l.replaceAll("pid=\\d+", "pid=N").replace(run.toString(), "DIR")
                        // fio 3.42 names filesetup.c:800 here, jfio the 805 of its other open errors
                        .replaceAll("filesetup\\.c:\\d+", "filesetup.c"))
                .collect(Collectors.joining("\n"));
        return "rc=" + o.rc() + "\n" + errors + "\nowner=" + Files.getAttribute(file, "unix:uid") + ":"
                + Files.getAttribute(file, "unix:gid") + " size=" + Files.size(file);
    }

    private String compare(int createSerialize) throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "skipped: needs root to switch users");
        Path fio = FioVsJfio.fio();
        String f = observe(List.of(fio.toString()), "fio", createSerialize);
        assertEquals(f, observe(FioVsJfio.jfioCommand(List.of()), "jfio", createSerialize));
        return f;
    }

    @Test
    void theJobOpensAsThatUserAfterRootLaidTheFileOut() throws Exception {
        assertEquals("rc=1\nfio: pid=N, err=13/file:filesetup.c, func=open(DIR/u.dat), error=Permission denied\n"
                + "owner=0:0 size=65536", compare(1));
    }

    @Test
    void theJobCreatesItsFileAsThatUser() throws Exception {
        assertEquals("rc=0\n\nowner=65534:65534 size=65536", compare(0));
    }
}
