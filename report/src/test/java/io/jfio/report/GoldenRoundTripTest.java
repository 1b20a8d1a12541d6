package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jfio.report.format.JsonFormat;
import io.jfio.report.format.JsonReader;
import io.jfio.report.format.NormalFormat;
import io.jfio.report.format.OutputFormat;
import io.jfio.report.format.TerseFormat;
import io.jfio.report.format.TerseReader;
import io.jfio.report.json.FioJsonPrinter;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Acceptance: for every golden case, read the run's json+ (combined.txt) and render normal,
 * terse and json+; each must be byte-identical to what fio printed for the same run.
 */
class GoldenRoundTripTest {

    @Test
    void everyGoldenRunRendersByteIdentical() throws Exception {
        Path shared = GoldenCase.shared();
        assumeTrue(shared != null && Files.isDirectory(shared.resolve("golden")),
                "../shared/golden is absent (system property jfio.shared=" + shared + ")");
        List<String> failures = new ArrayList<>();
        int cases = 0;
        int normalOk = 0;
        int terseOk = 0;
        int terseStrict = 0;
        int jsonOk = 0;
        int combinedOk = 0;
        for (Path dir : GoldenCase.caseDirs()) {
            GoldenCase c = new GoldenCase(dir);
            cases++;
            RunResult run = c.read();

            String normal = NormalFormat.write(run);
            if (normal.equals(c.normal)) {
                normalOk++;
            } else {
                failures.add(c.name + " normal:\n" + firstDiff(c.normal, normal));
            }

            String json = JsonFormat.write(run, true);
            if (json.equals(c.json)) {
                jsonOk++;
            } else {
                failures.add(c.name + " json+:\n" + firstDiff(c.json, json));
            }

            String expected = String.join("\n", c.terse) + "\n";
            String terse = TerseFormat.write(run, TerseFormat.DEFAULT_VERSION);
            if (terse.equals(expected)) {
                terseStrict++;
            }
            // Spec 7.4: the first usec field also holds the unfloored nsec share, which JSON
            // cannot give; take exactly that one field from fio's own terse line of the run.
            List<JobResult> ts = run.threadStats();
            for (int i = 0; i < ts.size() && i < c.terse.size(); i++) {
                ts.get(i).restoredTerseFirstUsec = TerseReader.firstUsecField(c.terse.get(i));
            }
            terse = TerseFormat.write(run, TerseFormat.DEFAULT_VERSION);
            if (terse.equals(expected)) {
                terseOk++;
            } else {
                failures.add(c.name + " terse:\n" + firstDiff(expected, terse));
            }
            // The whole report as fio emits it for --output-format=normal,terse,json+.
            String all = OutputFormat.render(run,
                    EnumSet.of(OutputFormat.NORMAL, OutputFormat.TERSE, OutputFormat.JSON_PLUS), 3);
            if (all.equals(c.reportPart)) {
                combinedOk++;
            } else {
                failures.add(c.name + " combined");
            }
        }
        System.out.printf("golden round trip: %d cases; normal %d/%d, terse %d/%d (%d/%d without the"
                + " first-usec field from fio's terse), json+ %d/%d, whole combined report %d/%d identical%n",
                cases, normalOk, cases, terseOk, cases, terseStrict, cases, jsonOk, cases, combinedOk, cases);
        assertEquals(List.of(), failures);
    }

    @Test
    void everyGoldenJsonFileReprintsByteIdentical() throws Exception {
        Path shared = GoldenCase.shared();
        assumeTrue(shared != null && Files.isDirectory(shared.resolve("golden")),
                "../shared/golden is absent");
        List<String> failures = new ArrayList<>();
        int files = 0;
        int treeOk = 0;
        int modelOk = 0;
        for (Path dir : GoldenCase.caseDirs()) {
            for (String f : List.of("json.txt", "jsonplus.txt")) {
                Path p = dir.resolve(f);
                if (!Files.exists(p)) {
                    continue;
                }
                files++;
                String text = Files.readString(p);
                String doc = text.substring(text.startsWith("{") ? 0 : text.indexOf("\n{\n") + 1);
                JsonNode tree = JsonParser.parseDocument(text);
                if (FioJsonPrinter.print(tree).equals(doc)) {
                    treeOk++;
                } else {
                    failures.add(p + " printer");
                }
                String again = JsonFormat.write(JsonReader.read(text), f.equals("jsonplus.txt"));
                if (again.equals(doc)) {
                    modelOk++;
                } else {
                    failures.add(p + " model:\n" + firstDiff(doc, again));
                }
            }
        }
        System.out.printf("golden json files: %d; printer %d/%d, through the model %d/%d identical%n",
                files, treeOk, files, modelOk, files);
        assertEquals(List.of(), failures);
    }

    static String firstDiff(String expected, String actual) {
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        StringBuilder b = new StringBuilder();
        int shown = 0;
        for (int i = 0; i < Math.max(e.length, a.length) && shown < 6; i++) {
            String x = i < e.length ? e[i] : "<none>";
            String y = i < a.length ? a[i] : "<none>";
            if (!x.equals(y)) {
                b.append("  line ").append(i + 1).append("\n    fio : ").append(x).append("\n    jfio: ").append(y)
                        .append('\n');
                shown++;
            }
        }
        return b.toString();
    }
}
