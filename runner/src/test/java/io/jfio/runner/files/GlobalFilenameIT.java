package io.jfio.runner.files;

import io.jfio.jobfile.MachineInfo;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A job's filename= adds to the files it inherits from [global] (and to an earlier filename= of
 * its own section) as fio 3.33 and 3.42 do, instead of replacing them: the files each job's
 * write_iolog adds and the size each file is laid out at are fio's. Directories given between two
 * filename= lists stay with the names they were given with.
 */
@Timeout(120)
class GlobalFilenameIT {

    @Test
    void jobFilenamesAddToTheGlobalOnes() throws Exception {
        List<Path> fios = FioVsJfio.everyFio();
        assumeTrue(!fios.isEmpty(), "skipped: no fio installed (/usr/bin/fio, JFIO_FIO342)");
        Path base = Files.isDirectory(Path.of("/dev/shm")) ? Path.of("/dev/shm") : Path.of(System.getProperty("java.io.tmpdir"));
        Path dir = Files.createTempDirectory(base, "global-filename-");
        try {
            Files.createDirectories(dir.resolve("sub"));
            String job = "[global]\nfilename=g1:g2\nsize=64k\nbs=4k\nrw=write\ndirectory=" + dir + "\n"
                    + "[a]\nfilename=j1\nwrite_iolog=" + dir.resolve("a.iolog") + "\n"
                    + "[b]\nwrite_iolog=" + dir.resolve("b.iolog") + "\n"
                    + "[c]\nfilename=j2:j3\nwrite_iolog=" + dir.resolve("c.iolog") + "\n"
                    // a second filename= in one section, under another directory
                    + "[d]\nfilename=j4\ndirectory=" + dir.resolve("sub") + "\nfilename=j5\nwrite_iolog="
                    + dir.resolve("d.iolog") + "\n";
            Path jobFile = dir.resolve("job.fio");
            Files.writeString(jobFile, job);
            clear(dir);
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int rc = Main.run(new String[] {"--output=/dev/null", jobFile.toString()},
                    new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true), System.getenv(),
                    MachineInfo.current());
            assertEquals(0, rc, err.toString());
            TreeMap<String, List<String>> jfio = outcome(dir);
            assertEquals(List.of(dir + "/g1", dir + "/g2", dir + "/j1"), jfio.get("a.iolog"), jfio.toString());
            for (Path fio : fios) {
                clear(dir);
                Process p = new ProcessBuilder(fio.toString(), "--output=/dev/null", jobFile.toString())
                        .directory(dir.toFile()).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "fio finished");
                assertEquals(0, p.exitValue(), out);
                assertEquals(outcome(dir), jfio, fio + ": the files each job adds and their sizes");
            }
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static void clear(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".fio")).toList()) {
                Files.delete(p);
            }
        }
    }

    /** Per iolog, the files it adds, in order; per data file, its size. */
    private static TreeMap<String, List<String>> outcome(Path dir) throws IOException {
        TreeMap<String, List<String>> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                String name = dir.relativize(p).toString();
                if (name.endsWith(".fio")) {
                    continue;
                }
                if (name.endsWith(".iolog")) {
                    List<String> adds = new ArrayList<>();
                    for (String l : Files.readAllLines(p)) {
                        String[] f = l.trim().split("\\s+");
                        if (f.length == 3 && f[2].equals("add")) {
                            adds.add(f[1]);
                        }
                    }
                    out.put(name, adds);
                } else {
                    out.put(name, List.of(Long.toString(Files.size(p))));
                }
            }
        }
        return out;
    }
}
