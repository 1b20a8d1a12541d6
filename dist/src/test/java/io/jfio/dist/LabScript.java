package io.jfio.dist;

import org.junit.jupiter.api.Assumptions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Runs one of the lab scripts under .ci (each boots a QEMU guest and checks jfio against fio
 * there) from the repository root, echoing its output. A script that cannot run here says why on
 * a line starting with "NAME skipped:", which skips the calling test with that reason; otherwise
 * the test passes only when the script exits 0. -Djfio.skipLab=true skips every lab test.
 */
final class LabScript {
    private LabScript() {
    }

    /** A finished run: every line it printed, its exit status, its "NAME skipped:" line or null. */
    record Run(List<String> lines, int exit, String skipReason) {
    }

    static void runAndCheck(String script, String name) throws IOException, InterruptedException {
        Run run = run(script, name, 30);
        Assumptions.assumeTrue(run.skipReason() == null, run::skipReason);
        assertEquals(0, run.exit(), name + " failed; see its output above");
    }

    /** Runs the script; skips the caller where no script is here or -Djfio.skipLab=true. */
    static Run run(String script, String name, int timeoutMinutes) throws IOException, InterruptedException {
        Path root = Path.of(System.getProperty("jfio.root", "..")).toAbsolutePath().normalize();
        Path path = root.resolve(script);
        Assumptions.assumeTrue(Files.isRegularFile(path), () -> "skipped: no " + path);
        Assumptions.assumeFalse("true".equals(System.getProperty("jfio.skipLab")),
                "skipped: -Djfio.skipLab=true");
        Process p = new ProcessBuilder("bash", path.toString())
                .directory(root.toFile())
                .redirectErrorStream(true)
                .start();
        List<String> lines = new ArrayList<>();
        String skipReason = null;
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                System.out.println(line);
                lines.add(line);
                if (line.startsWith(name + " skipped:")) {
                    skipReason = line;
                }
            }
        }
        if (!p.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(name + " did not finish in " + timeoutMinutes + " minutes");
        }
        return new Run(List.copyOf(lines), p.exitValue(), skipReason);
    }
}
