package io.jfio.runner.verify;

import io.jfio.jobfile.MachineInfo;
import io.jfio.runner.cli.Main;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The verify tests' tools: jfio in this JVM, the installed fios, a byte flipped in a data file. */
final class VerifyTools {
    private VerifyTools() {
    }

    /** /usr/bin/fio (3.33 in CI) and fio 3.42 (JFIO_FIO342 or -Djfio.fio342), those installed. */
    static List<Path> fios() {
        List<Path> l = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/fio"))) {
            l.add(Path.of("/usr/bin/fio"));
        }
        String f342 = System.getenv("JFIO_FIO342");
        if (f342 == null) {
            f342 = System.getProperty("jfio.fio342");
        }
        if (f342 != null && Files.isExecutable(Path.of(f342))) {
            l.add(Path.of(f342));
        }
        return l;
    }

    static int jfio(String[] args, StringBuilder err) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int rc = Main.run(args, new PrintStream(o, true), new PrintStream(e, true), Map.of(), MachineInfo.current());
        err.append(e.toString(StandardCharsets.UTF_8)).append(o.toString(StandardCharsets.UTF_8));
        return rc;
    }

    static int fio(Path fio, String[] args, StringBuilder out) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(fio.toString());
        cmd.addAll(List.of(args));
        // fio leaves <job>-<n>-verify.state files in its working directory: keep them out of the tree
        Process p = new ProcessBuilder(cmd).directory(new java.io.File(System.getProperty("java.io.tmpdir")))
                .redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "fio did not finish");
        out.append(text);
        return p.exitValue();
    }

    /** The job error field of a terse line (5th field). */
    static int terseError(String text) {
        for (String l : text.split("\n")) {
            if (l.startsWith("3;")) {
                return Integer.parseInt(l.split(";")[4]);
            }
        }
        return -1;
    }

    static void flip(Path file, long at) throws Exception {
        try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.READ,
                java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1);
            ch.read(b, at);
            b.flip();
            b.put(0, (byte) (b.get(0) ^ 0x5a));
            ch.write(b, at);
        }
    }

    static String version(Path fio) throws Exception {
        Process p = new ProcessBuilder(fio.toString(), "--version").redirectErrorStream(true).start();
        String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        p.waitFor(30, TimeUnit.SECONDS);
        return v;
    }
}
