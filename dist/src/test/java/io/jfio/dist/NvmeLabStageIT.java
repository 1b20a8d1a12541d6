package io.jfio.dist;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The NVMe lab stage (.ci/lab-stage.sh) as part of {@code mvn verify}: it needs the packaged
 * jfio.jar, so it runs in the integration-test phase (failsafe), after the jar is built. The
 * script boots one emulated-NVMe guest and checks io_uring_cmd, hipri and jfio-peak there; where
 * the lab cannot start (no ../shared, not root, no qemu) it says why and this test is skipped.
 */
class NvmeLabStageIT {

    @Test
    void labStagePasses() throws Exception {
        Path root = Path.of(System.getProperty("jfio.root", "..")).toAbsolutePath().normalize();
        Path script = root.resolve(".ci/lab-stage.sh");
        Assumptions.assumeTrue(Files.isRegularFile(script), () -> "skipped: no " + script);
        Assumptions.assumeFalse("true".equals(System.getProperty("jfio.skipLab")),
                "skipped: -Djfio.skipLab=true");

        Process p = new ProcessBuilder("bash", script.toString())
                .directory(root.toFile())
                .redirectErrorStream(true)
                .start();
        String skipReason = null;
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                System.out.println(line);
                if (line.startsWith("lab-stage skipped:")) {
                    skipReason = line;
                }
            }
        }
        if (!p.waitFor(30, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("lab stage did not finish in 30 minutes");
        }
        String reason = skipReason;
        Assumptions.assumeTrue(reason == null, () -> reason);
        assertEquals(0, p.exitValue(), "lab stage failed; see its output above");
    }
}
