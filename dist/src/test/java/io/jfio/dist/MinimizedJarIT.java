package io.jfio.dist;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar keeps only the classes of commons-math and JFreeChart that jfio's own code
 * reaches (the shade plugin's minimizeJar): a class those libraries load another way would be
 * missing only there, not on the modules' test class paths. So bin/jfio-plot and bin/jfio-compare
 * run here from the jar, on every kind of input they take, made by a fresh bin/jfio run: json+
 * results, NDJSON intervals, bw/iops/lat logs, a histogram log, and jfio-compare's own JSON.
 */
class MinimizedJarIT {
    private final Path root = SourceTree.root();

    @Test
    void plotAndCompareRunFromTheJarOnEveryInputKind(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isRegularFile(root.resolve("dist/target/jfio.jar")), "dist/target/jfio.jar not packaged");
        List<Path> results = new ArrayList<>();
        for (String name : List.of("a", "b")) {
            Path dir = Files.createDirectories(tmp.resolve(name));
            String job = "[global]\nioengine=null\nbs=4k\nsize=1g\nnorandommap\ntime_based\nruntime=2200ms\n"
                    + "write_bw_log=" + dir + "/run\nwrite_iops_log=" + dir + "/run\nwrite_lat_log=" + dir + "/run\n"
                    + "write_hist_log=" + dir + "/run\nlog_hist_msec=500\nlog_avg_msec=100\n"
                    + "[mix]\nrw=randrw\nrwmixread=60\n";
            Path jobFile = dir.resolve("run.fio");
            Files.writeString(jobFile, job);
            Path json = dir.resolve("run.json");
            run("jfio", "--output-format=json+", "--output=" + json, "--status-interval=1",
                    "--interval-output=" + dir.resolve("run.ndjson"), jobFile.toString());
            results.add(json);
        }
        Path a = tmp.resolve("a");
        List<Path> logs;
        try (Stream<Path> s = Files.list(a)) {
            logs = s.filter(p -> p.toString().endsWith(".log")).sorted().toList();
        }
        assertTrue(logs.stream().anyMatch(p -> p.getFileName().toString().contains("clat_hist")), logs.toString());

        String cmp = run("jfio-compare", results.get(0).toString(), results.get(1).toString());
        assertTrue(cmp.contains("read IOPS"), cmp);
        Path cmpJson = tmp.resolve("cmp.json");
        Files.writeString(cmpJson, run("jfio-compare", "--output-format=json", results.get(0).toString(),
                results.get(1).toString()));

        List<String> args = new ArrayList<>(List.of("jfio-plot", "-o", tmp.resolve("plots").toString()));
        results.forEach(r -> args.add(r.toString()));
        args.add(a.resolve("run.ndjson").toString());
        logs.forEach(l -> args.add(l.toString()));
        args.add(cmpJson.toString());
        String plot = run(args.toArray(String[]::new));
        List<Path> svgs;
        try (Stream<Path> s = Files.list(tmp.resolve("plots"))) {
            svgs = s.filter(p -> p.toString().endsWith(".svg")).toList();
        }
        // one chart at least per input kind: json+ (2), intervals, 5 logs, a heatmap, the comparison
        assertTrue(svgs.size() >= 10, plot + svgs);
        assertTrue(Files.size(tmp.resolve("plots/report.html")) > 1000, plot);
    }

    /** Runs bin/TOOL with the arguments; returns its output, which must hold no Java error. */
    private String run(String... cmd) throws IOException, InterruptedException {
        String out = BinTool.run(root, Map.of(), cmd);
        assertFalse(out.contains("NoClassDefFoundError") || out.contains("ClassNotFoundException")
                || out.contains("Exception in thread"), out);
        return out;
    }
}
