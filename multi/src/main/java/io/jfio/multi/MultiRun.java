package io.jfio.multi;

import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.MachineInfo;
import io.jfio.jobfile.ParseResult;
import io.jfio.jobfile.ParseWarning;
import io.jfio.report.format.OutputFormat;
import io.jfio.runner.ProductionWiring;
import io.jfio.runner.Run;
import io.jfio.runner.RunRequest;
import io.jfio.runner.job.IoSource;
import io.jfio.runner.job.Job;
import io.jfio.runner.job.SourceFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs several instances at once, each an independent fio-style run (own jobs, own report),
 * all starting I/O together through one {@link StartGate}; repeats the whole set and keeps
 * every run's results. Used by jfio-multi and by the scripting API.
 */
public final class MultiRun {
    /**
     * @param instances    what to run side by side
     * @param repeat       how many times the whole set runs
     * @param outputDir    where run-K/instance-N.* go; null: reports to the output stream
     * @param formats      fio's --output-format names ("normal", "terse", "json", "json+")
     * @param terseVersion fio's --terse-version
     * @param dropCaches   sync and drop the page cache before every run (needs root)
     * @param fioOptions   fio job options from the command line, applied as fio does (global defaults)
     */
    public record Settings(List<Instance> instances, int repeat, Path outputDir, Set<String> formats,
                           int terseVersion, boolean dropCaches, List<JobFileParser.CliOption> fioOptions) {
        public Settings {
            instances = List.copyOf(instances);
            formats = formats == null || formats.isEmpty() ? Set.of("normal") : Set.copyOf(formats);
            fioOptions = List.copyOf(fioOptions);
        }
    }

    /** A problem the user must fix (bad job file, unwritable output directory): one line. */
    public static final class MultiException extends Exception {
        public MultiException(String message) {
            super(message);
        }
    }

    private static final long POLL_NANOS = 2_000_000L;

    private final Settings settings;
    private final PrintStream out;
    private final PrintStream err;
    private final List<List<InstanceResult>> runs = new ArrayList<>();
    /** Ctrl-C / SIGTERM: stop the instances running now, start no further repeat. */
    private volatile boolean stopRequested;
    private volatile Runnable stopCurrent = () -> { };

    /** What a host agent (jfio-multi --hosts) hooks into a run: the barrier and the progress. */
    public interface Hooks {
        /** Every instance's first-wave jobs are at the barrier; call {@code open} to release them. */
        void allArrived(Runnable open);

        /** Called from the watch loop (every few ms): bytes completed so far per instance. */
        void progress(long nowNanos, long[] bytes);
    }

    private Hooks hooks;

    /** Holds the start barrier for {@code h} and reports progress to it (one run, host agents). */
    public MultiRun withHooks(Hooks h) {
        this.hooks = h;
        return this;
    }

    /** Stops the instances running now (as Ctrl-C does) and starts no further repeat. */
    public void stop() {
        stopRequested = true;
        stopCurrent.run();
    }

    public MultiRun(Settings settings, PrintStream out, PrintStream err) {
        this.settings = settings;
        this.out = out;
        this.err = err;
    }

    /** Results per run (index 0 = run 1), each in instance order. */
    public List<List<InstanceResult>> runs() {
        return runs;
    }

    /** Runs every repeat; returns the results per run. */
    public List<List<InstanceResult>> execute() throws MultiException {
        for (int k = 1; k <= settings.repeat() && !stopRequested; k++) {
            if (settings.dropCaches()) {
                dropCaches();
            }
            List<InstanceResult> r = runOnce(k);
            runs.add(r);
            if (settings.outputDir() != null) {
                write(k, r);
            } else {
                print(k, r);
            }
        }
        return runs;
    }

    /** The jobs of an instance, parsed as bin/jfio would with the target and overrides applied. */
    public static List<JobSpec> parse(Instance in, List<JobFileParser.CliOption> fioOptions, PrintStream err)
            throws MultiException {
        return parseResult(in, fioOptions, err).jobs();
    }

    /** The parse with the [global] options, which the instance's JSON lists as fio's does. */
    private static ParseResult parseResult(Instance in, List<JobFileParser.CliOption> fioOptions, PrintStream err)
            throws MultiException {
        Map<String, String> env = new HashMap<>(System.getenv());
        String content;
        try {
            content = Files.readString(in.jobFile());
        } catch (IOException e) {
            throw new MultiException("unable to open '" + in.jobFile() + "' job file");
        }
        List<Map.Entry<String, String>> overrides = new ArrayList<>();
        if (in.target() != null) {
            env.put("TARGET", in.target());
            if (!content.contains("${TARGET}")) {
                String key = Files.isDirectory(Path.of(in.target())) ? "directory" : "filename";
                overrides.add(new AbstractMap.SimpleEntry<>(key, in.target()));
            }
        }
        overrides.addAll(in.overrides());
        JobFileParser p = new JobFileParser(new JobFileParser.Settings(false, false, List.of(), env,
                MachineInfo.current(), false));
        try {
            for (JobFileParser.CliOption o : fioOptions) {
                p.commandLine(o);
            }
            p.parseContent(in.jobFile().toString(), JobText.withOverrides(content, overrides));
            ParseResult r = p.finish();
            for (ParseWarning w : r.warnings()) {
                err.println("fio: warning: " + w);
            }
            if (r.jobs().isEmpty()) {
                throw new MultiException(in.fileStem() + " (" + in.jobFile() + "): no job(s) defined");
            }
            return r;
        } catch (JobFileException e) {
            throw new MultiException(in.fileStem() + " (" + in.jobFile() + "): fio: " + e.line());
        }
    }

    private List<InstanceResult> runOnce(int k) throws MultiException {
        List<Instance> instances = settings.instances();
        int n = instances.size();
        StartGate gate = new StartGate();
        List<List<JobSpec>> specs = new ArrayList<>();
        List<List<Map.Entry<String, String>>> globals = new ArrayList<>();
        for (Instance in : instances) {
            ParseResult parsed = parseResult(in, settings.fioOptions(),
                    LinePrefixStream.of(err, "[" + in.fileStem() + "] "));
            List<JobSpec> jobs = parsed.jobs();
            specs.add(jobs);
            globals.add(parsed.globalOptions());
            for (JobSpec s : firstWave(jobs)) {
                gate.expect(s);
            }
        }
        if (hooks != null) {
            gate.hold(() -> hooks.allArrived(gate::openNow));
        }
        SourceFactory base = ProductionWiring.sources();
        SourceFactory gated = (spec, files) -> {
            IoSource s = base.create(spec, files);
            gate.arrive(spec);
            return s;
        };
        Run[] rs = new Run[n];
        ByteArrayOutputStream[] bufs = new ByteArrayOutputStream[n];
        PrintStream[] errs = new PrintStream[n];
        int[] rcs = new int[n];
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            bufs[i] = new ByteArrayOutputStream();
            errs[i] = LinePrefixStream.of(err, "[" + (settings.repeat() > 1 ? "run-" + k + "/" : "")
                    + instances.get(i).fileStem() + "] ");
            RunRequest req = new RunRequest(specs.get(i), Set.of("normal"), settings.terseVersion(), null, "never", 0,
                    0, false, globals.get(i));
            rs[i] = new Run(req, new PrintStream(bufs[i], true, StandardCharsets.UTF_8), errs[i], ProductionWiring.engines(),
                    gated);
            final int idx = i;
            threads[i] = new Thread(() -> rcs[idx] = rs[idx].execute(), "jfio-multi-" + instances.get(i).fileStem());
        }
        stopCurrent = () -> {
            stopRequested = true;
            for (Run r : rs) {
                r.stop();
            }
            gate.openNow();
        };
        // Each Run installs its own Ctrl-C handler for itself; one handler for all instances is
        // put back once every instance is past that point (the gate is open), and the
        // original handlers once all are done.
        SignalHandlers signals = SignalHandlers.install(() -> stopCurrent.run());
        boolean reinstalled = false;
        long startNanos = System.nanoTime();
        for (Thread t : threads) {
            t.start();
        }
        // Watch: withdraw jobs that ended before reaching the gate, and note when each
        // instance's byte counters move (its first and last I/O completions).
        long[] first = new long[n];
        long[] last = new long[n];
        long[] bytes = new long[n];
        java.util.Arrays.fill(first, -1);
        boolean running = true;
        while (running) {
            running = false;
            long now = System.nanoTime();
            for (int i = 0; i < n; i++) {
                boolean alive = threads[i].isAlive();
                running |= alive;
                List<Job> jobs = snapshot(rs[i]);
                long b = 0;
                for (Job j : jobs) {
                    for (int d = 0; d < 3; d++) {
                        b += j.stats().progress.get(d);
                    }
                    if (j.isFinished()) {
                        gate.withdraw(j.spec());
                    }
                }
                if (!alive) {
                    for (JobSpec s : specs.get(i)) {
                        gate.withdraw(s);
                    }
                }
                if (b > bytes[i]) {
                    bytes[i] = b;
                    if (first[i] < 0) {
                        first[i] = now;
                    }
                    last[i] = now;
                }
            }
            if (hooks != null) {
                hooks.progress(now, bytes);
            }
            if (!reinstalled && gate.isOpen()) {
                signals.reinstall();
                reinstalled = true;
            }
            if (running) {
                sleepNanos(POLL_NANOS);
            }
        }
        signals.restore();
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        long zero = gate.openedNanos() != 0 ? gate.openedNanos() : startNanos;
        List<InstanceResult> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            errs[i].close();
            out.add(new InstanceResult(instances.get(i), k, rcs[i], rs[i].result(),
                    bufs[i].toString(StandardCharsets.UTF_8),
                    first[i] < 0 ? -1 : (first[i] - zero) / 1e6, first[i] < 0 ? -1 : (last[i] - zero) / 1e6));
        }
        return out;
    }

    /**
     * The jobs that start right away and so can wait for each other: those before the first
     * stonewall / wait_for in run order, without a startdelay.
     */
    static List<JobSpec> firstWave(List<JobSpec> jobs) {
        List<JobSpec> wave = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            JobSpec s = jobs.get(i);
            var o = io.jfio.jobfile.options.ThreadOptions.of(s);
            String waitFor = o.process().waitFor();
            if ((i > 0 && s.cloneIndex() == 0 && o.process().stonewall())
                    || (waitFor != null && !waitFor.isEmpty())) {
                break;
            }
            if (!o.runtime().startDelaySet()) {
                wave.add(s);
            }
        }
        return wave;
    }

    private static List<Job> snapshot(Run r) {
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                List<Job> copy = new ArrayList<>(r.jobs().size());
                for (Job j : r.jobs()) {
                    if (j != null) {
                        copy.add(j);
                    }
                }
                return copy;
            } catch (ConcurrentModificationException | IndexOutOfBoundsException e) {
                // the run is still building its job list: look again
            }
        }
        return List.of();
    }

    private static void sleepNanos(long nanos) {
        try {
            Thread.sleep(nanos / 1_000_000L, (int) (nanos % 1_000_000L));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void dropCaches() {
        try {
            new ProcessBuilder("sync").inheritIO().start().waitFor();
            Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3\n");
        } catch (IOException e) {
            err.println("jfio-multi: cannot drop caches (" + e.getMessage() + "); needs root");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The formats to write as files, fio's names mapped to the report module's. */
    private Set<OutputFormat> formats() {
        return OutputFormat.parse(String.join(",", settings.formats()));
    }

    private void write(int k, List<InstanceResult> results) throws MultiException {
        Path dir = settings.outputDir().resolve("run-" + k);
        try {
            Files.createDirectories(dir);
            Set<OutputFormat> f = formats();
            for (InstanceResult r : results) {
                String stem = r.instance().fileStem();
                if (f.contains(OutputFormat.NORMAL)) {
                    Files.writeString(dir.resolve(stem + ".txt"), r.normalOutput());
                }
                if (r.result() == null) {
                    continue;
                }
                if (f.contains(OutputFormat.TERSE)) {
                    Files.writeString(dir.resolve(stem + ".terse"),
                            OutputFormat.render(r.result(), EnumSet.of(OutputFormat.TERSE), settings.terseVersion()));
                }
                // Always a JSON file: jfio-compare and the summary read it back (json+ unless plain json was asked).
                OutputFormat json = f.contains(OutputFormat.JSON) && !f.contains(OutputFormat.JSON_PLUS)
                        ? OutputFormat.JSON : OutputFormat.JSON_PLUS;
                Files.writeString(dir.resolve(stem + ".json"),
                        OutputFormat.render(r.result(), EnumSet.of(json), settings.terseVersion()));
            }
            io.jfio.report.RunResult all = Combined.of(results);
            if (all != null) {
                Files.writeString(dir.resolve("all.json"), OutputFormat.render(all, EnumSet.of(OutputFormat.JSON_PLUS),
                        settings.terseVersion()));
            }
        } catch (IOException e) {
            throw new MultiException("cannot write results to " + dir + ": " + e.getMessage());
        }
    }

    private void print(int k, List<InstanceResult> results) {
        Set<OutputFormat> f = formats();
        for (InstanceResult r : results) {
            out.println("==> " + (settings.repeat() > 1 ? "run " + k + ", " : "") + r.instance().fileStem() + " ("
                    + r.instance().label() + ") <==");
            if (r.result() != null) {
                Set<OutputFormat> other = EnumSet.copyOf(f);
                other.remove(OutputFormat.NORMAL);
                if (!other.isEmpty()) {
                    out.print(OutputFormat.render(r.result(), other, settings.terseVersion()));
                }
            }
            if (f.contains(OutputFormat.NORMAL)) {
                out.print(r.normalOutput());
            }
        }
        out.flush();
    }
}
