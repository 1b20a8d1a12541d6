package io.jfio.dist;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What each module's main code may import of jfio (docs/architecture.md's table): the parser,
 * the engines and the report model stand alone; peak sits on engines only, compare on report
 * only; netproto (fio's client/server protocol) on report; the runner on those four; multi and the
 * Java API on the runner and compare; plot on report only (it reads jfio-compare's JSON output, not
 * the compare code).
 */
class ModuleImportsTest {
    static final Map<String, List<String>> ALLOWED = Map.of(
            "test-support", List.of(),
            "jobfile-parser", List.of("io.jfio.jobfile"),
            "engines", List.of("io.jfio.engine"),
            "report", List.of("io.jfio.report"),
            "netproto", List.of("io.jfio.netproto", "io.jfio.report"),
            "runner", List.of("io.jfio.runner", "io.jfio.jobfile", "io.jfio.engine", "io.jfio.report", "io.jfio.netproto"),
            "peak", List.of("io.jfio.peak", "io.jfio.engine"),
            "compare", List.of("io.jfio.compare", "io.jfio.report"),
            "plot", List.of("io.jfio.plot", "io.jfio.report"),
            "multi", List.of("io.jfio.multi", "io.jfio.api", "io.jfio.runner", "io.jfio.compare", "io.jfio.jobfile",
                    "io.jfio.report"));

    @Test
    void everyModuleImportsOnlyWhatItMay() {
        List<String> offenders = new ArrayList<>();
        int seen = 0;
        for (SourceTree.Source s : SourceTree.read("main")) {
            List<String> allowed = ALLOWED.get(s.module());
            if (allowed == null) {
                offenders.add(s.path() + ": module " + s.module() + " is not in the table");
                continue;
            }
            seen++;
            for (String p : s.importedPackages()) {
                if (p.startsWith("io.jfio.") && allowed.stream().noneMatch(a -> p.equals(a) || p.startsWith(a + "."))) {
                    offenders.add(s.path() + ": " + p);
                }
            }
        }
        assertEquals(List.of(), offenders, "imports a module may not make");
        org.junit.jupiter.api.Assertions.assertTrue(seen > 100, "the scan saw " + seen + " files");
    }
}
