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
 * The sg engine against fio 3.42 on a real SCSI generic device: .ci/sg-lab.sh boots one lab guest
 * with a virtio-scsi disk (/dev/sg0) and compares jfio's and fio's counts, error lines and
 * read-backs there. Skipped, with the script's reason, where the lab, fio 3.42 or the guest's
 * SCSI modules are missing (-Djfio.skipLab=true skips it too).
 */
class SgLabIT {

    @Test
    void sgEngineMatchesFioOnSg0() throws Exception {
        Path root = Path.of(System.getProperty("jfio.root", "..")).toAbsolutePath().normalize();
        Path script = root.resolve(".ci/sg-lab.sh");
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
                if (line.startsWith("sg-lab skipped:")) {
                    skipReason = line;
                }
            }
        }
        if (!p.waitFor(30, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("sg lab check did not finish in 30 minutes");
        }
        String reason = skipReason;
        Assumptions.assumeTrue(reason == null, () -> reason);
        assertEquals(0, p.exitValue(), "sg lab check failed; see its output above");
    }
}
