package io.jfio.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A launcher under bin/ run as a user runs it, on the jar this build packaged (no rebuild). */
final class BinTool {
    private BinTool() {
    }

    /** Runs bin/{@code cmd[0]} with the rest as arguments and {@code env} added; asserts exit 0, returns stdout and stderr. */
    static String run(Path root, Map<String, String> env, String... cmd) throws IOException, InterruptedException {
        List<String> c = new ArrayList<>(List.of(cmd));
        c.set(0, root.resolve("bin").resolve(cmd[0]).toString());
        ProcessBuilder pb = new ProcessBuilder(c).redirectErrorStream(true);
        pb.environment().put("JFIO_NO_BUILD", "1");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", cmd) + ":\n" + out);
        return out;
    }
}
