import io.jfio.runner.cli.Main;

import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One JVM for a lab check's jfio runs, started in the check's directory by lab_jfio
 * (.ci/lab-guest-common.sh). Under TCG on the loaded CI machine a JVM start in the guest took
 * 15-50 s, most of a small job's run; this JVM starts once and then runs each request as
 * bin/jfio would, through Main.run, one after another.
 *
 * Args: DIR, holding the FIFOs req (a line a request: "run" or "quit") and resp (a line a
 * request: the run's exit status), and the file args (the request: NUL-terminated strings, the
 * paths to open as the run's stdout and stderr, appending (lab_jfio names its own
 * /proc/PID/fd/1 and 2, so the shell's redirections hold), then jfio's arguments).
 * Compiled on the host by .ci/lab-guest.sh; never part of the jar.
 */
public final class LabJfio {
    private LabJfio() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        try (BufferedReader req = new BufferedReader(new InputStreamReader(
                Files.newInputStream(dir.resolve("req")), StandardCharsets.UTF_8));
             PrintStream resp = new PrintStream(Files.newOutputStream(dir.resolve("resp")), true,
                     StandardCharsets.UTF_8)) {
            String line;
            while ((line = req.readLine()) != null && !line.equals("quit")) {
                List<String> a = split(Files.readAllBytes(dir.resolve("args")));
                int rc;
                try (PrintStream out = open(a.get(0)); PrintStream err = open(a.get(1))) {
                    System.setOut(out);
                    System.setErr(err);
                    try {
                        rc = Main.run(a.subList(2, a.size()).toArray(new String[0]));
                    } catch (Throwable t) {
                        t.printStackTrace(err);
                        rc = 1;
                    } finally {
                        System.setOut(stdout);
                        System.setErr(stderr);
                    }
                }
                resp.println(rc);
            }
        }
    }

    private static PrintStream open(String path) throws IOException {
        OutputStream o = new FileOutputStream(path, true);
        return new PrintStream(o, true); // the default charset, as the JVM's own System.out
    }

    private static List<String> split(byte[] b) {
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                out.add(new String(Arrays.copyOfRange(b, from, i), StandardCharsets.UTF_8));
                from = i + 1;
            }
        }
        return out;
    }
}
