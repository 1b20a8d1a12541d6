package io.jfio.engine.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** jnr-ffi's six-primitive calls in a child JVM that has only what jfio's own code configures (MmapProbe). */
class NativeFreshJvmIT {
    @TempDir
    Path dir;

    /**
     * The same in a fresh JVM without -Djnr.ffi.x86asm.enabled=false (surefire sets it for this
     * JVM): proves {@link Native} itself switches the broken stubs off before loading libc.
     */
    @Test
    void nativeLoaderAloneFixesTheSixthArgument() throws Exception {
        String out = probe(false);
        assertEquals("BYTE 17", out, "Native.libc() in a JVM without the system property");
        // Informational: what jnr-ffi does with its default stubs (the bug Native avoids).
        System.out.println("jnr-ffi default stubs, six-primitive mmap: " + probe(true));
    }

    private String probe(boolean raw) throws Exception {
        Path pages = dir.resolve("pages");
        byte[] data = new byte[4 * 4096];
        for (int p = 0; p < 4; p++) {
            java.util.Arrays.fill(data, p * 4096, (p + 1) * 4096, (byte) (0x10 + p));
        }
        Files.write(pages, data);
        List<String> cmd = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"),
            MmapProbe.class.getName(), pages.toString()));
        if (raw) {
            cmd.add("raw");
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String[] lines = out.split("\n");
        return lines[lines.length - 1].trim();
    }
}
