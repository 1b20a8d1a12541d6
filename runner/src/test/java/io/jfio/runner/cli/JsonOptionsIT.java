package io.jfio.runner.cli;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * JSON "global options" (the job file's [global] sections, merged as fio merges them) and the
 * "job options" of command-line jobs (with "name" first), as fio prints them. Expected values were
 * taken from fio 3.33; with /usr/bin/fio present they are also compared with a live run.
 */
class JsonOptionsIT {
    private static final String JOB_FILE = String.join("\n",
            "[global]", "ioengine=null", "bs=4k", "size=16m", "rw=randread", "time_based=0", "; comment",
            "norandommap", "", "[one]", "iodepth=2", "", "[global]", "bs=8k", "", "[two]", "rw=read", "");

    /** "global options" (null when absent) and each job's "job options", valueless entries left out
     *  (fio 3.33 omits them, 3.42, jfio's default, prints them as ""). */
    private static List<Map<String, String>> options(String json) {
        JsonNode doc = JsonParser.parseDocument(json);
        List<Map<String, String>> out = new ArrayList<>();
        out.add(doc.has("global options") ? map(doc.get("global options")) : null);
        for (JsonNode j : doc.get("jobs").elements()) {
            out.add(map(j.get("job options")));
        }
        return out;
    }

    private static Map<String, String> map(JsonNode o) {
        Map<String, String> m = new LinkedHashMap<>();
        for (JsonNode.Member e : o.members()) {
            if (!e.value().text().isEmpty()) {
                m.put(e.key(), e.value().text());
            }
        }
        return m;
    }

    private static String jfio(String... args) {
        CorpusAcceptanceTest.Outcome o = CorpusAcceptanceTest.run(Map.of(), args);
        assertEquals(0, o.status(), o.err());
        return o.out();
    }

    @Test
    void jobFileGlobalSectionsBecomeGlobalOptions(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("g.fio");
        Files.writeString(file, JOB_FILE);
        String out = jfio(file.toString(), "--output-format=json");
        assertEquals(Arrays.asList(
                Map.of("ioengine", "null", "bs", "8k", "size", "16m", "rw", "randread", "time_based", "0"),
                Map.of("iodepth", "2"), Map.of("rw", "read")), options(out));
        assertEquals(List.of("ioengine", "bs", "size", "rw", "time_based"),
                new ArrayList<>(options(out).get(0).keySet()), "fio's order: first appearance");
        compareWithFio(dir, out, file.toString(), "--output-format=json");
    }

    @Test
    void commandLineJobsCarryTheirName(@TempDir Path dir) throws Exception {
        String out = jfio("--name=cl", "--ioengine=null", "--size=1m", "--bs=8k", "--output-format=json");
        List<Map<String, String>> o = options(out);
        assertEquals(null, o.get(0), "no [global]: no \"global options\"");
        assertEquals(List.of("name", "ioengine", "size", "bs"), new ArrayList<>(o.get(1).keySet()));
        assertEquals("cl", o.get(1).get("name"));
        compareWithFio(dir, out, "--name=cl", "--ioengine=null", "--size=1m", "--bs=8k", "--output-format=json");

        String before = jfio("--ioengine=null", "--name=cl", "--size=1m", "--output-format=json");
        assertEquals(Arrays.asList(Map.of("ioengine", "null"), Map.of("name", "cl", "size", "1m")), options(before));
        compareWithFio(dir, before, "--ioengine=null", "--name=cl", "--size=1m", "--output-format=json");
    }

    private static void compareWithFio(Path dir, String jfioOut, String... args) throws IOException, InterruptedException {
        Path fio = Path.of("/usr/bin/fio");
        Assumptions.assumeTrue(Files.isExecutable(fio), "skipped the live comparison: no /usr/bin/fio");
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(false).start();
        String fioOut = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertFalse(!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0, "fio failed: " + fioOut);
        List<Map<String, String>> a = options(fioOut);
        List<Map<String, String>> b = options(jfioOut);
        assertEquals(a, b);
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != null) {
                assertEquals(new ArrayList<>(a.get(i).keySet()), new ArrayList<>(b.get(i).keySet()), "order " + i);
            }
        }
    }
}
