package io.jfio.runner.files;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * filetype= against fio 3.42 on a regular file: fio takes the files to be of that type instead of
 * stat'ing them (block: its size from BLKGETSIZE64, which fails with ENOTTY; char: no size, so
 * "you need to specify size="; neither is unlinked), and only for files added after it was set
 * (a later --filetype, or a [global] filename=, keeps the stat'ed type; inside one section fio
 * parses filetype before filename).
 */
@Timeout(180)
class FiletypeIT {
    @TempDir
    Path dir;

    private String observe(List<String> prefix, String who, int n, List<String> args, String jobFile)
            throws Exception {
        Path run = Files.createDirectories(dir.resolve(who + n));
        Path f = run.resolve("f.dat");
        Files.write(f, new byte[1 << 20]);
        List<String> cmd = new ArrayList<>(prefix);
        for (String a : args) {
            cmd.add(a.replace("FILE", f.toString()));
        }
        if (jobFile != null) {
            Path job = run.resolve("t.fio");
            Files.writeString(job, jobFile.replace("FILE", f.toString()));
            cmd.add(job.toString());
        }
        cmd.add("--output-format=terse");
        FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
        String terse = o.out().lines().filter(l -> l.startsWith("3;")).map(l -> String.join(";",
                List.of(l.split(";")).subList(2, 6))).findFirst().orElse("none");
        return "rc=" + o.rc() + " terse=" + terse + " kept=" + Files.exists(f) + " err="
                + o.err().replace(run.toString(), "DIR");
    }

    @Test
    void filetypeAsFio() throws Exception {
        Path fio = FioVsJfio.fio342();
        List<List<String>> cases = List.of(
                List.of("--name=f", "--filetype=block", "--filename=FILE", "--rw=read"),
                List.of("--name=f", "--filetype=char", "--filename=FILE", "--rw=read"),
                List.of("--name=f", "--filetype=file", "--filename=FILE", "--rw=read"),
                List.of("--name=f", "--filename=FILE", "--filetype=block", "--rw=read"),
                List.of("--name=f", "--filetype=block", "--filename=FILE", "--size=64k", "--unlink=1", "--rw=read"),
                List.of("--name=f", "--filetype=file", "--filename=FILE", "--size=64k", "--unlink=1", "--rw=read"));
        List<String> jobFiles = List.of("[j]\nfilename=FILE\nfiletype=char\nrw=read\n",
                "[global]\nfilename=FILE\n[j]\nfiletype=char\nrw=read\n");
        int n = 0;
        List<String> seen = new ArrayList<>();
        for (List<String> c : cases) {
            String f = observe(List.of(fio.toString()), "fio", n, c, null);
            String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", n++, c, null);
            assertEquals(f, j, c.toString());
            seen.add(f);
        }
        for (String jf : jobFiles) {
            String f = observe(List.of(fio.toString()), "fio", n, List.of(), jf);
            String j = observe(FioVsJfio.jfioCommand(List.of()), "jfio", n++, List.of(), jf);
            assertEquals(f, j, jf);
            seen.add(f);
        }
        // the cases differ as fio's do: block fails with ENOTTY, char wants a size, a late filetype does nothing
        assertTrue(seen.get(0).contains("func=blockdev_size") && seen.get(0).startsWith("rc=1"), seen.get(0));
        assertTrue(seen.get(1).contains("you need to specify size="), seen.get(1));
        assertTrue(seen.get(3).startsWith("rc=0"), seen.get(3));
        assertTrue(seen.get(4).contains("kept=true") && seen.get(5).contains("kept=false"), seen.toString());
        assertTrue(seen.get(6).startsWith("rc=1") && seen.get(7).startsWith("rc=0"), seen.toString());
    }

    /**
     * fio opens every file that is not a regular one with O_NOATIME: a file taken for a char
     * device keeps its access time through a read job, one taken for a file gets it updated
     * (relatime: the access time is older than the modification time).
     */
    @Test
    void aDeviceIsReadWithoutTouchingItsAccessTimeAsFio() throws Exception {
        Path fio = FioVsJfio.fio342();
        FileTime old = FileTime.from(Instant.parse("2020-01-01T00:00:00Z"));
        Path probe = dir.resolve("atime-probe.dat");
        Files.write(probe, new byte[4096]);
        Files.setAttribute(probe, "lastAccessTime", old);
        Files.readAllBytes(probe);
        assumeFalse(old.equals(Files.readAttributes(probe, BasicFileAttributes.class).lastAccessTime()),
                "a read does not update access times under " + dir + " (noatime mount)");
        for (String type : List.of("char", "file")) {
            List<Boolean> kept = new ArrayList<>();
            for (List<String> prefix : List.of(List.of(fio.toString()), FioVsJfio.jfioCommand(List.of()))) {
                Path f = dir.resolve("atime-" + type + kept.size() + ".dat");
                Files.write(f, new byte[1 << 20]);
                Files.setAttribute(f, "lastAccessTime", old);
                List<String> cmd = new ArrayList<>(prefix);
                cmd.addAll(List.of("--name=a", "--filetype=" + type, "--filename=" + f, "--size=64k", "--rw=read",
                        "--output-format=terse"));
                FioVsJfio.Outcome o = FioVsJfio.run(cmd, 60);
                assertEquals(0, o.rc(), o.err());
                kept.add(old.equals(Files.readAttributes(f, BasicFileAttributes.class).lastAccessTime()));
            }
            assertEquals(kept.get(0), kept.get(1), type + ": access time kept by fio / jfio");
            assertEquals("char".equals(type), kept.get(0), type + ": fio keeps the access time");
        }
    }
}
