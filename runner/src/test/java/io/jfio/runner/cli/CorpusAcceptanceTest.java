package io.jfio.runner.cli;

import io.jfio.jobfile.MachineInfo;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Acceptance against fio 3.42 (the judge): every example job file of fio, with and without
 * fio-examples.env, must be accepted or rejected as fio 3.42 did, and for every accepted one
 * jfio --showcmd must print exactly fio's line (corpus README).
 */
class CorpusAcceptanceTest {
    /** The machine the recordings were made on (corpus README). */
    static final MachineInfo RECORDING_MACHINE = new MachineInfo(4096, 24105, 2);

    record Outcome(int status, String out, String err) {
    }

    static Outcome run(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = Main.run(args, o, e, env, RECORDING_MACHINE);
        }
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Path corpus() {
        Path shared = Path.of(System.getProperty("jfio.shared", "../shared"));
        Path dir = shared.resolve("corpus/fio-examples");
        Assumptions.assumeTrue(Files.isDirectory(dir), "fio corpus not found at " + dir + " (needs ../shared)");
        return dir;
    }

    static Map<String, String> envFile(Path file) throws IOException {
        Map<String, String> env = new HashMap<>();
        for (String l : Files.readAllLines(file)) {
            if (l.isBlank() || l.startsWith("#") || l.indexOf('=') < 0) {
                continue;
            }
            env.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1));
        }
        return env;
    }

    static int recordedStatus(Path parseFile) throws IOException {
        String first = Files.readAllLines(parseFile).get(0);
        return Integer.parseInt(first.substring("exit_status=".length()).trim());
    }

    static String firstStderrLine(Path parseFile) throws IOException {
        List<String> lines = Files.readAllLines(parseFile);
        return lines.size() > 2 && !lines.get(2).startsWith("--- stdout") ? lines.get(2) : "no message";
    }

    @Test
    void acceptRejectMatchesFio342() throws IOException {
        Tally t = tally();
        assertTrue(t.agree == t.total, "accept/reject disagree: " + (t.total - t.agree) + " of " + t.total);
    }

    @Test
    void showcmdMatchesFio342() throws IOException {
        Tally t = tally();
        assertTrue(t.identical * 100 >= t.accepted * 95, "showcmd identical below 95%: " + t.identical + "/" + t.accepted);
    }

    /** The corpus run against fio 3.42's recorded results, once for both tests. */
    private record Tally(int identical, int accepted, int agree, int total) {
    }

    private static Tally tally;

    private static synchronized Tally tally() throws IOException {
        if (tally != null) {
            return tally;
        }
        Path dir = corpus();
        Map<String, String> withEnv = envFile(dir.resolveSibling("fio-examples.env"));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".fio")).sorted().toList();
        }
        int identical = 0;
        int accepted = 0;
        int agree = 0;
        int total = 0;
        List<String> mismatches = new ArrayList<>();
        List<String> versionNotes = new ArrayList<>();
        for (Path f : files) {
            String base = f.getFileName().toString().replaceFirst("\\.fio$", "");
            for (String variant : new String[] {"", ".env"}) {
                Map<String, String> env = variant.isEmpty() ? Map.of() : withEnv;
                Path parse = dir.resolve(base + variant + ".parse-3.42");
                Path showcmd = dir.resolve(base + variant + ".showcmd-3.42");
                if (!Files.exists(parse) || !Files.exists(showcmd)) {
                    continue;
                }
                int fioStatus = recordedStatus(parse);
                Path parse333 = dir.resolve(base + variant + ".parse");
                if (Files.exists(parse333) && recordedStatus(parse333) != fioStatus) {
                    Path failing = fioStatus != 0 ? parse : parse333;
                    versionNotes.add(base + variant + ": 3.33 exit " + recordedStatus(parse333) + ", 3.42 exit "
                            + fioStatus + " (" + (fioStatus != 0 ? "3.42" : "3.33") + ": " + firstStderrLine(failing)
                            + ")");
                }
                Outcome p = run(env, "--parse-only", f.toString());
                total++;
                boolean jfioAccepts = p.status() == 0;
                if (jfioAccepts == (fioStatus == 0)) {
                    agree++;
                } else {
                    mismatches.add("accept/reject " + base + variant + ": fio 3.42 exit " + fioStatus + ", jfio exit "
                            + p.status() + " " + p.err().strip().replace('\n', '|'));
                }
                if (fioStatus != 0) {
                    continue;
                }
                accepted++;
                Outcome s = run(env, "--showcmd", f.toString());
                String expected = Files.readString(showcmd, StandardCharsets.UTF_8);
                if (s.out().equals(expected)) {
                    identical++;
                } else {
                    mismatches.add("showcmd " + base + variant + ":\n   fio:  " + expected.strip() + "\n   jfio: "
                            + s.out().strip() + "\n   err:  " + s.err().strip().replace('\n', '|'));
                }
            }
        }
        System.out.println("Files 3.33 and 3.42 treat differently (3.42 wins):");
        versionNotes.forEach(n -> System.out.println("  " + n));
        mismatches.forEach(m -> System.out.println("MISMATCH " + m));
        System.out.printf("showcmd identical: %d/%d, accept/reject agree: %d/%d%n", identical, accepted, agree, total);
        tally = new Tally(identical, accepted, agree, total);
        return tally;
    }
}
