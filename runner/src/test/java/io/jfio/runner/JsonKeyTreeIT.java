package io.jfio.runner;

import io.jfio.testsupport.LoopDevice;
import io.jfio.jobfile.MachineInfo;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A jfio run's json+ has the same key tree (keys, order, JSON types) as fio 3.33's for the same
 * job, apart from the keys fio 3.42 added (spec/output-format.md 10): the report model is filled
 * completely by the runner. Terse lines have fio's field count for every terse version, which is
 * what position-based consumers (yabs, fio_exporter) depend on.
 */
@Timeout(120)
class JsonKeyTreeIT {
    private static final Path FIO = Path.of("/usr/bin/fio");
    /** Keys present only in fio 3.42's JSON (jfio's default flavour). */
    private static final Set<String> ADDED_IN_342 = Set.of("job_start", "latency_target_ns", "latency_window_us",
            "read_sectors", "write_sectors");

    @Test
    void nullEngineRun() throws Exception {
        compare("[kt]\nioengine=null\nrw=randread\nbs=4k\nsize=256m\n");
    }

    @Test
    void psyncOnALoopDevice() throws Exception {
        LoopDevice.assumeAvailable();
        try (LoopDevice dev = LoopDevice.create(32L << 20, false)) {
            compare("[kt]\nioengine=psync\nrw=randrw\nbs=4k\nsize=8m\nfsync=16\nfilename=" + dev.device() + "\n");
        }
    }

    @Test
    void terseFieldCountsPerVersion() throws Exception {
        LoopDevice.assumeAvailable();
        try (LoopDevice dev = LoopDevice.create(32L << 20, false)) {
            String job = "[tf]\nioengine=psync\nrw=randrw\nbs=4k\nsize=4m\nfilename=" + dev.device() + "\n";
            for (int version = 2; version <= 5; version++) {
                String[] both = runBoth(job, "--output-format=terse", "--terse-version=" + version);
                assertEquals(fieldCounts(both[0]), fieldCounts(both[1]), "terse v" + version + " field counts");
            }
        }
    }

    private static List<Integer> fieldCounts(String terse) {
        List<Integer> counts = new ArrayList<>();
        for (String line : terse.split("\n")) {
            if (!line.isBlank()) {
                counts.add(line.split(";", -1).length);
            }
        }
        return counts;
    }

    private static void compare(String jobFile) throws Exception {
        String[] both = runBoth(jobFile, "--output-format=json+");
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        tree(JsonParser.parseDocument(both[0]), "", a);
        tree(JsonParser.parseDocument(both[1]), "", b);
        assertEquals(String.join("\n", a), String.join("\n", b));
    }

    /** Runs the job with fio and then with jfio (in-process); returns both stdouts. */
    private static String[] runBoth(String jobFile, String... options) throws Exception {
        assumeTrue(Files.isExecutable(FIO), "skipped: /usr/bin/fio is not installed");
        Path file = Files.createTempFile("jfio-kt", ".fio");
        try {
            Files.writeString(file, jobFile);
            List<String> args = new ArrayList<>(List.of(options));
            args.add(file.toString());
            List<String> cmd = new ArrayList<>(List.of(FIO.toString()));
            cmd.addAll(args);
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String fioOut = new String(p.getInputStream().readAllBytes());
            assumeTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "fio run failed");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int rc = Main.run(args.toArray(new String[0]), new PrintStream(out, true), new PrintStream(err, true),
                    System.getenv(), MachineInfo.current());
            assertEquals(0, rc, err.toString());
            return new String[] {fioOut, out.toString()};
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Paths with types; "bins" contents and array lengths vary run to run and are skipped. */
    private static void tree(JsonNode n, String path, List<String> out) {
        if (n.kind() == JsonNode.Kind.OBJECT) {
            for (JsonNode.Member m : n.members()) {
                if (ADDED_IN_342.contains(m.key())) {
                    continue;
                }
                out.add(path + "/" + m.key() + ":" + kind(m.value()));
                if (!m.key().equals("bins")) {
                    tree(m.value(), path + "/" + m.key(), out);
                }
            }
        } else if (n.kind() == JsonNode.Kind.ARRAY && !n.elements().isEmpty()) {
            tree(n.elements().get(0), path + "[]", out);
        }
    }

    private static String kind(JsonNode n) {
        // fio prints some floats as integers when they are whole (e.g. 0): compare as "number".
        return switch (n.kind()) {
            case INT, FLOAT -> "number";
            default -> n.kind().name();
        };
    }
}
