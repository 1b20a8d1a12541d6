package io.jfio.runner.log;

import io.jfio.jobfile.MachineInfo;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.cli.Main;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs a job file with fio (a child process) or jfio (in process) in a directory, and reads the logs back. */
final class LogRuns {
    static final Path FIO = Path.of("/usr/bin/fio");

    private LogRuns() {
    }

    /** fio 3.42 from JFIO_FIO342 (env or system property), else the source tree's build, else null. */
    static Path fio342() {
        String p = System.getProperty("JFIO_FIO342", System.getenv("JFIO_FIO342"));
        Path path = Path.of(p == null ? "/opt/fio-3.42-src/fio" : p);
        return Files.isExecutable(path) ? path : null;
    }

    /** The fio source tree whose tools/ are run on jfio's logs (JFIO_FIO_SRC or /opt/fio-3.42-src). */
    static Path fioSource() {
        String p = System.getProperty("JFIO_FIO_SRC", System.getenv("JFIO_FIO_SRC"));
        Path path = Path.of(p == null ? "/opt/fio-3.42-src" : p);
        return Files.isDirectory(path.resolve("tools")) ? path : null;
    }

    static Path scratch(String name) throws IOException {
        Path base = Files.isDirectory(Path.of("/dev/shm")) ? Path.of("/dev/shm") : Path.of(System.getProperty("java.io.tmpdir"));
        return Files.createTempDirectory(base, "logs-" + name + "-");
    }

    static JsonNode fio(Path fio, Path dir, String job, String... extra) throws Exception {
        Path file = dir.resolve("job.fio");
        Files.writeString(file, job);
        List<String> cmd = new ArrayList<>(List.of(fio.toString(), "--output-format=json"));
        cmd.addAll(List.of(extra));
        cmd.add(file.toString());
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "fio finished");
        assertEquals(0, p.exitValue(), "fio exit status");
        return JsonParser.parseDocument(new String(out, StandardCharsets.UTF_8));
    }

    static JsonNode jfio(Path dir, String job, String... extra) throws Exception {
        Path file = dir.resolve("job.fio");
        Files.writeString(file, job);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of("--output-format=json"));
        args.addAll(List.of(extra));
        args.add(file.toString());
        int rc = Main.run(args.toArray(new String[0]), new PrintStream(out, true), new PrintStream(err, true),
                System.getenv(), MachineInfo.current());
        assertEquals(0, rc, err.toString());
        return JsonParser.parseDocument(out.toString(StandardCharsets.UTF_8));
    }

    /** Log file name to its lines, for every *.log in {@code dir}. */
    static TreeMap<String, List<String>> logs(Path dir) throws IOException {
        TreeMap<String, List<String>> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String n = p.getFileName().toString();
                if (n.endsWith(".log")) {
                    m.put(n, Files.readAllLines(p));
                }
            }
        }
        return m;
    }

    /** The distinct column counts of a log's lines. */
    static java.util.Set<Integer> columns(List<String> lines) {
        java.util.Set<Integer> s = new java.util.TreeSet<>();
        for (String l : lines) {
            s.add(l.split(",", -1).length);
        }
        return s;
    }

    /** total_ios of a job (read + write + trim) in fio's JSON. */
    static long totalIos(JsonNode doc, int job) {
        JsonNode j = doc.get("jobs").elements().get(job);
        long n = 0;
        for (String d : new String[] {"read", "write", "trim"}) {
            n += j.get(d).get("total_ios").asLong();
        }
        return n;
    }

    static void delete(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
