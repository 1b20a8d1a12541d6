package io.jfio.runner.explain;

import io.jfio.jobfile.MachineInfo;
import io.jfio.runner.cli.Main;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jfio --explain: each trap file in test resources yields exactly its trap at its line (exit 1); the
 * clean job yields nothing (exit 0); fio's example job files yield only findings that are real.
 */
class ExplainTest {
    private static final Path TRAPS = Path.of("src/test/resources/explain");
    private static final Path CORPUS = Path.of(System.getProperty("jfio.shared", "../shared"), "corpus/fio-examples");
    private static final Pattern FINDING = Pattern.compile("^(.+?):(\\d+): (.*)$");

    record Outcome(int status, List<String> findings, String out) {
    }

    static Outcome explain(Path file) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int st = Main.run(new String[] {"--explain", file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), MachineInfo.current());
        String o = out.toString(StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(o.lines().toList());
        String last = lines.isEmpty() ? "" : lines.remove(lines.size() - 1);
        assertTrue(last.startsWith("jfio --explain: "), o + err);
        return new Outcome(st, lines, o);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unit-space.fio|5|fio ignores its unit: '8k' is read as 8, not 8192",
        "unit-inner-space.fio|5|so it is 8 bytes, not 8192",
        "bs-no-unit.fio|5|bs=8 is 8 bytes",
        "kb-base-1000.fio|5|size=1g under kb_base=1000 is 1000000000 bytes",
        "gib-default.fio|4|size=1GiB uses a power of 1000 under the default kb_base=1024",
        "runtime-sec.fio|6|runtime=10sec: unit 'sec' is not a fio time unit, so the value means microseconds",
        "ramp-runtime.fio|7|ramp_time=5s is not shorter than runtime=5s",
        "ignored.fio|5|jfio will ignore this line: option plid_select is not supported by jfio",
        "wrong-engine.fio|6|fio refuses this job file: unknown option 'hipri=1' (an option of engine io_uring",
    })
    void eachTrapFileFindsItsTrap(String file, int line, String text) {
        Outcome o = explain(TRAPS.resolve(file));
        System.out.print(o.out());
        assertEquals(1, o.status(), o.out());
        assertEquals(1, o.findings().size(), o.out());
        Matcher m = FINDING.matcher(o.findings().get(0));
        assertTrue(m.matches(), o.out());
        assertTrue(m.group(1).endsWith(file), o.out());
        assertEquals(line, Integer.parseInt(m.group(2)), o.out());
        assertTrue(m.group(3).contains(text), o.out());
    }

    @Test
    void aCleanJobFindsNothing() {
        Outcome o = explain(TRAPS.resolve("clean.fio"));
        assertEquals(0, o.status(), o.out());
        assertEquals(List.of(), o.findings());
        assertTrue(o.out().contains("no known trap found"));
    }

    /**
     * fio's 107 example job files: each finding names a line that sets what it talks about; a file
     * is refused exactly when fio 3.42 refused it (the corpus recordings); the size, unit, time and
     * ramp traps (reviewed by hand) do not occur in fio's own examples.
     */
    @Test
    void fioExamplesYieldOnlyRealFindings() throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(CORPUS), "skipped: no corpus at " + CORPUS);
        Map<String, Integer> parseExit342 = new HashMap<>();
        List<String> index = Files.readAllLines(CORPUS.resolve("index.tsv"));
        int col = List.of(index.get(0).split("\t")).indexOf("parse_exit-3.42");
        for (String row : index.subList(1, index.size())) {
            String[] c = row.split("\t");
            parseExit342.put(c[0], Integer.parseInt(c[col]));
        }
        Pattern optionNamed = Pattern.compile("option (\\w+) is not supported|^(\\w+)=|value of (\\w+)|'(\\w+)=");
        int clean = 0;
        int files = 0;
        Map<String, Integer> kinds = new java.util.TreeMap<>();
        List<Path> jobs;
        try (Stream<Path> s = Files.list(CORPUS)) {
            jobs = s.filter(p -> p.toString().endsWith(".fio")).sorted().toList();
        }
        for (Path f : jobs) {
            files++;
            Outcome o = explain(f);
            List<String> lines = Files.readAllLines(f);
            boolean refused = false;
            for (String finding : o.findings()) {
                Matcher m = FINDING.matcher(finding);
                assertTrue(m.matches(), finding);
                assertTrue(m.group(1).endsWith(f.getFileName().toString()), finding);
                String text = m.group(3);
                String line = lines.get(Integer.parseInt(m.group(2)) - 1);
                String kind;
                if (text.startsWith("fio refuses this job file")) {
                    refused = true;
                    kind = "refused";
                } else if (text.startsWith("jfio will ignore this line")) {
                    kind = "ignored by jfio";
                } else if (text.matches("job .*: fio: .*")) {
                    kind = "fio's own warning";
                } else {
                    kind = "other: " + finding;
                }
                kinds.merge(kind, 1, Integer::sum);
                Matcher n = optionNamed.matcher(text.replaceFirst("^fio refuses this job file: [^']*", ""));
                if (n.find()) {
                    String opt = Stream.of(n.group(1), n.group(2), n.group(3), n.group(4))
                            .filter(x -> x != null).findFirst().orElseThrow();
                    var def = io.jfio.jobfile.OptionCatalog.get().find(opt);
                    boolean named = line.contains(opt)
                            || (def != null && (line.contains(def.name()) || (def.alias() != null && line.contains(def.alias()))));
                    assertTrue(named, finding + " but the line is: " + line);
                }
            }
            assertEquals(parseExit342.get(f.getFileName().toString()) != 0, refused,
                    f + ": refused by --explain exactly when fio 3.42 refused it; " + o.out());
            if (o.findings().isEmpty()) {
                clean++;
                assertEquals(0, o.status());
            } else {
                assertEquals(1, o.status());
            }
        }
        System.out.printf("fio examples: %d files, %d without finding; findings by kind: %s%n", files, clean, kinds);
        assertTrue(kinds.keySet().stream().noneMatch(k -> k.startsWith("other")), kinds.toString());
        assertTrue(clean > 40, clean + " clean files");
    }
}
