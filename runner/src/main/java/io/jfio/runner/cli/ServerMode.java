package io.jfio.runner.cli;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.MachineInfo;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.netproto.FioServer;
import io.jfio.netproto.JobRunner;
import io.jfio.report.RunResult;
import io.jfio.report.format.Preamble;
import io.jfio.runner.ProductionWiring;
import io.jfio.runner.Run;
import io.jfio.runner.RunRequest;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * {@code jfio --server[=[ip:]host][,port] [--daemonize=PIDFILE]}: a server that unchanged fio 3.42
 * clients drive ({@link FioServer} speaks the protocol); each client's job file is parsed and run
 * with jfio's own command line and runner, and its results go back as fio's thread_stats.
 */
final class ServerMode {
    /** Set in the re-executed child of --daemonize: say "ready" on stdout once listening. */
    static final String DAEMON_CHILD = "JFIO_SERVER_DAEMON_CHILD";
    /** The first line of a normal-format report: fio's "name: (groupid=N, jobs=M): err=...". */
    private static final Pattern REPORT_START = Pattern.compile("^\\S.*: \\(groupid=\\d+, jobs=\\d+\\): err=.*");

    private static final String VERSION_LINE = Preamble.versionLine(new RunResult().fioVersion);

    private ServerMode() {
    }

    static int run(String spec, String pidFile, String[] args, PrintStream err, Map<String, String> env,
                   MachineInfo machine) {
        FioServer.BindAddress bind;
        try {
            bind = FioServer.BindAddress.parse(spec);
        } catch (IllegalArgumentException e) {
            err.println("fio: " + e.getMessage());
            return 1;
        }
        if (pidFile != null && !"1".equals(env.get(DAEMON_CHILD))) {
            return daemonize(pidFile, args, err);
        }
        FioServer server;
        try {
            server = server(bind, env, machine, err);
        } catch (IOException e) {
            err.println("fio: server could not listen on " + (bind.host() == null ? "0.0.0.0" : bind.host()) + ","
                    + bind.port() + ": " + e.getMessage());
            return 1;
        }
        exitOnSignal();
        if ("1".equals(env.get(DAEMON_CHILD))) {
            // the parent waits for this line, writes the pid file and exits
            System.out.println("ready");
            System.out.flush();
            System.out.close();
            System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        }
        try {
            server.serve();
            return 0;
        } catch (IOException e) {
            err.println("fio: server: " + e.getMessage());
            return 1;
        }
    }

    /** A listening server that runs its clients' jobs with jfio (not yet serving). */
    static FioServer server(FioServer.BindAddress bind, Map<String, String> env, MachineInfo machine, PrintStream log)
            throws IOException {
        return new FioServer(bind, new Runner(env, machine), Main.VERSION, log);
    }

    /** A server stops on SIGINT/SIGTERM (fio's server exits on them); runs in flight end with it. */
    @SuppressWarnings("sunapi")
    private static void exitOnSignal() {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(name), s -> Runtime.getRuntime().halt(0));
            } catch (IllegalArgumentException e) {
                // signal not available here: the JVM's default applies
            }
        }
    }

    /**
     * --daemonize: a JVM cannot fork, so the same command runs again as a detached child; this
     * process waits until the child listens, writes its pid to PIDFILE and exits (fio's shape).
     */
    private static int daemonize(String pidFile, String[] args, PrintStream err) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse(
                System.getProperty("java.home") + File.separator + "bin" + File.separator + "java"));
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        for (String a : args) {
            if (!a.startsWith("--daemonize=")) {
                cmd.add(a);
            }
        }
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put(DAEMON_CHILD, "1");
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectError(ProcessBuilder.Redirect.PIPE);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            err.println("fio: --daemonize: cannot start the server: " + e.getMessage());
            return 1;
        }
        String line;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            line = r.readLine();
        } catch (IOException e) {
            line = null;
        }
        if (!"ready".equals(line)) {
            try {
                p.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            String why;
            try {
                why = new String(p.getErrorStream().readNBytes(4096), StandardCharsets.UTF_8).trim();
            } catch (IOException e) {
                why = "";
            }
            p.destroy();
            err.println(why.isEmpty() ? "fio: --daemonize: the server did not start" : why);
            return 1;
        }
        // the child's stderr stays with it; later messages of a daemon go nowhere, as fio's do
        try {
            p.getErrorStream().close();
            Files.writeString(Path.of(pidFile), p.pid() + "\n");
        } catch (IOException e) {
            err.println("fio: --daemonize: cannot write " + pidFile + ": " + e.getMessage());
            p.destroy();
            return 1;
        }
        return 0;
    }

    /** Parses and runs a client's jobs with jfio's command line and runner. */
    private static final class Runner implements JobRunner {
        private final Map<String, String> env;
        private final MachineInfo machine;

        Runner(Map<String, String> env, MachineInfo machine) {
            this.env = env;
            this.machine = machine;
        }

        @Override
        public Prepared prepare(List<String> commandLine, String jobFileText, TextSink text) {
            List<String> args = new ArrayList<>();
            Set<String> formats = new LinkedHashSet<>(List.of("normal"));
            for (String a : commandLine) {
                // the client formats its own output: the server only needs to know whether to talk
                if (a.startsWith("--output-format=")) {
                    formats = new LinkedHashSet<>(List.of(a.substring(16).split(",")));
                } else if (a.equals("--minimal")) {
                    formats = new LinkedHashSet<>(List.of("terse"));
                } else if (!a.startsWith("--output=") && !a.startsWith("--eta") && !a.startsWith("--client")) {
                    args.add(a);
                }
            }
            Path job = null;
            try {
                if (jobFileText != null) {
                    job = Files.createTempFile("jfio-server-", ".fio");
                    Files.writeString(job, jobFileText);
                    args.add(job.toString());
                }
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                ByteArrayOutputStream errs = new ByteArrayOutputStream();
                RunRequest[] parsed = new RunRequest[1];
                int status = Main.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(errs, true, StandardCharsets.UTF_8), env, machine, r -> {
                            parsed[0] = r;
                            return 0;
                        });
                String said = out.toString(StandardCharsets.UTF_8) + errs.toString(StandardCharsets.UTF_8);
                if (!said.isEmpty()) {
                    text.text(said);
                }
                if (status != 0 || parsed[0] == null) {
                    return null;
                }
                return new Ready(parsed[0], formats.contains("normal"));
            } catch (IOException e) {
                text.text("fio: cannot store the job file: " + e.getMessage() + "\n");
                return null;
            } finally {
                if (job != null) {
                    try {
                        Files.deleteIfExists(job);
                    } catch (IOException e) {
                        // a temporary file left behind
                    }
                }
            }
        }
    }

    private static final class Ready implements JobRunner.Prepared {
        private final RunRequest request;
        private final boolean normal;
        private volatile Run run;

        Ready(RunRequest parsed, boolean normal) {
            this.normal = normal;
            this.request = new RunRequest(parsed.jobs(), new LinkedHashSet<>(List.of(normal ? "normal" : "json")),
                    3, null, "never", 0, 0, parsed.readOnly(), parsed.globalOptions(), null);
        }

        @Override
        public int jobs() {
            return request.jobs().size();
        }

        @Override
        public int statOutputs() {
            // what RunResult.threadStats folds: consecutive group_reporting jobs of one group
            int n = 0;
            int lastGroup = -1;
            boolean open = false;
            for (JobSpec s : request.jobs()) {
                ThreadOptions o = ThreadOptions.of(s);
                if (!o.stat().stats()) {
                    continue;
                }
                boolean join = open && o.stat().groupReporting() && s.groupId() == lastGroup;
                if (!join) {
                    n++;
                }
                open = true;
                lastGroup = s.groupId();
            }
            return n;
        }

        @Override
        public JobRunner.Outcome run(JobRunner.TextSink text) {
            LineForwarder fwd = new LineForwarder(text, normal);
            PrintStream out = new PrintStream(fwd, true, StandardCharsets.UTF_8);
            PrintStream err = new PrintStream(new LineForwarder(text, true), true, StandardCharsets.UTF_8);
            Run r = new Run(request, out, err, Run.defaultEngines(), ProductionWiring.sources());
            run = r;
            int status = r.execute();
            out.flush();
            err.flush();
            return new JobRunner.Outcome(status, r.result());
        }

        @Override
        public void stop() {
            Run r = run;
            if (r != null) {
                r.stop();
            }
        }
    }

    /** Sends the run's messages line by line; the normal report itself is left to the client. */
    private static final class LineForwarder extends OutputStream {
        private final JobRunner.TextSink text;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private boolean quiet;

        LineForwarder(JobRunner.TextSink text, boolean forward) {
            this.text = text;
            this.quiet = !forward;
        }

        @Override
        public synchronized void write(int b) {
            line.write(b);
            if (b == '\n') {
                String s = line.toString(StandardCharsets.UTF_8);
                line.reset();
                if (!quiet && REPORT_START.matcher(s.stripTrailing()).matches()) {
                    quiet = true;
                }
                // fio's backend prints no version line in server mode
                if (!quiet && !s.equals(VERSION_LINE)) {
                    text.text(s);
                }
            }
        }
    }
}
