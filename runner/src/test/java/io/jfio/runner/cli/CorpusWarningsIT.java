package io.jfio.runner.cli;

import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Warning parity on short runs of fio's example job files, fio 3.42 against jfio: each file is
 * copied with every section capped (size, io_size, filesize 1 MiB, runtime 1 s, no offset,
 * ramp or start delay, one loop) and its devices and directories moved to a scratch
 * directory, then run by both under a 128 MiB file-size limit; the warning and error lines
 * (stderr, and fio's lines that fio prints on stdout) must be the same set, once jfio's
 * location prefix and its own "not supported by jfio" warnings are taken off. Lines that carry
 * a pid or data-dependent verify detail are left out. The files are the corpus' ones whose
 * outcome does not depend on hardware this machine lacks, nor on races (e4defrag's EBUSY
 * between its defrag job and its writers comes and goes in both tools).
 */
class CorpusWarningsIT {
    private static final List<String> CAPS = List.of("size=1m", "io_size=1m", "filesize=1m", "runtime=1",
            "ramp_time=0", "startdelay=0", "loops=1", "offset=0", "offset_increment=0");
    private static final Pattern PATH_OPT = Pattern.compile("\\s*(filename|directory)\\s*=\\s*(.*)");

    /** The job file with its sections capped and its paths moved into {@code scratch}. */
    static String capped(String text, Path scratch) {
        List<String> out = new ArrayList<>();
        boolean inSection = false;
        for (String l : text.split("\n", -1)) {
            String s = l.strip();
            if (s.startsWith("[") && s.endsWith("]")) {
                if (inSection) {
                    out.addAll(CAPS);
                }
                inSection = true;
                out.add(l);
                continue;
            }
            Matcher m = PATH_OPT.matcher(l);
            if (m.matches()) {
                if (m.group(1).equals("directory")) {
                    l = "directory=" + scratch;
                } else if (m.group(2).startsWith("/")) {
                    l = "filename=" + scratch.resolve(m.group(2).replaceAll("[^A-Za-z0-9]", "_"));
                }
            }
            out.add(l);
        }
        if (inSection) {
            out.addAll(CAPS);
        }
        return String.join("\n", out);
    }

    /** The warning and error lines of a run, as fio words them. */
    static TreeSet<String> warnings(FioVsJfio.Outcome o) {
        TreeSet<String> s = new TreeSet<>();
        List<String> lines = new ArrayList<>(List.of(o.err().split("\n")));
        for (String l : o.out().split("\n")) {
            if (l.startsWith("fio: ")) {
                lines.add(l);
            }
        }
        for (String l : lines) {
            if (CorpusWarningsTest.jfioOwn(l) || l.contains("pid=") || l.startsWith("verify: ")
                    || l.contains("data dumped as") || l.startsWith("jfio: building") || l.contains("[0m")) {
                continue;
            }
            s.add(CorpusWarningsTest.fioText(l));
        }
        return s;
    }

    private static FioVsJfio.Outcome run(List<String> cmd, Path dir, Path job) throws IOException {
        List<String> c = new ArrayList<>(List.of("sh", "-c", "ulimit -f 131072; exec \"$@\"", "sh"));
        c.addAll(cmd);
        c.add("--eta=never");
        c.add(job.toString());
        return FioVsJfio.run(c, 120, dir);
    }

    private static void clear(Path dir, Path keep) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                if (!p.equals(dir) && !p.equals(keep)) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"atomic-verify", "basic-verify", "cpp_null", "fio-rand-RW",
        "fio-seq-write", "fixed-rate-submission", "butterfly", "dedupe-global", "falloc",
        "zbd-rand-write-zone-reset-gc"})
    // not exec.fio: fio 3.42 hung on it beside a CPU hog in CI (12 cpuio threads, /usr/sbin/turbostat absent)
    void shortRunWarnsAsFio342(String name) throws IOException {
        Path fio = FioVsJfio.fio342();
        Path corpus = CorpusAcceptanceTest.corpus();
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "w3cli-corpus-");
        try {
            Path job = dir.resolve(name + ".fio");
            Files.writeString(job, capped(Files.readString(corpus.resolve(name + ".fio"), StandardCharsets.ISO_8859_1),
                    dir), StandardCharsets.ISO_8859_1);
            FioVsJfio.Outcome f = run(List.of(fio.toString()), dir, job);
            clear(dir, job);
            FioVsJfio.Outcome j = run(FioVsJfio.jfioCommand(List.of()), dir, job);
            assertEquals(String.join("\n", warnings(f)), String.join("\n", warnings(j)),
                    name + ": fio stderr:\n" + f.err() + "\njfio stderr:\n" + j.err());
        } finally {
            clear(dir, null);
            Files.deleteIfExists(dir);
        }
    }
}
