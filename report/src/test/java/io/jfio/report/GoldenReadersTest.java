package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jfio.report.format.TerseFormat;
import io.jfio.report.format.TerseReader;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Percentiles of every golden histogram, and terse files read back and rewritten. */
class GoldenReadersTest {

    private static List<Path> files(String... names) throws Exception {
        Path shared = GoldenCase.shared();
        assumeTrue(shared != null && Files.isDirectory(shared.resolve("golden")), "../shared/golden is absent");
        List<Path> out = new ArrayList<>();
        Path golden = shared.resolve("golden");
        for (Path base : List.of(golden, golden.resolve("fio-3.42"))) {
            try (Stream<Path> s = Files.list(base)) {
                s.filter(Files::isDirectory).sorted().forEach(d -> {
                    for (String n : names) {
                        if (Files.exists(d.resolve(n))) {
                            out.add(d.resolve(n));
                        }
                    }
                });
            }
        }
        return out;
    }

    @Test
    void everyGoldenHistogramGivesFiosPercentiles() throws Exception {
        int histograms = 0;
        List<String> bad = new ArrayList<>();
        for (Path p : files("jsonplus.txt")) {
            JsonNode root = JsonParser.parseDocument(Files.readString(p));
            for (JsonNode job : root.get("jobs").elements()) {
                for (JsonNode.Member dir : job.members()) {
                    if (dir.value().kind() != JsonNode.Kind.OBJECT) {
                        continue;
                    }
                    for (JsonNode.Member lat : dir.value().members()) {
                        JsonNode bins = lat.value().kind() == JsonNode.Kind.OBJECT ? lat.value().get("bins") : null;
                        if (bins == null) {
                            continue;
                        }
                        LatencyHistogram h = new LatencyHistogram();
                        for (JsonNode.Member b : bins.members()) {
                            long v = Long.parseLong(b.key());
                            int idx = LatencyHistogram.indexOf(v);
                            assertEquals(v, LatencyHistogram.valueOf(idx), "bins key is a representative");
                            h.addToBucket(idx, b.value().asLong());
                        }
                        long n = lat.value().getLong("N");
                        assertEquals(n, h.count(), "sum of bins == N");
                        JsonNode pct = lat.value().get("percentile");
                        double[] list = new double[pct.members().size()];
                        long[] want = new long[list.length];
                        for (int i = 0; i < list.length; i++) {
                            list[i] = Double.parseDouble(pct.members().get(i).key());
                            want[i] = pct.members().get(i).value().asLong();
                        }
                        histograms++;
                        if (!java.util.Arrays.equals(want, h.percentiles(list, n))) {
                            bad.add(p + " " + job.getString("jobname") + " " + dir.key() + "." + lat.key());
                        }
                    }
                }
            }
        }
        System.out.printf("golden histograms: %d/%d percentile sets identical%n", histograms - bad.size(), histograms);
        assertTrue(histograms >= 39, "expected the 39 golden histograms, found " + histograms);
        assertEquals(List.of(), bad);
    }

    @Test
    void everyGoldenTerseFileRoundTripsIdentically() throws Exception {
        int files = 0;
        List<String> bad = new ArrayList<>();
        for (Path p : files("terse.txt", "terse_v2.txt", "terse_v4.txt", "terse_v5.txt")) {
            StringBuilder t = new StringBuilder();
            for (String l : Files.readString(p).split("\n")) {
                if (l.matches("^[2-5];.*") || l.startsWith(";")) {
                    t.append(l).append('\n'); // fio 3.42 may put error messages in the file too
                }
            }
            String text = t.toString();
            RunResult run = TerseReader.read(text);
            int version = Integer.parseInt(text.substring(0, 1));
            files++;
            String again = TerseFormat.write(run, version);
            if (!again.equals(text)) {
                bad.add(p + "\n" + GoldenRoundTripTest.firstDiff(text, again));
            }
        }
        System.out.printf("golden terse files: %d/%d read and rewritten identically%n", files - bad.size(), files);
        assertEquals(List.of(), bad);
    }
}
