package io.jfio.runner.cli;

import io.jfio.engine.EngineHelp;
import io.jfio.engine.EngineRegistry;
import io.jfio.jobfile.BuiltinProfile;
import io.jfio.jobfile.CommandLine;
import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.MachineInfo;
import io.jfio.jobfile.OptionCatalog;
import io.jfio.jobfile.OptionDef;
import io.jfio.jobfile.FioDebug;
import io.jfio.jobfile.ParseResult;
import io.jfio.jobfile.ParseWarning;
import io.jfio.runner.Run;
import io.jfio.runner.RunRequest;
import io.jfio.runner.Trigger;
import io.jfio.runner.explain.Devices;
import io.jfio.runner.explain.Explainer;
import io.jfio.runner.explain.Finding;
import io.jfio.runner.log.AggregateBwLog;
import io.jfio.runner.log.InflateLog;
import io.jfio.runner.stats.IdleProfiler;
import io.jfio.runner.verify.AuxPath;
import io.jfio.runner.verify.CrcTest;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

/** Entry point of bin/jfio: fio's command line (fio's init.c: parse_cmd_line). */
public final class Main {
    /** What --version prints: fio's shape for development builds, so tools checking "fio-" keep working. */
    public static final String VERSION = "fio-3.42-jfio-0.1.0";

    private Main() {
    }

    public static void main(String[] args) {
        // Before anything else, as fio: a Ctrl-C during start-up or parsing stops the run, and
        // output into a closed pipe ends the process as it ends fio.
        Run.installSignalHandlers();
        System.exit(run(args));
    }

    public static int run(String[] args) {
        return run(args, System.out, System.err, System.getenv(), MachineInfo.current());
    }

    /** Runs the command line with the given streams, environment and machine values; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env, MachineInfo machine) {
        return run(args, out, err, env, machine, null);
    }

    /** As {@link #run(String[], PrintStream, PrintStream, Map, MachineInfo)}; a non-null hook gets the parsed run instead of running it. */
    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env, MachineInfo machine,
                   ToIntFunction<RunRequest> runHook) {
        try {
            return new Invocation(out, err, env, machine, runHook).run(args);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            // Never a stack trace for users: one line naming what broke.
            err.println("fio: internal error: " + e);
            return 1;
        } finally {
            FioDebug.exit();
            FioDebug.reset();
            AuxPath.set(null);
        }
    }

    private static final class Invocation {
        private final PrintStream out;
        private final PrintStream err;
        private final Map<String, String> env;
        private final MachineInfo machine;
        private final ToIntFunction<RunRequest> runHook;

        Invocation(PrintStream out, PrintStream err, Map<String, String> env, MachineInfo machine,
                   ToIntFunction<RunRequest> runHook) {
            this.out = out;
            this.err = err;
            this.env = env;
            this.machine = machine;
            this.runHook = runHook;
        }

        int run(String[] args) {
            // First pass: fio's own options that change how job options are parsed.
            boolean showcmd = false;
            boolean parseOnly = false;
            boolean readOnly = false;
            boolean warningsFatal = false;
            boolean explain = false;
            boolean debugExit = false;
            List<String> sections = new ArrayList<>();
            if (runHook == null) {
                // fio's own protocol: --server serves, --client drives servers (ServerMode, ClientMode)
                Integer remote = RemoteModes.dispatch(args, out, err, env, machine);
                if (remote != null) {
                    return remote;
                }
            }
            CommandLine pre = new CommandLine(args);
            while (true) {
                CommandLine.Item it;
                try {
                    it = pre.next(() -> "psync");
                } catch (CommandLine.UsageError e) {
                    continue; // reported in the main pass, where engine options are known
                }
                if (it == null) {
                    break;
                }
                switch (it.name()) {
                    case "showcmd" -> showcmd = true;
                    case "parse-only" -> parseOnly = true;
                    case "readonly" -> readOnly = true;
                    case "warnings-fatal" -> warningsFatal = true;
                    case "explain" -> explain = true;
                    case "debug" -> debugExit |= FioDebug.set(it.value(), out, err);
                    case "section" -> {
                        if (it.value().equals("global")) {
                            err.println("fio: can't use global as only section");
                            return 1;
                        }
                        sections.add(it.value());
                    }
                    default -> { }
                }
            }
            if (debugExit) {
                return 0; // --debug=? or help: fio lists the types and exits
            }
            boolean dry = showcmd || parseOnly;
            if (!dry && runHook == null) {
                io.jfio.runner.ProductionWiring.preload(); // while the job files are parsed
            }
            JobFileParser parser = new JobFileParser(new JobFileParser.Settings(dry, showcmd, sections, env, machine,
                    false, warningsFatal));
            Set<String> formats = new LinkedHashSet<>(List.of("normal"));
            int terseVersion = 3;
            String outputFile = null;
            String eta = "auto";
            long etaNewline = 0;
            long statusInterval = 0;
            String intervalOutput = null;
            String triggerFile = null;
            String triggerCmd = null;
            long triggerTimeout = 0;
            String profile = null;
            boolean mergeOnly = false;
            IdleProfiler.Mode idleProf = null;
            CommandLine cl = new CommandLine(args);
            AggregateBwLog.request(null);
            try {
                for (CommandLine.Item it; (it = cl.next(parser::engineInForce)) != null; ) {
                    if (it.job() != null) {
                        if (it.value() != null && it.value().isEmpty()
                                && !it.job().type().name().equals("STR_SET")) {
                            err.println("fio: option " + it.name() + " requires an argument");
                            return 1;
                        }
                        if (it.name().equals("name")) {
                            parser.commandLineJob(it.value());
                        } else {
                            parser.commandLineOption(it.job().name(), it.value());
                        }
                        continue;
                    }
                    switch (it.name()) {
                        case "readonly" -> parser.readOnly();
                        case "section" -> parser.commandLineSection(it.value());
                        case "version" -> {
                            out.println(VERSION);
                            return 0;
                        }
                        case "help" -> {
                            usage(out);
                            return 0;
                        }
                        case "cmdhelp" -> {
                            cmdhelp(it.value());
                            return 0;
                        }
                        case "enghelp" -> {
                            return enghelp(it.value());
                        }
                        case "output" -> outputFile = it.value();
                        case "aux-path" -> AuxPath.set(it.value());
                        case "interval-output" -> intervalOutput = it.value();
                        case "minimal" -> formats = new LinkedHashSet<>(List.of("terse"));
                        case "append-terse" -> formats.add("terse");
                        case "output-format" -> {
                            Set<String> f = outputFormats(it.value());
                            if (f == null) {
                                return 1;
                            }
                            formats = f;
                        }
                        case "terse-version" -> {
                            String v = it.value();
                            if (!v.matches("[2-5]")) {
                                err.println("fio: bad terse version format");
                                return 1;
                            }
                            terseVersion = Integer.parseInt(v);
                        }
                        case "eta" -> eta = it.value().equals("always") || it.value().equals("never") ? it.value() : "auto";
                        case "eta-newline", "eta-interval", "status-interval" -> {
                            Long us = CommandLine.seconds(it.value());
                            if (us == null) {
                                err.println(it.name().equals("status-interval") ? "fio: failed parsing time "
                                        + it.value() : "fio: failed parsing eta time " + it.value());
                                return 1;
                            }
                            long ms = us / 1000;
                            if (it.name().equals("eta-interval") && ms < 250) {
                                err.println("fio: eta interval time too short (250msec min)");
                                return 1;
                            }
                            if (ms < 1) {
                                err.println(it.name().equals("status-interval") ? "fio: status interval too small"
                                        : "fio: eta new line time too short");
                                return 1;
                            }
                            if (it.name().equals("eta-newline")) {
                                etaNewline = ms;
                            } else if (it.name().equals("status-interval")) {
                                statusInterval = ms;
                            }
                        }
                        case "bandwidth-log" -> AggregateBwLog.request(
                                it.value() == null || it.value().isEmpty() ? "agg" : it.value());
                        case "inflate-log" -> {
                            return InflateLog.run(it.value(), out, err);
                        }
                        case "latency-log" -> {
                            err.println("fio: --latency-log is deprecated. Use per-job latency log options.");
                            return 1;
                        }
                        case "server", "daemonize", "client" -> {
                            // reached only when RemoteModes did not take the line (e.g. --daemonize alone)
                            err.println("fio: --" + it.name() + " needs --server (jfio --server[=[ip:]host][,port]"
                                    + " [--daemonize=PIDFILE]) or job files (jfio --client=host[,port] job.fio)");
                            return 1;
                        }
                        case "remote-config" -> {
                            err.println("fio: --remote-config is not supported by jfio (send the job file itself:"
                                    + " jfio --client=host job.fio)");
                            return 1;
                        }
                        case "profile" -> profile = it.value();
                        case "merge-blktrace-only" -> mergeOnly = true;
                        case "crctest" -> {
                            return CrcTest.run(it.value(), out, err);
                        }
                        case "trigger-file" -> triggerFile = it.value();
                        case "trigger" -> triggerCmd = it.value();
                        case "trigger-remote" -> { } // fio sends it to --client servers only
                        case "trigger-timeout" -> {
                            Long us = CommandLine.seconds(it.value());
                            if (us == null) {
                                err.println("fio: failed parsing time " + it.value());
                                return 1;
                            }
                            triggerTimeout = us / 1_000_000L;
                        }
                        case "idle-prof" -> {
                            // fio's init.c acts on the value as it parses it: calibrate prints and exits
                            idleProf = IdleProfiler.parse(it.value(), err);
                            if (idleProf == null) {
                                return 1;
                            }
                            if (idleProf == IdleProfiler.Mode.CALIBRATE) {
                                return calibrateOnly(outputFile);
                            }
                        }
                        case "cpuclock-test", "memcpytest" -> {
                            err.println("fio: --" + it.name() + " is not supported by jfio");
                            return 1;
                        }
                        default -> { } // showcmd, parse-only, readonly: handled above;
                        // warnings-fatal, debug: handled above; max-jobs: fio ignores it too; alloc-size: the size of
                        // fio's shared-memory pool, which jfio (threads sharing the heap) has no counterpart of
                    }
                }
                for (String f : cl.positional()) {
                    parser.parseFile(f);
                }
                if (profile != null) {
                    try {
                        parser.loadProfile(profile);
                    } catch (BuiltinProfile.PrepFailed e) {
                        err.println(e.getMessage());
                        return 1;
                    }
                }
                ParseResult result = parser.finish();
                if (explain) {
                    return explain(result);
                }
                if ((dry || mergeOnly) && outputFile != null) {
                    // fio writes everything it would print to --output; for runs the runner does that
                    try (PrintStream file = new PrintStream(new FileOutputStream(outputFile), true,
                            StandardCharsets.UTF_8)) {
                        file.print(result.stdout());
                    } catch (IOException e) {
                        err.println("fio: output file open error: " + e.getMessage());
                        return 1;
                    }
                } else {
                    out.print(result.stdout());
                }
                if (!dry && runHook == null) {
                    if (Run.engineLoadFails(result.jobs(), out, err)) {
                        return 1; // before the job's fix-up warnings, as fio's add_job
                    }
                }
                printWarnings(result.warnings());
                if (dry) {
                    return 0;
                }
                if (mergeOnly) {
                    return Run.mergeBlktraceOnly(result.jobs(), formats.contains("normal"), outputFile, out, err);
                }
                if (result.jobs().isEmpty()) {
                    err.println("No job(s) defined");
                    err.println();
                    usage(err);
                    return 1;
                }
                if (intervalOutput != null && statusInterval == 0) {
                    err.println("jfio: --interval-output needs --status-interval (the interval length)");
                    return 1;
                }
                RunRequest request = new RunRequest(result.jobs(), formats, terseVersion, outputFile, eta, etaNewline,
                        statusInterval, readOnly, result.globalOptions(), intervalOutput,
                        new Trigger(triggerFile, triggerTimeout, triggerCmd), idleProf);
                if (runHook != null) {
                    return runHook.applyAsInt(request);
                }
                return Run.execute(request, out, err);
            } catch (CommandLine.UsageError e) {
                err.println("fio: " + e.getMessage());
                return 1;
            } catch (JobFileException e) {
                if (explain) {
                    out.println((e.location() == null ? "" : e.location() + ": ") + "fio refuses this job file: "
                            + e.getMessage());
                    out.println("jfio --explain: 1 finding (fio stops at the first refusal)");
                    return 1;
                }
                out.print(e.showcmdSoFar());
                printWarnings(parser.warnings());
                err.println("fio: " + e.line());
                return e.exitStatus();
            }
        }

        /** --idle-prof=calibrate: into an --output file given before it, as fio (which has opened it by then). */
        private int calibrateOnly(String outputFile) {
            if (outputFile == null) {
                IdleProfiler.calibrateOnly(out, err);
                return 0;
            }
            try (PrintStream file = new PrintStream(new FileOutputStream(outputFile), true, StandardCharsets.UTF_8)) {
                IdleProfiler.calibrateOnly(file, err);
                return 0;
            } catch (IOException e) {
                err.println("fio: output file open error: " + e.getMessage());
                return 1;
            }
        }

        /** --explain: the known traps per option line; 0 when there is none, 1 otherwise. */
        private int explain(ParseResult result) {
            List<Finding> found = new Explainer(new Devices()).explain(result.jobs(), result.globalOptions(),
                    result.warnings());
            for (Finding f : found) {
                out.println(f);
            }
            out.println(found.isEmpty() ? "jfio --explain: no known trap found"
                    : "jfio --explain: " + found.size() + " finding" + (found.size() == 1 ? "" : "s"));
            return found.isEmpty() ? 0 : 1;
        }

        private void printWarnings(List<ParseWarning> warnings) {
            for (ParseWarning w : warnings) {
                err.println("fio: warning: " + w);
            }
        }

        private Set<String> outputFormats(String v) {
            Set<String> f = new LinkedHashSet<>();
            for (String w : v.split(",", -1)) {
                switch (w) {
                    case "normal" -> f.add("normal");
                    case "terse", "minimal", "csv" -> f.add("terse");
                    case "json" -> f.add("json");
                    case "json+" -> f.add("json+");
                    default -> {
                        err.println("fio: invalid output format " + w);
                        err.println("fio: failed parsing output-format");
                        return null;
                    }
                }
            }
            return f;
        }

        private void cmdhelp(String name) {
            List<OptionDef> all = OptionCatalog.get().options();
            if (name == null || name.equals("all")) {
                for (OptionDef o : all) {
                    if (o.type().name().contains("DEPRECATED")) {
                        continue;
                    }
                    out.printf("%-24s: %s%n", (o.parent() != null ? "  " : "") + o.name(), typeName(o));
                }
                return;
            }
            OptionDef o = OptionCatalog.get().find(name);
            if (o == null) {
                OptionDef best = null;
                int bestDist = Integer.MAX_VALUE;
                for (OptionDef c : all) {
                    int d = OptionCatalog.editDistance(name, c.name());
                    if (d < bestDist) {
                        bestDist = d;
                        best = c;
                    }
                }
                err.print("No such command: " + name);
                if (best != null && bestDist < 3) {
                    out.println(" - showing closest match");
                    describe(best);
                } else {
                    out.println();
                }
                return;
            }
            describe(o);
        }

        private void describe(OptionDef o) {
            out.printf("%20s: %s%n", o.name(), typeName(o));
            if (o.alias() != null) {
                out.printf("%20s: %s%n", "alias", o.alias());
            }
            out.printf("%20s: %s%n", "type", typeName(o));
            out.printf("%20s: %s%n", "default", o.def() == null ? "no default" : o.def());
            if (o.choices().isEmpty() && (o.min() != null || o.max() != null)) {
                out.printf("%20s: min=%d%s%n", "range", o.min() == null ? 0 : o.min(),
                        o.max() == null ? "" : ", max=" + o.max());
            }
            for (int i = 0; i < o.choices().size(); i++) {
                out.printf("%20s: %s%n", i == 0 ? "valid values" : "", o.choices().get(i));
            }
        }

        private static String typeName(OptionDef o) {
            return o.type().help();
        }

        /** --enghelp: the engines this build has (ServiceLoader), in fio's layout (EngineHelp). */
        private int enghelp(String value) {
            EngineHelp.Result r = EngineHelp.render(EngineRegistry.load(), value);
            out.print(r.stdout());
            err.print(r.stderr());
            return r.exitCode();
        }

        private static void usage(PrintStream p) {
            p.println(VERSION);
            p.println("jfio [options] [job options] <job file(s)>");
            p.println("  --output=file         Write output to file");
            p.println("  --output-format=type  Output format (normal,terse,json,json+), comma separated");
            p.println("  --minimal             Terse output (same as --output-format=terse)");
            p.println("  --terse-version=N     Terse version (2, 3, 4 or 5; default 3)");
            p.println("  --eta=when            When ETA estimate should be printed (always, never, auto)");
            p.println("  --eta-newline=time    Force a new line for every 'time' period passed");
            p.println("  --status-interval=t   Force full status dump every 't' period passed");
            p.println("  --explain             jfio: explain the known traps in the job files, per line (exit 1 if any)");
            p.println("  --interval-output=f   jfio: per-interval deltas as NDJSON into file f (needs --status-interval)");
            p.println("  --section=name        Only run the named job section(s) of the first job file");
            p.println("  --showcmd             Turn each job file into an equivalent command line");
            p.println("  --parse-only          Parse options only, don't start any I/O");
            p.println("  --merge-blktrace-only Merge blktraces only, don't start any I/O");
            p.println("  --readonly            Refuse jobs that write or trim");
            p.println("  --cmdhelp=opt         Help on a job option (all for every option)");
            p.println("  --enghelp=ioengine[,opt]  Engines found, or help on an engine's options");
            p.println("  --warnings-fatal      Make fio's job fix-up warnings fatal");
            p.println("  --debug=type[,type]   Debug lines as fio's (io, random, parse; ? lists the types)");
            p.println("  --crctest[=type]      Speed of the checksums (help lists them)");
            p.println("  --aux-path=dir        Where verify state and dump files go");
            p.println("  --idle-prof=option    Report CPU idleness (system or percpu), or calibrate only (calibrate)");
            p.println("  --trigger-file=f      Stop the jobs (and run --trigger=cmd) when f appears");
            p.println("  --trigger-timeout=t   ... or t seconds after the start");
            p.println("  --version             Print version information and exit");
            p.println("  --help                Print this page");
            p.println("Job options are given as --name=job --option=value ...; see fio's documentation.");
        }
    }
}
