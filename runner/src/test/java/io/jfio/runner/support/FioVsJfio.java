package io.jfio.runner.support;

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
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs the same command line through real fio and through jfio (in-process or as a child JVM),
 * for differential error tests. fio is fio 3.42 when -Djfio.fio342 / JFIO_FIO342 or the source
 * build in /opt is there, else the installed /usr/bin/fio (3.33, what CI has), else the test skips.
 */
public final class FioVsJfio {
    private FioVsJfio() {
    }

    /** Exit status and both streams of one run. */
    public record Outcome(int rc, String out, String err) {
        public String both() {
            return out + err;
        }
    }

    /** The fio to compare with, or a skip with the reason. */
    public static Path fio() {
        Path p = fioOrNull();
        assumeTrue(p != null, "skipped: no fio binary (set JFIO_FIO342 or install fio)");
        return p;
    }

    /** The fio to compare with (as {@link #fio()}), or null when none is installed. */
    public static Path fioOrNull() {
        List<String> candidates = new ArrayList<>();
        String prop = System.getProperty("jfio.fio342");
        if (prop != null) {
            candidates.add(prop);
        }
        String env = System.getenv("JFIO_FIO342");
        if (env != null) {
            candidates.add(env);
        }
        candidates.add("/opt/fio-3.42-src/fio");
        candidates.add("/usr/bin/fio");
        for (String c : candidates) {
            if (!c.isEmpty() && Files.isExecutable(Path.of(c))) {
                return Path.of(c);
            }
        }
        return null;
    }

    /**
     * Every fio to compare with, for tests that run against each one: {@link #fioOrNull()}'s
     * (fio 3.42 where it is) and Debian's /usr/bin/fio (3.33, what CI has), each once.
     */
    public static List<Path> everyFio() {
        java.util.Set<Path> s = new java.util.LinkedHashSet<>();
        Path f = fioOrNull();
        if (f != null) {
            s.add(f);
        }
        if (Files.isExecutable(Path.of("/usr/bin/fio"))) {
            s.add(Path.of("/usr/bin/fio"));
        }
        return new ArrayList<>(s);
    }

    /** That fio when its --enghelp lists {@code engine} (fio 3.33 lacks the dir* engines), else null. */
    public static Path fioWithEngine(String engine) throws IOException {
        Path f = fioOrNull();
        if (f == null) {
            return null;
        }
        String list = run(List.of(f.toString(), "--enghelp"), 30).both();
        return list.contains("\t" + engine + "\n") ? f : null;
    }

    /** The JSON report in a run's stdout (after whatever was printed before it). */
    public static JsonNode json(String out) {
        return JsonParser.parse(out.substring(out.indexOf('{')));
    }

    /** fio 3.42 only: skips when just an older fio is installed. */
    public static Path fio342() {
        Path p = fio();
        assumeTrue(version(p).startsWith("fio-3.42"), "skipped: needs fio 3.42 (set JFIO_FIO342), found " + version(p));
        return p;
    }

    public static String version(Path fio) {
        try {
            return run(List.of(fio.toString(), "--version"), 30).out.trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    public static Outcome fio(List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(fio().toString());
        cmd.addAll(args);
        return run(cmd, 120);
    }

    public static Outcome jfio(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(args.toArray(new String[0]), new PrintStream(out, true), new PrintStream(err, true),
                System.getenv(), MachineInfo.current());
        return new Outcome(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The command that starts jfio's main class in a child JVM on the test class path. */
    public static List<String> jfioCommand(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djnr.ffi.x86asm.enabled=false", "-cp", System.getProperty("java.class.path"),
                "io.jfio.runner.cli.Main"));
        cmd.addAll(args);
        return cmd;
    }

    public static Outcome run(List<String> cmd, int timeoutSeconds) throws IOException {
        return run(cmd, timeoutSeconds, null);
    }

    /** Runs {@code cmd} in {@code workDir} (null: this process's working directory). */
    public static Outcome run(List<String> cmd, int timeoutSeconds, Path workDir) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (workDir != null) {
            pb.directory(workDir.toFile());
        }
        Process p = pb.start();
        try {
            java.util.concurrent.CompletableFuture<byte[]> err = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return p.getErrorStream().readAllBytes();
                } catch (IOException e) {
                    return new byte[0];
                }
            });
            java.util.concurrent.CompletableFuture<byte[]> out = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return p.getInputStream().readAllBytes();
                } catch (IOException e) {
                    return new byte[0];
                }
            });
            // the streams are read aside, so a process that hangs (fio 3.42 did on the corpus'
            // exec.fio) meets the timeout instead of blocking the test on its open stdout
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IOException("timed out: " + cmd);
            }
            return new Outcome(p.exitValue(), new String(out.join(), StandardCharsets.UTF_8),
                    new String(err.join(), StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + cmd, e);
        }
    }
}
