package io.jfio.multi;

import io.jfio.jobfile.JobFileParser;
import io.jfio.report.client.ClientModeReport;
import io.jfio.report.format.JsonReader;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * jfio-multi --hosts: one ssh session per host running {@link HostAgent} (the user's ssh, its
 * config, keys and ProxyJump untouched; nothing to install but this jfio). Ships the job file,
 * waits until every host's jobs are set up at the start barrier (or the barrier timeout names
 * the missing hosts), releases them together, streams their status lines and collects their
 * json+ and normal reports. A host that cannot be reached, fails, dies or goes silent is named
 * and the others are kept.
 */
final class HostsRun {
    /**
     * @param ssh             the ssh command and its own arguments, e.g. [ssh, -F, cfg]
     * @param remoteCommand   what the remote shell runs to start the agent
     * @param connectSeconds  ssh ConnectTimeout
     * @param barrierSeconds  how long hosts may take to reach the start barrier
     * @param silenceSeconds  a host silent this long during the run is declared dead
     */
    record Settings(List<HostSpec> hosts, Path jobFile, List<JobFileParser.CliOption> fioOptions, List<String> ssh,
                    String remoteCommand, int connectSeconds, int barrierSeconds, int silenceSeconds) {
    }

    /** What became of one host. */
    static final class Host {
        final HostSpec spec;
        Process process;
        Writer stdin;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        volatile String lastError = "";
        String hello;
        boolean ready;
        boolean done;
        /** Why the host has no (complete) result; null when it ran to the end. */
        String failure;
        /** A result that came with an error (a failed job): kept, but the run is not clean. */
        String note;
        int exitStatus = -1;
        long startedEpochUs = -1;
        long goSentNanos;
        long ackNanos;
        double firstIoMs = -1;
        double lastIoMs = -1;
        String json;
        String normal;
        long lastHeardNanos;
        long bytes;

        Host(HostSpec spec) {
            this.spec = spec;
        }

        boolean ok() {
            return failure == null && json != null;
        }

        /** This host's json+ and normal report as fio's client reports a server's. */
        ClientModeReport.Client asReported() {
            JsonNode doc = JsonParser.parseDocument(json);
            return new ClientModeReport.Client(spec.name(), spec.reportedPort(), spec.name(), JsonReader.read(doc), doc,
                    normal == null ? "" : taggedNormal());
        }

        /** The host's normal report, its preamble lines (before the first job block) tagged "<host> ". */
        private String taggedNormal() {
            StringBuilder b = new StringBuilder();
            boolean report = false;
            for (String l : normal.split("\n", -1)) {
                report |= l.matches("^\\S.*: \\(groupid=\\d+, jobs=\\d+\\).*");
                if (!report) {
                    if (!l.isEmpty()) {
                        b.append('<').append(spec.name()).append("> ").append(l).append('\n');
                    }
                } else {
                    b.append(l).append('\n');
                }
            }
            while (b.length() > 1 && b.charAt(b.length() - 1) == '\n' && b.charAt(b.length() - 2) == '\n') {
                b.setLength(b.length() - 1);
            }
            return b.toString();
        }
    }

    private static final String EOF = "\u0000eof";
    /** How far ahead of sending "go" the common start time lies. */
    static final long START_AHEAD_US = 300_000;
    private final Settings settings;
    private final PrintStream err;

    HostsRun(Settings settings, PrintStream err) {
        this.settings = settings;
        this.err = err;
    }

    /** The default remote command: this very java and class path (the hosts share the filesystem). */
    static String defaultRemoteCommand() {
        String java = ProcessHandle.current().info().command().orElse("java");
        return quote(java) + " -Djnr.ffi.x86asm.enabled=false -cp " + quote(System.getProperty("java.class.path"))
                + " " + HostAgent.class.getName();
    }

    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Runs {@code jobText} (the job file, --set overrides applied) on every host. */
    List<Host> execute(String jobText) {
        List<Host> hosts = new ArrayList<>();
        for (HostSpec s : settings.hosts()) {
            Host h = new Host(s);
            hosts.add(h);
            start(h, jobText);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(settings.barrierSeconds());
        // Phase 1: every host at the barrier, failed, or out of time.
        while (true) {
            boolean waiting = false;
            for (Host h : hosts) {
                drain(h, false);
                waiting |= !h.ready && !h.done;
            }
            if (!waiting || System.nanoTime() > deadline) {
                break;
            }
            sleep(5);
        }
        for (Host h : hosts) {
            if (!h.ready && !h.done) {
                fail(h, "did not reach the start barrier within " + settings.barrierSeconds() + " s"
                        + (h.hello == null ? " (no answer: connecting or starting jfio took too long)" : ""));
                kill(h);
            }
        }
        // Phase 2: release the ready hosts together: each opens its barrier at one wall-clock
        // time, far enough ahead for the go to reach every host.
        java.time.Instant now = java.time.Instant.now();
        long at = now.getEpochSecond() * 1_000_000L + now.getNano() / 1000 + START_AHEAD_US;
        for (Host h : hosts) {
            if (h.ready && !h.done) {
                h.goSentNanos = System.nanoTime();
                send(h, HostProtocol.TAG + "go " + at + "\n");
                h.lastHeardNanos = h.goSentNanos;
            }
        }
        // Phase 3: until every host has finished or failed.
        long silence = TimeUnit.SECONDS.toNanos(settings.silenceSeconds());
        while (true) {
            boolean running = false;
            for (Host h : hosts) {
                if (h.done) {
                    continue;
                }
                drain(h, true);
                if (!h.done && System.nanoTime() - h.lastHeardNanos > silence) {
                    fail(h, "went silent for " + settings.silenceSeconds() + " s during the run (host down?)");
                    kill(h);
                }
                running |= !h.done;
            }
            if (!running) {
                break;
            }
            sleep(5);
        }
        for (Host h : hosts) {
            reap(h);
        }
        return hosts;
    }

    private void start(Host h, String jobText) {
        List<String> cmd = new ArrayList<>(settings.ssh());
        cmd.addAll(List.of("-o", "BatchMode=yes", "-o", "ConnectTimeout=" + settings.connectSeconds(),
                "-o", "ServerAliveInterval=2", "-o", "ServerAliveCountMax=3"));
        if (h.spec.port() != 0) {
            cmd.addAll(List.of("-p", Integer.toString(h.spec.port())));
        }
        cmd.add(h.spec.target());
        cmd.add(settings.remoteCommand());
        try {
            h.process = new ProcessBuilder(cmd).start();
        } catch (IOException e) {
            fail(h, "cannot run " + settings.ssh().get(0) + ": " + e.getMessage());
            return;
        }
        h.lastHeardNanos = System.nanoTime();
        Thread out = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(h.process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    h.lines.add(l);
                }
            } catch (IOException e) {
                // the session ended: reported as EOF below
            }
            h.lines.add(EOF);
        }, "jfio-hosts-out-" + h.spec.name());
        Thread errT = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(h.process.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    if (!l.isBlank()) {
                        h.lastError = l;
                    }
                    synchronized (err) {
                        err.println("<" + h.spec.name() + "> " + l);
                    }
                }
            } catch (IOException e) {
                // ignore: the session ended
            }
        }, "jfio-hosts-err-" + h.spec.name());
        out.setDaemon(true);
        errT.setDaemon(true);
        out.start();
        errT.start();
        h.stdin = new OutputStreamWriter(h.process.getOutputStream(), StandardCharsets.UTF_8);
        StringBuilder b = new StringBuilder();
        b.append(HostProtocol.TAG).append("name ").append(settings.jobFile().getFileName()).append('\n');
        for (JobFileParser.CliOption o : settings.fioOptions()) {
            b.append(HostProtocol.TAG).append("option ").append(o.name())
                    .append(o.value() == null ? "" : "=" + o.value()).append('\n');
        }
        for (String l : jobText.split("\n", -1)) {
            if (!l.startsWith(HostProtocol.TAG)) {
                b.append(l).append('\n');
            }
        }
        b.append(HostProtocol.TAG).append("end-of-job\n");
        send(h, b.toString());
    }

    /** Handles the host's pending lines; {@code running}: after go (status lines are shown). */
    private void drain(Host h, boolean running) {
        if (h.process == null) {
            return;
        }
        String l;
        while (!h.done && (l = h.lines.poll()) != null) {
            h.lastHeardNanos = System.nanoTime();
            if (l.equals(EOF)) {
                endOfSession(h);
                return;
            }
            if (!l.startsWith(HostProtocol.TAG)) {
                continue; // a login banner or the like
            }
            String m = l.substring(HostProtocol.TAG.length());
            String[] w = m.split(" ");
            switch (w[0]) {
                case "hello" -> h.hello = m.substring(6);
                case "ready" -> h.ready = true;
                case "started" -> {
                    h.startedEpochUs = Long.parseLong(w[1]);
                    h.ackNanos = System.nanoTime();
                }
                case "status" -> {
                    h.bytes = Long.parseLong(w[2]);
                    synchronized (err) {
                        err.printf(Locale.ROOT, "<%s> status: %.1f s, %.1f MiB/s, %.1f MiB done%n", h.spec.name(),
                                Long.parseLong(w[1]) / 1000.0, Long.parseLong(w[3]) / 1048576.0, h.bytes / 1048576.0);
                    }
                }
                case "window" -> {
                    h.firstIoMs = Double.parseDouble(w[1]);
                    h.lastIoMs = Double.parseDouble(w[2]);
                }
                case "json-begin" -> h.json = block(h, "json-end");
                case "normal-begin" -> h.normal = block(h, "normal-end");
                case "exit" -> h.exitStatus = Integer.parseInt(w[1]);
                default -> { } // a newer agent's message: skipped (its version is reported)
            }
        }
    }

    /** The lines up to the end marker; they were all sent before it, so they are queued or coming. */
    private String block(Host h, String end) {
        StringBuilder b = new StringBuilder();
        try {
            while (true) {
                String l = h.lines.poll(settings.silenceSeconds(), TimeUnit.SECONDS);
                if (l == null || l.equals(EOF)) {
                    if (l != null) {
                        h.lines.add(EOF);
                    }
                    return null;
                }
                if (l.equals(HostProtocol.TAG + end)) {
                    return b.toString();
                }
                b.append(l).append('\n');
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private void endOfSession(Host h) {
        h.done = true;
        int rc = waitFor(h.process);
        if (h.failure != null) {
            return;
        }
        if (h.exitStatus >= 0) {
            if (h.json == null) {
                fail(h, "ended without a report (exit " + h.exitStatus + ")" + lastError(h));
            } else if (h.exitStatus != 0) {
                h.note = "its job failed (exit " + h.exitStatus + ")";
                synchronized (err) {
                    err.println("jfio-multi: host " + h.spec.name() + ": " + h.note);
                }
            }
            return;
        }
        if (h.hello == null) {
            fail(h, "unreachable: ssh exited with status " + rc + lastError(h));
        } else if (!h.ready) {
            fail(h, "failed before the start barrier (status " + rc + ")" + lastError(h));
        } else {
            fail(h, "died mid-run: the session ended without a result (status " + rc + ")" + lastError(h));
        }
    }

    private static String lastError(Host h) {
        return h.lastError.isEmpty() ? "" : ": " + h.lastError;
    }

    private void fail(Host h, String why) {
        if (h.failure == null) {
            h.failure = why;
            synchronized (err) {
                err.println("jfio-multi: host " + h.spec.name() + ": " + why);
            }
        }
        h.done = true;
    }

    private void send(Host h, String text) {
        if (h.stdin == null) {
            return;
        }
        try {
            h.stdin.write(text);
            h.stdin.flush();
        } catch (IOException e) {
            // the session is gone: its output's end reports why
        }
    }

    private void kill(Host h) {
        if (h.process != null && h.process.isAlive()) {
            send(h, HostProtocol.TAG + "stop\n");
            h.process.destroy();
        }
    }

    private static void reap(Host h) {
        if (h.process == null) {
            return;
        }
        try {
            h.stdin.close();
        } catch (IOException e) {
            // already closed
        }
        if (waitFor(h.process) == Integer.MIN_VALUE) {
            h.process.destroyForcibly();
        }
    }

    /** Exit status, or MIN_VALUE if it did not end within 10 s. */
    private static int waitFor(Process p) {
        try {
            if (p.waitFor(10, TimeUnit.SECONDS)) {
                return p.exitValue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Integer.MIN_VALUE;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
