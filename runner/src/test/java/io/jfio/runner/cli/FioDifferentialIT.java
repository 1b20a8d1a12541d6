package io.jfio.runner.cli;

import io.jfio.jobfile.MachineInfo;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Differential check against the real fio on this machine: the edge cases of
 * fio-edge-cases.txt must be accepted or rejected as fio does, and accepted ones must give
 * fio's --showcmd line. Skipped when fio is not installed.
 */
class FioDifferentialIT {
    private static final Path FIO = Path.of("/usr/bin/fio");

    record Result(int status, String out) {
    }

    private static Result fio(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("env", "-i", "PATH=/usr/bin:/bin", "HOME=/nonexistent", "LANG=C",
                FIO.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return new Result(p.waitFor(), out);
    }

    private static Result jfio(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)) {
            status = Main.run(args, o, e, Map.of(), MachineInfo.current());
        }
        return new Result(status, out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void edgeCasesMatchInstalledFio(@TempDir Path dir) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isExecutable(FIO), "fio not installed at " + FIO + " (apt-get install -y fio)");
        List<String> cases = new ArrayList<>();
        try (InputStream in = FioDifferentialIT.class.getResourceAsStream("fio-edge-cases.txt")) {
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!l.isEmpty() && !l.startsWith("#")) {
                    cases.add(l);
                }
            }
        }
        // fio's exit status is the same for --showcmd and --parse-only (corpus index.tsv), so one fio
        // run per case suffices; fio spends ~0.15 s starting up, so run a few at once.
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Path f = dir.resolve("case" + i + ".fio");
            Files.writeString(f, cases.get(i).replace("\\n", "\n").replace("\\\\", "\\") + "\n");
            files.add(f);
        }
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Future<Result>> fioResults = new ArrayList<>();
        for (Path f : files) {
            fioResults.add(pool.submit(() -> fio(dir, "--showcmd", f.toString())));
        }
        List<String> mismatches = new ArrayList<>();
        try {
            for (int i = 0; i < files.size(); i++) {
                Result fs = fioResults.get(i).get();
                Result jp = jfio("--parse-only", files.get(i).toString());
                String c = cases.get(i);
                if ((fs.status() == 0) != (jp.status() == 0)) {
                    mismatches.add(c + ": fio exit " + fs.status() + ", jfio exit " + jp.status());
                } else if (fs.status() == 0) {
                    Result js = jfio("--showcmd", files.get(i).toString());
                    if (!fs.out().equals(js.out())) {
                        mismatches.add(c + ": showcmd fio '" + fs.out().strip() + "' jfio '" + js.out().strip() + "'");
                    }
                }
            }
        } catch (ExecutionException e) {
            throw new IOException("running fio failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
        mismatches.forEach(m -> System.out.println("MISMATCH " + m));
        System.out.println("fio differential: " + (cases.size() - mismatches.size()) + "/" + cases.size() + " agree");
        assertTrue(mismatches.isEmpty(), mismatches.size() + " edge cases differ from fio: " + mismatches);
    }
}
