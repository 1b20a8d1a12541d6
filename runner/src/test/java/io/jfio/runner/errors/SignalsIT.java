package io.jfio.runner.errors;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Signals and exit status as fio's, on real processes: SIGINT/SIGTERM end the run with the
 * report and status 128; a SIGINT ignored by inheritance (a job started with {@code &} from a
 * script) is re-enabled; output into a closed pipe ends the run with 141; an interrupted layout
 * removes its half-written file; a signal before the jobs exist still gives a report; three
 * signals while a job is stuck in a write report without it.
 */
@Timeout(180)
class SignalsIT {
    private static final List<String> NULL_JOB = List.of("--name=sig", "--ioengine=null", "--size=1g",
            "--rw=randread", "--time_based", "--runtime=30", "--output-format=json");

    @Test
    void sigintEndsTheRunAsFio() throws Exception {
        endsTheRunAsFio("INT");
    }

    @Test
    void sigtermEndsTheRunAsFio() throws Exception {
        endsTheRunAsFio("TERM");
    }

    /** fio's end on the signal, with and without SIGINT ignored by inheritance: status 128, the message, the report. */
    private void endsTheRunAsFio(String sig) throws Exception {
        Path fio = FioVsJfio.fio();
        for (boolean ignored : new boolean[] {false, true}) {
            int f = interrupt(command(fio.toString(), NULL_JOB), sig, ignored);
            Stopped j = interruptJfio(NULL_JOB, sig, ignored);
            System.out.printf("SIG%s%s: fio status %d, jfio status %d%n", sig,
                    ignored ? " (SIGINT ignored by inheritance)" : "", f, j.rc);
            assertEquals(128, f, "fio");
            assertEquals(f, j.rc, j.err);
            assertTrue(j.err.contains("fio: terminating on signal " + (sig.equals("INT") ? 2 : 15)), j.err);
            assertEquals(1, jobs(j.out).size(), "the report is written");
        }
    }

    @Test
    void outputIntoAClosedPipeEndsTheRunWith141AsFio() throws Exception {
        Path fio = FioVsJfio.fio();
        String job = " --name=pipe --ioengine=null --size=1g --rw=randread --time_based --runtime=3";
        String f = bash(fio + job + " 2>&1 | head -1 >/dev/null; echo ${PIPESTATUS[0]}");
        String j = bash(String.join(" ", quoted(FioVsJfio.jfioCommand(List.of()))) + job
                + " 2>&1 | head -1 >/dev/null; echo ${PIPESTATUS[0]}");
        System.out.println("| head -1: fio status " + f + ", jfio status " + j);
        assertEquals("141", f);
        assertEquals(f, j);
    }

    @Test
    void sigintDuringLayoutRemovesTheHalfWrittenFileAsFio() throws Exception {
        Path fio = FioVsJfio.fio();
        assumeTrue(Files.isDirectory(Path.of("/dev/shm")), "skipped: no /dev/shm");
        Path file = Path.of("/dev/shm/errors-layout-" + ProcessHandle.current().pid());
        List<String> job = List.of("--name=layout", "--filename=" + file, "--rw=read", "--size=768m");
        try {
            int f = interruptLayout(command(fio.toString(), job), file);
            boolean fioLeft = Files.exists(file);
            Files.deleteIfExists(file);
            int j = interruptLayout(FioVsJfio.jfioCommand(job), file);
            boolean jfioLeft = Files.exists(file);
            System.out.printf("SIGINT during layout: fio status %d, file kept %b; jfio status %d, file kept %b%n",
                    f, fioLeft, j, jfioLeft);
            assertFalse(fioLeft, "fio removes the half-written file");
            assertFalse(jfioLeft, "jfio removes the half-written file");
            assertEquals(f, j);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void aSignalBeforeTheJobsExistEndsTheRunAsFio() throws Exception {
        List<String> cmd = new ArrayList<>(FioVsJfio.jfioCommand(NULL_JOB));
        cmd.set(cmd.indexOf("io.jfio.runner.cli.Main"), EarlySignalHarness.class.getName());
        Outcome o = FioVsJfio.run(cmd, 60);
        assertEquals(128, o.rc(), o.err());
        assertTrue(o.err().contains("fio: terminating on signal 2"), o.err());
        assertEquals(1, jobs(o.out()).size(), "the report is written:\n" + o.out());
    }

    /**
     * fio cannot do I/O on a FIFO and this kernel has no device-mapper to stall a device, so this
     * one is jfio's alone: a write into a FIFO nobody reads never returns, as I/O on a stuck device.
     */
    @Test
    void threeSignalsWhileAJobIsStuckStillReport() throws Exception {
        Path fifo = Path.of("/tmp/errors-fifo-" + ProcessHandle.current().pid());
        Files.deleteIfExists(fifo);
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        // A reader that holds the FIFO open and never reads: the job's writes fill it and block.
        Process reader = new ProcessBuilder("bash", "-c", "exec 3<" + fifo + "; sleep 120").start();
        try {
            List<String> job = List.of("--name=stuck", "--filename=" + fifo, "--ioengine=sync", "--rw=write",
                    "--size=1m", "--output-format=json");
            Process p = new ProcessBuilder(FioVsJfio.jfioCommand(job)).start();
            CompletableFuture<String> out = drain(p.getInputStream());
            CompletableFuture<String> err = drain(p.getErrorStream());
            waitForWritesToBlock(p);
            for (int i = 0; i < 3; i++) {
                kill("INT", p.pid());
                Thread.sleep(300);
            }
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "jfio ended after three signals");
            String e = err.get();
            assertEquals(128, p.exitValue(), e);
            assertTrue(e.contains("fio: job 'stuck' (state=5) hasn't exited in"), e);
            List<JsonNode> jobs = jobs(out.get());
            assertEquals(1, jobs.size());
            assertEquals(64 * 1024, jobs.get(0).get("write").getLong("io_bytes"), "what the FIFO took");
        } finally {
            reader.destroyForcibly().waitFor();
            Files.deleteIfExists(fifo);
        }
    }

    private static void waitForWritesToBlock(Process p) throws Exception {
        // The job thread blocks in pipe_write once the pipe buffer (64 KiB) is full.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && p.isAlive()) {
            String tid = jobThread(p.pid(), "jfio-stuck");
            if (tid != null) {
                String wchan = Files.readString(Path.of("/proc/" + p.pid() + "/task/" + tid + "/wchan")).trim();
                if (wchan.contains("pipe_write")) {
                    return;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the job never blocked in its write");
    }

    private record Stopped(int rc, String out, String err) {
    }

    private static Stopped interruptJfio(List<String> args, String sig, boolean ignored) throws Exception {
        List<String> cmd = command(null, FioVsJfio.jfioCommand(args));
        Process p = start(cmd, ignored);
        CompletableFuture<String> out = drain(p.getInputStream());
        CompletableFuture<String> err = drain(p.getErrorStream());
        waitForJob(p, true);
        kill(sig, p.pid());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ended after SIG" + sig);
        return new Stopped(p.exitValue(), out.get(), err.get());
    }

    private static int interrupt(List<String> cmd, String sig, boolean ignored) throws Exception {
        Process p = start(cmd, ignored);
        drain(p.getInputStream());
        drain(p.getErrorStream());
        waitForJob(p, false);
        kill(sig, p.pid());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ended after SIG" + sig);
        return p.exitValue();
    }

    /** Starts the command; with {@code ignored}, SIGINT is ignored as a script's {@code &} leaves it. */
    private static Process start(List<String> cmd, boolean ignored) throws IOException {
        if (!ignored) {
            return new ProcessBuilder(cmd).start();
        }
        List<String> wrapped = new ArrayList<>(List.of("bash", "-c", "trap '' INT; exec \"$@\"", "bash"));
        wrapped.addAll(cmd);
        return new ProcessBuilder(wrapped).start();
    }

    /**
     * Waits until the process runs its job (fio: a job process forked; jfio: a job thread), then
     * a little longer: a loaded machine can take seconds to get there, and a signal before the
     * jobs exist is another case.
     */
    private static void waitForJob(Process p, boolean jfio) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && p.isAlive()) {
            boolean running = jfio ? jobThread(p.pid(), "jfio-") != null
                    : p.descendants().findAny().isPresent();
            if (running) {
                Thread.sleep(700);
                assertTrue(p.isAlive(), "still running before the signal");
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the job never started");
    }

    /** The id of the process's thread whose name starts with {@code prefix}, or null. */
    private static String jobThread(long pid, String prefix) throws IOException {
        try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            for (Path t : tasks.toList()) {
                try {
                    if (Files.readString(t.resolve("comm")).startsWith(prefix)) {
                        return t.getFileName().toString();
                    }
                } catch (IOException e) {
                    // the thread ended
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    private static int interruptLayout(List<String> cmd, Path file) throws Exception {
        Files.deleteIfExists(file);
        Process p = new ProcessBuilder(cmd).start();
        drain(p.getInputStream());
        drain(p.getErrorStream());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && p.isAlive() && !(Files.exists(file) && Files.size(file) > 0)) {
            Thread.sleep(2);
        }
        kill("INT", p.pid());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ended after SIGINT");
        return p.exitValue();
    }

    private static List<String> command(String first, List<String> rest) {
        List<String> c = new ArrayList<>();
        if (first != null) {
            c.add(first);
        }
        c.addAll(rest);
        return c;
    }

    private static void kill(String sig, long pid) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).start().waitFor());
    }

    private static CompletableFuture<String> drain(java.io.InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
    }

    private static String bash(String script) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return out;
    }

    private static List<String> quoted(List<String> words) {
        List<String> q = new ArrayList<>();
        for (String w : words) {
            q.add("'" + w.replace("'", "'\\''") + "'");
        }
        return q;
    }

    private static List<JsonNode> jobs(String out) {
        int start = out.indexOf('{');
        assertTrue(start >= 0, "a json report in:\n" + out);
        return JsonParser.parseDocument(out.substring(start)).get("jobs").elements();
    }
}
