package io.jfio.runner;

import io.jfio.engine.IoFile;
import io.jfio.jobfile.FioDebug;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.jobfile.options.LogOptions;
import io.jfio.report.RunResult;
import io.jfio.runner.files.DevCheck;
import io.jfio.runner.files.FileNames;
import io.jfio.runner.files.FsSignature;
import io.jfio.runner.files.MountCheck;
import io.jfio.runner.job.EngineProvider;
import io.jfio.runner.job.Job;
import io.jfio.runner.job.JobState;
import io.jfio.runner.job.RunState;
import io.jfio.runner.job.SetUpAhead;
import io.jfio.runner.job.SourceFactory;
import io.jfio.runner.log.AggregateBwLog;
import io.jfio.runner.stats.IdleProfiler;
import io.jfio.runner.replay.ReplaySpec;
import io.jfio.runner.stats.DiskDevices;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a request: starts the jobs group by group (each job on its own thread), drives the
 * status line and disk statistics while they run, stops them on Ctrl-C / SIGTERM, then writes
 * the reports with what was done.
 */
public final class Run {
    private final RunRequest request;
    private final PrintStream out;
    private final PrintStream err;
    private final EngineProvider engines;
    private final SourceFactory sources;
    private final List<Job> jobs = new ArrayList<>();
    private final Map<String, DiskTracker.Entry> disks = new LinkedHashMap<>();
    private volatile Scheduler scheduler;
    private volatile boolean stopRequested;
    private volatile long stopNanos;
    private volatile RunResult result;
    /** --idle-prof's probes during {@link #execute()}, or null. */
    private volatile IdleProfiler idle;
    private long runStartNanos;
    private long runStartEpochMillis;

    public Run(RunRequest request, PrintStream out, PrintStream err, EngineProvider engines, SourceFactory sources) {
        this.request = request;
        this.out = out;
        this.err = err;
        this.engines = engines;
        this.sources = sources;
    }

    /** Returns fio's exit status: 0 when every job succeeded. */
    public static int execute(RunRequest request, PrintStream out, PrintStream err) {
        if (engineLoadFails(request.jobs(), out, err)) {
            return 1;
        }
        return new Run(request, out, err, ProductionWiring.engines(), ProductionWiring.sources()).execute();
    }

    /**
     * True, after fio's lines, when a job's engine cannot be loaded (fio loads each job's engine
     * as it adds the job, before its fix-ups and before any job starts).
     */
    public static boolean engineLoadFails(List<JobSpec> jobs, PrintStream out, PrintStream err) {
        String[] lines = ProductionWiring.unloadable(jobs);
        if (lines == null) {
            return false;
        }
        if (lines[0] != null) {
            out.println(lines[0]);
            out.flush();
        }
        err.println(lines[1]);
        return true;
    }

    /**
     * {@code --merge-blktrace-only}: fio adds each job (its job line, in normal output), does its
     * merge_blktrace_file and drops it again, so no job runs and no report follows; a merge that
     * fails the job's set-up ends there with exit 1. fio's error lines go to stderr and, with
     * {@code --output}, into that file too (fio's f_err is the output file then), after what the
     * command line already wrote there.
     */
    public static int mergeBlktraceOnly(List<JobSpec> jobs, boolean normal, String outputFile, PrintStream out,
                                        PrintStream err) {
        PrintStream report = out;
        PrintStream errors = err;
        if (outputFile != null) {
            try {
                report = new PrintStream(new FileOutputStream(outputFile, true), true);
            } catch (IOException e) {
                err.println("fio: output file open error: " + e.getMessage());
                return 1;
            }
            errors = both(err, report);
        }
        try {
            for (JobSpec s : jobs) {
                if (s.cloneIndex() != 0) {
                    continue; // fio adds a job's clones after the merge, which returns first
                }
                if (normal && !EngineKinds.noIo(ThreadOptions.of(s).queue().ioengine())) {
                    report.print(Reporter.jobLine(s));
                    report.flush();
                }
                if (!io.jfio.runner.replay.BlktraceMerge.merged(s, errors)) {
                    return 1;
                }
            }
            return 0;
        } finally {
            errors.flush();
            if (report != out) {
                report.close();
            }
        }
    }

    /** A stream that writes to {@code a} and then {@code b}. */
    private static PrintStream both(PrintStream a, PrintStream b) {
        return new PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int c) {
                a.write(c);
                b.write(c);
            }

            @Override
            public void write(byte[] buf, int off, int len) {
                a.write(buf, off, len);
                b.write(buf, off, len);
            }

            @Override
            public void flush() {
                a.flush();
                b.flush();
            }
        }, true);
    }

    /** The command line's process-wide SIGINT/SIGTERM handlers and fio's default SIGPIPE (see {@link Signals}). */
    public static void installSignalHandlers() {
        Signals.installForProcess();
        Signals.defaultSigpipe();
    }

    /** The production engine lookup (registry: built-ins and external:), for tools that wrap engines. */
    public static EngineProvider defaultEngines() {
        return ProductionWiring.engines();
    }

    /** The jobs of the last {@link #execute()} with their measurements (for tests and tools). */
    public List<Job> jobs() {
        return jobs;
    }

    public int execute() {
        boolean normal;
        try {
            normal = Reporter.formats(request).contains(io.jfio.report.format.OutputFormat.NORMAL);
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return 1;
        }
        // Informational lines belong to the normal report's stream; when another format owns
        // stdout they are not printed at all (as fio), and diagnostics always go to stderr.
        PrintStream report = out;
        FileOutputStream file = null;
        if (request.outputFile() != null) {
            try {
                file = new FileOutputStream(request.outputFile());
                report = new PrintStream(file, false);
                FioDebug.redirect(report); // fio's debug lines follow its output into the file
            } catch (IOException e) {
                err.println("fio: output file open error: " + e.getMessage());
                return 1;
            }
        }
        PrintStream intervalFile = null;
        if (request.intervalOutput() != null) {
            try {
                intervalFile = new PrintStream(new FileOutputStream(request.intervalOutput()), false,
                        java.nio.charset.StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println("fio: interval output file open error: " + e.getMessage());
                closeQuietly(file, report);
                return 1;
            }
        }
        try {
            return execute(report, file, intervalFile);
        } finally {
            if (intervalFile != null) {
                intervalFile.close();
            }
        }
    }

    private int execute(PrintStream report, FileOutputStream file, PrintStream intervalFile) {
        boolean normal = Reporter.formats(request).contains(io.jfio.report.format.OutputFormat.NORMAL);
        Job.Context ctx = new Job.Context(report, err, normal, request.readOnly(), engines, sources);
        java.util.Set<io.jfio.jobfile.ParseWarning> ignored = new java.util.LinkedHashSet<>();
        boolean doesIo = false;
        String looked = null; // a numjobs= job's clones share their engine: one lookup for all of them
        for (JobSpec spec : request.jobs()) {
            try {
                ThreadOptions o = ThreadOptions.of(spec);
                ignored.addAll(o.unsupported());
                String engine = o.queue().ioengine();
                if (!doesIo && !engine.equals(looked)) {
                    looked = engine;
                    doesIo = EngineKinds.doesIo(engine);
                    if (doesIo) {
                        // the libc binding (0.1-0.5 s here) on its side thread from the first job
                        // that needs it on, not from the first job's set-up: the other jobs'
                        // options, their Job objects and the run's checks overlap it too
                        SetUpAhead.begin();
                    }
                }
            } catch (IllegalArgumentException e) {
                err.println("fio: job " + spec.name() + ": " + e.getMessage());
                closeQuietly(file, report);
                return 1;
            }
        }
        // every option a job set that jfio does not do: once per place it was set
        for (io.jfio.jobfile.ParseWarning w : ignored) {
            err.println("fio: warning: " + w);
        }
        if (!io.jfio.runner.replay.BlktraceMerge.merged(request.jobs(), err)) {
            closeQuietly(file, report);
            return 1;
        }
        if (!io.jfio.runner.files.OpenDirs.added(request.jobs(), report, err)) {
            closeQuietly(file, report);
            return 1;
        }
        if (!io.jfio.runner.job.AtomicWrites.supported(request.jobs(), engines, err)
                || !io.jfio.runner.job.MultiRangeTrim.supported(request.jobs(), engines, err)) {
            closeQuietly(file, report);
            return 1;
        }
        for (JobSpec spec : request.jobs()) {
            jobs.add(new Job(spec, ReplaySpec.adjust(spec, err), ctx));
        }
        jobs.forEach(j -> j.setJobCount(jobs.size()));
        jobs.forEach(Job::joinFlow);
        String rampProblem = io.jfio.runner.job.RampPeriod.attach(jobs);
        if (rampProblem != null) {
            report.println(rampProblem); // fio's td_verror at add_job: into its output (--output's file)
            report.flush();
            closeQuietly(file, report);
            return 1;
        }
        String blocksProblem = io.jfio.runner.job.TrimBlocks.problem(jobs);
        if (blocksProblem != null) {
            err.println(blocksProblem);
            closeQuietly(file, report);
            return 1;
        }
        io.jfio.runner.job.ActProfile act = io.jfio.runner.job.ActProfile.attach(jobs);
        String ssProblem = SteadyStates.attach(jobs);
        if (ssProblem != null) {
            err.println("fio: " + ssProblem);
            closeQuietly(file, report);
            return 1;
        }
        if (request.readOnly()) {
            for (Job j : jobs) {
                if (j.mode().modifies()) {
                    err.println("fio: trim and write operations are not allowed with the --readonly parameter.");
                    closeQuietly(file, report);
                    return 1;
                }
            }
        }
        String missing = missingDevice();
        String mounted = missing == null ? mountedTarget() : null;
        if (missing != null || mounted != null) {
            err.println(missing != null ? missing : mounted);
            closeQuietly(file, report);
            // fio (3.33 and 3.42) refuses a write to a mounted device and yet exits 0
            return missing != null ? 1 : 0;
        }
        try {
            Reporter reporter = new Reporter(request, this);
            DiskTracker diskTracker = new DiskTracker(new DiskDevices());
            StatusDriver status = null;
            IntervalOutput intervals = null;
            if (reporter.normal()) {
                reporter.printPreamble(report);
            } else {
                report.print(HelperThreadDebug.started()); // a debug line, in every output format
            }
            // Ctrl-C / SIGTERM from here on (layout included) stop the jobs; the report is still written.
            Signals signals = Signals.attach(this::onSignal);
            io.jfio.runner.job.GtodThread gtod = io.jfio.runner.job.GtodThread.startFor(jobs); // as fio's run_threads
            // calibrated before the jobs' set-up, counting from just before they start (fio's run_threads)
            idle = request.idleProf() == null ? null : IdleProfiler.start(request.idleProf(), err);
            try {
                io.jfio.runner.job.EarlyLaunch early = io.jfio.runner.job.EarlyLaunch.start(jobs);
                for (Job j : jobs) {
                    if (j.options().files().createSerialize() && !stopRequested) {
                        j.prepare();
                    }
                }
                // the disks' first counters while the early launch still creates job threads (a
                // stat and a sysfs read per file: 10-15 ms for 252 jobs, waited for before the release)
                diskTracker.track(jobs);
                if (early != null) {
                    early.await();
                }
                if (idle != null) {
                    idle.begin();
                }
                runStartNanos = System.nanoTime();
                runStartEpochMillis = System.currentTimeMillis();
                Scheduler scheduler = new Scheduler(jobs);
                this.scheduler = scheduler;
                if (stopRequested) {
                    scheduler.stopAll();
                }
                // The status line belongs on stdout, unless a machine-read format owns stdout: then it
                // goes to stderr so the JSON/terse output stays parseable (fio mixes them, #731).
                PrintStream terminal = reporter.normal() || request.outputFile() != null ? out : err;
                intervals = intervalFile == null ? null : new IntervalOutput(this, intervalFile);
                status = new StatusDriver(request, this, terminal, reporter, report, diskTracker, intervals);
                StatusDriver st = status;
                AggregateBwLog agg = AggregateBwLog.forRun(jobs.stream()
                        .mapToLong(j -> j.options().logs().bwAvgMsec()).min().orElse(500));
                List<java.util.concurrent.atomic.AtomicLongArray> progress = jobs.stream()
                        .map(j -> j.stats().progress).toList();
                Trigger.Watch trigger = request.trigger().any() ? request.trigger().watch() : null;
                boolean[] zoneRead = {false};
                scheduler.run(() -> {
                    if (!zoneRead[0] && pastSetUp(jobs)) {
                        // The report's date needs the JDK's time-zone data (tzdb.dat, ~5 ms read
                        // interpreted): read it while the jobs do I/O, not after the last one ends.
                        zoneRead[0] = true;
                        RunResult.ctime(System.currentTimeMillis());
                    }
                    if (trigger != null && trigger.due(err)) {
                        stop(); // each job saves its verify state as it ends
                        request.trigger().exec(report, err);
                    }
                    if (diskTracker.sample()) {
                        HelperThreadDebug.tick(jobs);
                    }
                    st.tick();
                    if (agg != null) {
                        agg.tick(progress, jobs.stream().anyMatch(j -> j.state().runState() == RunState.RAMP));
                    }
                }, 10);
                if (agg != null) {
                    agg.finish(err);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop();
            } finally {
                signals.detach();
                if (gtod != null) {
                    gtod.stop();
                }
                if (idle != null) {
                    idle.stop();
                }
            }
            reportStuckJobs();
            io.jfio.runner.job.ProcessDebug.runEnded(jobs);
            io.jfio.runner.job.Cgroup.removeMade();
            if (act != null) {
                act.print(report); // fio prints it as the run's last job ends, before the report
            }
            diskTracker.finish();
            if (status != null) {
                status.finish();
            }
            if (intervals != null) {
                intervals.finish();
            }
            result = reporter.write(report, diskTracker.results(), System.currentTimeMillis());
            report.flush();
        } finally {
            if (file != null) {
                report.close();
            }
        }
        return exitStatus();
    }

    /**
     * fio's exit_value: one per job that ended with an error, on top of 128 when a signal
     * stopped the run, so scripts can tell an interrupted run from a complete one.
     */
    private int exitStatus() {
        int rc = signalled ? 128 : 0;
        for (Job j : jobs) {
            // a job whose set-up failed or was refused counts even without an errno (fio's run_threads)
            if (j.stats().error != 0 || j.setupFailed() || j.refused()) {
                rc++;
            }
        }
        return rc;
    }

    private volatile boolean signalled;

    private void onSignal(int sig, int count) {
        signalled = true;
        // fio prints this on stdout; stderr keeps JSON on stdout valid.
        err.println();
        err.println("fio: terminating on signal " + sig);
        err.flush();
        stop();
        Scheduler s = scheduler;
        if (count >= 3 && s != null) {
            // Jobs stuck in I/O that never returns: the third signal stops waiting for them and
            // reports (fio kills its job processes, or gives up after its reap timeout).
            s.abandonStuck();
        }
    }

    /** Every job has left its set-up (fio's TD_SETTING_UP); the CPUs are the I/O's now. */
    private static boolean pastSetUp(List<Job> jobs) {
        for (Job j : jobs) {
            RunState st = j.state().runState();
            if (st == RunState.PENDING || st == RunState.SETUP) {
                return false;
            }
        }
        return true;
    }

    /** fio's forceful-exit line for each job that was stopped and never ended. */
    private void reportStuckJobs() {
        for (Job j : jobs) {
            if (j.startNanos() != 0 && !j.isFinished()) {
                err.printf("fio: job '%s' (state=%d) hasn't exited in %d seconds, it appears to be stuck. Doing "
                        + "forceful exit of this job.%n", j.spec().name(), fioRunState(j.state().runState()),
                        Math.max(0, (System.nanoTime() - stopNanos) / 1_000_000_000L));
            }
        }
    }

    /** jfio's run state as fio's TD_* number. */
    private static int fioRunState(io.jfio.runner.job.RunState s) {
        return switch (s) {
            case PENDING -> 1;
            case SETUP -> 4;
            case RAMP -> 3;
            case VERIFYING -> 7;
            case FSYNCING -> 8;
            case FINISHING -> 9;
            case EXITED -> 10;
            case REAPED, REAPED_ERROR -> 11;
            default -> 5;
        };
    }

    /** --idle-prof's figures so far (idleness 0 until the jobs have ended), or null without it. */
    io.jfio.report.CpuIdleness idleness() {
        IdleProfiler p = idle;
        return p == null ? null : p.result();
    }

    /** The final report as the report module's model (null before it was written): for tools and the API. */
    public RunResult result() {
        return result;
    }

    /** Stops the run as Ctrl-C does: running jobs end, pending ones never start, the report is written. */
    public void stop() {
        if (!stopRequested) {
            stopNanos = System.nanoTime();
        }
        stopRequested = true;
        for (Job j : jobs) {
            j.state().terminate();
        }
        Scheduler s = scheduler;
        if (s != null) {
            s.stopAll();
        }
    }

    private static void closeQuietly(FileOutputStream file, PrintStream report) {
        if (file != null) {
            report.close();
        }
    }

    long runStartNanos() {
        return runStartNanos;
    }

    long runStartEpochMillis() {
        return runStartEpochMillis;
    }

    /** A job file target under /dev that does not exist (jfio's own check, see DevCheck), or null. */
    private String missingDevice() {
        for (Job j : jobs) {
            if (j.options().queue().ioengine().equals("null")) {
                continue;
            }
            String refusal = DevCheck.refusal(FileNames.forJob(j.spec()));
            if (refusal != null) {
                return refusal;
            }
        }
        return null;
    }

    /** fio's check_mount_writes over every job, before anything starts: fio's message or null. */
    private String mountedTarget() {
        java.util.Set<String> warned = new java.util.HashSet<>();
        for (Job j : jobs) {
            if (!j.mode().modifies() || j.options().files().allowMountedWrite()) {
                continue;
            }
            List<IoFile> files = new ArrayList<>();
            for (String name : FileNames.forJob(j.spec())) {
                IoFile f = new IoFile(name, files.size());
                int fmt = io.jfio.engine.nativeio.FileStat.formatOf(Path.of(name)); // -1: missing, not a device
                if (fmt == io.jfio.engine.nativeio.FileStat.S_IFBLK) {
                    f.type = IoFile.Type.BLOCK;
                } else if (fmt == io.jfio.engine.nativeio.FileStat.S_IFCHR) {
                    f.type = IoFile.Type.CHAR;
                }
                files.add(f);
            }
            IoFile m = MountCheck.firstMounted(files);
            if (m != null) {
                return MountCheck.message(m);
            }
            warnSignatures(files, warned);
        }
        return null;
    }

    /** One warning per unmounted block device a writing job will overwrite a signature on. */
    private void warnSignatures(List<IoFile> files, java.util.Set<String> warned) {
        for (IoFile f : files) {
            if (f.type == IoFile.Type.BLOCK && warned.add(f.path)) {
                String type = FsSignature.of(Path.of(f.path));
                if (type != null) {
                    err.println(FsSignature.warning(f.path, type));
                }
            }
        }
    }
}
