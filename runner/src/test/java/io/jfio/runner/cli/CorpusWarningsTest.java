package io.jfio.runner.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Warning parity at parse time on fio's example corpus: for every job file fio 3.42 parses
 * cleanly (with and without fio-examples.env), every line jfio --parse-only prints on stderr is
 * one fio 3.42 printed for the same file (recorded in the corpus), once jfio's location prefix
 * is taken off, apart from jfio's own "not supported by jfio" warnings. The same check on short
 * runs against a live fio is CorpusWarningsIT's.
 */
class CorpusWarningsTest {
    /**
     * fio's words of a jfio warning or fix-up error: without jfio's "fio: warning: FILE:LINE: job
     * NAME: " or "fio: FILE:LINE: job NAME: " prefix.
     */
    static String fioText(String jfioLine) {
        return jfioLine.replaceFirst("^fio: (warning: )?[^: ]+:\\d+: (job [^:]+: )?(?=fio: )", "")
                .replaceFirst("^fio: warning: [^: ]+:\\d+: (job [^:]+: )?", "");
    }

    static boolean jfioOwn(String line) {
        return line.contains("is not supported by jfio; ignored") || line.isBlank();
    }

    private static Set<String> recordedLines(Path parse) throws IOException {
        Set<String> s = new LinkedHashSet<>();
        for (String l : Files.readAllLines(parse, StandardCharsets.UTF_8)) {
            if (!l.startsWith("exit_status=") && !l.equals("--- stderr ---") && !l.equals("--- stdout ---")) {
                s.add(l);
            }
        }
        return s;
    }

    @Test
    void parseOnlyPrintsNoWarningFio342DoesNot() throws IOException {
        Path dir = CorpusAcceptanceTest.corpus();
        Map<String, String> withEnv = CorpusAcceptanceTest.envFile(dir.resolveSibling("fio-examples.env"));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".fio")).sorted().toList();
        }
        List<String> extra = new ArrayList<>();
        int checked = 0;
        for (Path f : files) {
            String base = f.getFileName().toString().replaceFirst("\\.fio$", "");
            for (String variant : new String[] {"", ".env"}) {
                Path parse = dir.resolve(base + variant + ".parse-3.42");
                if (!Files.exists(parse) || CorpusAcceptanceTest.recordedStatus(parse) != 0) {
                    continue;
                }
                checked++;
                Set<String> fio = recordedLines(parse);
                CorpusAcceptanceTest.Outcome p = CorpusAcceptanceTest.run(variant.isEmpty() ? Map.of() : withEnv,
                        "--parse-only", f.toString());
                for (String l : p.err().split("\n")) {
                    if (!jfioOwn(l) && !fio.contains(fioText(l))) {
                        extra.add(base + variant + ": " + l);
                    }
                }
            }
        }
        System.out.println("corpus --parse-only: " + checked + " files checked, " + extra.size() + " extra lines");
        assertTrue(checked > 150, "files fio 3.42 parses: " + checked);
        assertTrue(extra.isEmpty(), "jfio prints what fio 3.42 does not:\n" + String.join("\n", extra));
    }
}
