package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jfio.report.json.JsonParser;
import io.jfio.report.json.JsonShape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The same job under fio 3.33 and 3.42 has the same JSON key tree apart from the keys fio 3.36+ added. */
class JsonShapeTest {
    @Test
    void goldenKeyTreesAgreeAcrossVersionsApartFromSpec10() throws Exception {
        Path shared = GoldenCase.shared();
        assumeTrue(shared != null && Files.isDirectory(shared.resolve("golden/fio-3.42")), "../shared/golden is absent");
        Path golden = shared.resolve("golden");
        List<String> bad = new ArrayList<>();
        int compared = 0;
        try (Stream<Path> s = Files.list(golden.resolve("fio-3.42"))) {
            for (Path d42 : s.sorted().toList()) {
                Path d33 = golden.resolve(d42.getFileName());
                if (!Files.exists(d42.resolve("jsonplus.txt")) || !Files.exists(d33.resolve("jsonplus.txt"))) {
                    continue;
                }
                List<String> a = JsonShape.withoutVersionDifferences(
                        JsonShape.of(JsonParser.parseDocument(Files.readString(d33.resolve("jsonplus.txt")))));
                List<String> b = JsonShape.withoutVersionDifferences(
                        JsonShape.of(JsonParser.parseDocument(Files.readString(d42.resolve("jsonplus.txt")))));
                compared++;
                if (!a.equals(b)) {
                    List<String> onlyA = new ArrayList<>(a);
                    onlyA.removeAll(b);
                    List<String> onlyB = new ArrayList<>(b);
                    onlyB.removeAll(a);
                    bad.add(d42.getFileName() + " 3.33 only " + onlyA + " 3.42 only " + onlyB);
                }
            }
        }
        System.out.printf("json+ key trees 3.33 vs 3.42: %d/%d identical apart from the keys fio 3.36+ added%n", compared - bad.size(), compared);
        assertEquals(List.of(), bad);
    }
}
