package io.jfio.runner.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.testsupport.Ports;

/**
 * A net listener still waiting for its connection when SIGTERM comes: fio (its job process's
 * poll is interrupted, td->terminate is set) ends the job without an error, writes the report
 * with the job's zero I/O and exits with 128; jfio does the same.
 */
@Timeout(300)
class NetListenerSignalIT {
    private record Ended(int rc, String out, String err) {
    }

    @Test
    void sigtermEndsAListenerWaitingForAConnectionAsFio() throws Exception {
        Path fio = FioVsJfio.fio();
        Ended f = listenAndTerminate(fio);
        Ended j = listenAndTerminate(null);
        System.out.printf("listener on SIGTERM: fio %s status %d, jfio status %d%n", FioVsJfio.version(fio), f.rc, j.rc);
        assertEquals(128, f.rc, "fio:\n" + f.out + f.err);
        assertEquals(f.rc, j.rc, "jfio:\n" + j.out + j.err);
        assertTrue(j.err.contains("fio: terminating on signal 15"), j.err);
        for (Ended e : List.of(f, j)) {
            assertTrue(e.out.startsWith("fio: waiting for connection\n"), e.out);
            List<JsonNode> jobs = FioVsJfio.json(e.out).get("jobs").elements();
            assertEquals(1, jobs.size(), e.out);
            assertEquals(0, jobs.get(0).get("error").asLong(), "the job's error");
            assertEquals(0, jobs.get(0).get("read").get("io_bytes").asLong());
        }
    }

    /** Starts a TCP listener job, waits until it listens (its wait for a peer), then sends SIGTERM. */
    private static Ended listenAndTerminate(Path fio) throws Exception {
        int port = Ports.free();
        List<String> args = List.of("--output-format=json", "--name=recv", "--ioengine=net", "--protocol=tcp",
                "--port=" + port, "--listen", "--rw=read", "--bs=4k", "--size=1m");
        List<String> cmd = new ArrayList<>();
        if (fio != null) {
            cmd.add(fio.toString());
            cmd.addAll(args);
        } else {
            cmd.addAll(FioVsJfio.jfioCommand(args));
        }
        Process p = new ProcessBuilder(cmd).start();
        try {
            CompletableFuture<String> out = drain(p.getInputStream());
            CompletableFuture<String> err = drain(p.getErrorStream());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Ports.listening(port)) {
                assertTrue(p.isAlive() && System.nanoTime() < deadline, "no listener on port " + port);
                Thread.sleep(50);
            }
            assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), (fio == null ? "jfio" : "fio") + " ended after SIGTERM");
            return new Ended(p.exitValue(), out.get(), err.get());
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    private static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
    }
}
