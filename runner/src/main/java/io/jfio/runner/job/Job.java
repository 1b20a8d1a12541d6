package io.jfio.runner.job;

import io.jfio.engine.EngineFlag;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.nativeio.Errno;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.SizeRange;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.data.BufferContent;
import io.jfio.runner.files.FileSetup;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.stats.ThreadCpu;
import io.jfio.runner.workload.JobError;
import io.jfio.runner.workload.RwMode;

import java.io.PrintStream;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One fio job (thread_data): runs on its own thread (fio's {@code thread} mode; fio's default of
 * processes is mapped to threads too, the report is the same). Here: the job's set-up (engine and
 * files, {@link #prepare}), its thread's life (start delay, CPU affinity, nice, prio, exec_prerun)
 * and the hand-off to the report (runtime, error line, final state); {@link JobIo} does the I/O
 * and its teardown. The numbers land in {@link #stats}.
 */
public final class Job {
    /** What every job of a run shares. */
    public record Context(PrintStream out, PrintStream err, boolean printInfo, boolean readOnly,
                          EngineProvider engines, SourceFactory sources, JobClock clock,
                          io.jfio.runner.zbd.ZonedFiles zones) {
        public Context(PrintStream out, PrintStream err, boolean printInfo, boolean readOnly,
                       EngineProvider engines, SourceFactory sources) {
            this(out, err, printInfo, readOnly, engines, sources, JobClock.SYSTEM);
        }

        /** zonemode=zbd's zones are shared by the jobs of one context (one run), as fio shares them. */
        public Context(PrintStream out, PrintStream err, boolean printInfo, boolean readOnly,
                       EngineProvider engines, SourceFactory sources, JobClock clock) {
            this(out, err, printInfo, readOnly, engines, sources, clock, new io.jfio.runner.zbd.ZonedFiles());
        }
    }

    /** The job thread's CPU accounting (fio's ru_start/ru_end). */
    private ThreadCpu cpu;
    private final JobSpec spec;
    /** The job as written, before read_iolog's trace changed its directions, sizes and depth. */
    private final JobSpec written;
    private final ThreadOptions opts;
    private final Context ctx;
    private final RwMode mode;
    private final JobState state = new JobState();
    private final JobStats stats = new JobStats();
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile List<IoFile> files = List.of();
    private volatile long startNanos;
    private volatile long endNanos;
    private Thread thread;
    /** The job's part in a steady-state check (its own, or its reporting group's), or null. */
    private volatile SteadyState.Member steady;
    /** The job's I/O once its thread got that far (its loop's results), or null. */
    private volatile JobIo io;

    /** How many jobs the run has (fio's thread_number after parsing): dedupe_global spans them. */
    private int jobCount = 1;

    public void setJobCount(int n) {
        jobCount = n;
    }

    /** Puts the job in a group's steady-state check (group_reporting); without one it checks alone. */
    public void setSteadyState(SteadyState.Member m) {
        steady = m;
    }

    /** The job's ramp_size check (its own, or its reporting group's), or null. */
    private volatile RampPeriod.Member ramp;

    /** Puts the job in its reporting group's ramp_size check (group_reporting). */
    public void setRampPeriod(RampPeriod.Member m) {
        ramp = m;
    }

    /** The job's ramp_size member: its group's, else its own (null without ramp_size). */
    RampPeriod.Member rampMember() {
        if (ramp == null && opts.runtime().rampSizeBytes() > 0) {
            ramp = new RampPeriod(opts.runtime().rampSizeBytes()).join(stats);
        }
        return ramp;
    }

    private Flow joinedFlow;

    /** The flow the I/O loop runs in: the one joined at set-up, else joined now (null without a weight). */
    Flow takeFlow() {
        Flow f = joinedFlow != null ? joinedFlow : Flow.join(opts.flow());
        joinedFlow = null;
        return f;
    }

    /** The job's steady-state member: its group's, else its own (null without steadystate_duration). */
    SteadyState.Member steadyMember() {
        if (steady == null && opts.steady().enabled()) {
            steady = new SteadyState(opts.steady()).join(stats, state, spec.index(), spec.groupId());
        }
        return steady;
    }

    /**
     * Joins the job's flow before any job of the run starts, as fio does at job setup: a job that
     * starts first must not run alone against a total weight of its own.
     */
    public void joinFlow() {
        if (joinedFlow == null) {
            joinedFlow = Flow.join(opts.flow());
        }
    }

    /** The depth the report's latency line shows: latency_target's last depth, else iodepth. */
    public int latencyDepth() {
        JobIo i = io;
        LatencyTarget t = i == null ? null : i.latencyTarget();
        return t == null ? opts.queue().iodepth() : t.reportedDepth();
    }

    /** The steady-state window the job reports, or null without steadystate_duration. */
    public SteadyStateWindow steadyState() {
        SteadyState.Member m = steady;
        return m == null ? null : m.window();
    }

    public Job(JobSpec spec, Context ctx) {
        this(spec, spec, ctx);
    }

    /**
     * A job whose options {@code written} became {@code spec} before it ran: read_iolog's trace
     * decides a replay's directions, block sizes and depth (fio's init_iolog, in the job's own
     * thread), which fio's job line, printed before that, does not show.
     */
    public Job(JobSpec written, JobSpec spec, Context ctx) {
        this.spec = spec;
        this.written = written;
        this.opts = ThreadOptions.of(spec);
        this.ctx = ctx;
        this.mode = RwMode.of(opts.io().rw());
    }

    public JobSpec spec() {
        return spec;
    }

    /** The job's options as written (the same as {@link #spec} unless a replay's trace changed them). */
    public JobSpec writtenSpec() {
        return written;
    }

    /** The job's typed options. */
    public ThreadOptions options() {
        return opts;
    }

    public RwMode mode() {
        return mode;
    }

    public JobState state() {
        return state;
    }

    public JobStats stats() {
        return stats;
    }

    public List<IoFile> files() {
        return files;
    }

    public void start() {
        launch();
        release();
    }

    /**
     * Creates the job's thread, held before its first step until {@link #release}. The scheduler
     * creates a batch this way, then releases it, as fio's run_threads creates each thread, waits
     * for it to come up and then starts the batch: a thread created while hundreds of others
     * already spin would wait for CPU just to be born (Thread.start waits for the new thread).
     */
    public synchronized void launch() {
        if (thread != null) {
            return; // made early (EarlyLaunch)
        }
        SetUpAhead.awaitLinked();
        ProcessDebug.created(state, opts.process().thread());
        thread = new Thread(this::run, "jfio-" + spec.name() + "-" + spec.index());
        thread.setDaemon(true);
        thread.start();
    }

    /** Lets a {@link #launch}ed job run. */
    public void release() {
        go.countDown();
    }

    /** Lets a {@link #launch}ed job run; it waits at {@code line} with its batch before its first I/O. */
    public void release(StartLine line) {
        startLine = line;
        go.countDown();
    }

    /** True when the job may wait at a start line: it does not start late on purpose (startdelay). */
    public boolean linesUp() {
        SizeRange sd = opts.runtime().startDelay();
        return sd.low() <= 0 && sd.high() <= 0;
    }

    private StartLine startLine;

    /** Called by the job thread once before its first I/O: waits for the rest of its batch. */
    void atStartLine() {
        StartLine line = startLine;
        startLine = null;
        if (line != null) {
            line.arrive(state);
        }
    }

    private final java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);

    public boolean isFinished() {
        return finished.getCount() == 0;
    }

    public void awaitFinished() throws InterruptedException {
        finished.await();
    }

    /** Nanos when the job thread started and ended (0 while unknown). */
    public long startNanos() {
        return startNanos;
    }

    public long endNanos() {
        return endNanos;
    }

    private void run() {
        boolean interrupted = false;
        while (go.getCount() > 0) {
            try {
                go.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (opts.process().comm() != null) {
            // fio's prctl(PR_SET_NAME): the JVM renames the OS thread (pthread_setname_np, 15 bytes
            // as the kernel keeps) only when a thread renames itself
            Thread.currentThread().setName(opts.process().comm());
        }
        startNanos = ctx.clock().nanoTime();
        stats.jobStartEpochMillis = System.currentTimeMillis();
        cpu = null;
        try {
            cpu = new ThreadCpu();
            cpu.begin();
            stats.accountCpu(cpu);
            runJob();
        } catch (JobError e) {
            if (e.logLine() != null) {
                ctx.err().println(e.logLine());
            }
            refused |= e.isRefused();
            if (stats.error == 0) {
                stats.error = e.errno();
                stats.errorFunction = e.function();
            }
        } catch (RuntimeException | LinkageError e) {
            ctx.err().println("fio: job " + spec.name() + " failed: " + e);
            if (stats.error == 0) {
                stats.error = 5;
                stats.errorFunction = "job";
            }
        } finally {
            StartLine line = startLine;
            if (line != null) {
                startLine = null;
                line.leave(); // the job ended before its I/O
            }
            if (joinedFlow != null) {
                joinedFlow.leave(); // the job ended before its I/O loop
                joinedFlow = null;
            }
            endNanos = ctx.clock().nanoTime();
            // fio's job_runtime counts from td->epoch: the I/O start, moved to the end of ramp_time.
            long ioEpoch = io != null ? io.ioEpochNanos() : 0;
            long epoch = ioEpoch != 0 ? ioEpoch : startNanos;
            stats.totalRunTimeMillis = (endNanos - epoch) / 1_000_000L;
            if (cpu != null) {
                cpu.end(stats);
            }
            if (stats.error != 0) {
                // A job that failed in set-up never ran: fio reports pid=0 for it.
                long pid = prepareError != null ? 0 : ProcessId.current();
                // fio logs a set-up failure on stderr (backend.c's reap path), a run's own on stdout.
                (prepareError != null ? ctx.err() : ctx.out()).printf("fio: pid=%d, err=%d/file:%s, func=%s, error=%s%n", pid,
                        stats.error, errorFile(), stats.errorFunction, Errno.strerror(stats.error));
            }
            state.setOpenFiles(0);
            if (ioJobCounted) {
                ioJobCounted = false;
                IoJobs.ended();
            }
            state.setRunState(stats.error != 0 ? RunState.REAPED_ERROR : RunState.REAPED);
            finished.countDown();
        }
    }

    /** Where fio 3.42 raises I/O errors (3.33: io_u.c:1876); the report header names the same place. */
    public static final String IO_U_ERROR_FILE = "io_u.c:2018";

    private String errorFile() {
        if (stats.errorFile == null) {
            stats.errorFile = ErrorText.fileOf(stats.errorFunction);
        }
        return stats.errorFile;
    }

    /** Heap bytes the job thread allocated inside the I/O loop (-1 when the JVM can't tell). */
    public long loopAllocatedBytes() {
        JobIo i = io;
        return i == null ? -1 : i.loopAllocatedBytes();
    }

    private IoEngine engine;
    /** What the job writes, from its layout on (fio's buf_state and friends). */
    private BufferContent content;
    private FileSetup setup;
    private JobError prepareError;
    private volatile boolean prepared;
    /** Counted in {@link IoJobs} (every job but cpuio/exec) until it ends. */
    private boolean ioJobCounted;

    /**
     * Creates the engine and sets up the files (layout included). With create_serialize (fio's
     * default) the run calls this for every job in order before starting any, as fio does;
     * otherwise the job thread does it itself.
     */
    public void prepare() {
        if (prepared) {
            return;
        }
        try {
            JitWarmup.before(spec, opts, mode, ctx); // before any job's clock: the I/O path compiled
            engine = ctx.engines().create(spec);
            SetUpAhead.forEngine(engine);
            if (!engine.flags().contains(EngineFlag.NO_IO)) {
                ioJobCounted = true;
                IoJobs.pending();
            }
            // Flags before init decide file handling; SYNC_IO is read again after init (null's
            // depends on iodepth).
            Set<EngineFlag> flags = engine.flags();
            boolean diskless = flags.contains(EngineFlag.DISK_LESS);
            int iodepth = opts.queue().iodepth();
            if (flags.contains(EngineFlag.SYNC_IO) && iodepth > 1 && !opts.queue().offload() && ctx.printInfo()
                    && spec.cloneIndex() == 0) {
                ctx.out().println("note: both iodepth >= 1 and synchronous I/O engine are selected, queue depth will be capped at 1");
            }
            IoEngine e = engine;
            content = BufferContent.forJob(spec, !"0".equals(opts.verify().verify), jobCount,
                    maxBlockSize(opts));
            setup = new FileSetup(spec, mode, diskless, ctx.printInfo(), ctx.out(), state::terminated)
                    .withSizeHook(e::fileSize)
                    .withLayoutFill(content::fillLayout, (int) opts.bs().max(1))
                    .withZones(ctx.zones());
            ProcessDebug.settingUp(state, false);
            try {
                files = setup.prepare();
            } finally {
                ProcessDebug.settingUp(state, true);
            }
            PatternSource.checkSetupFiles(spec, files);
            stats.blockStates = TrimBlocks.create(opts, files);
        } catch (JobError e) {
            prepareError = e;
        } catch (RuntimeException e) {
            prepareError = new JobError(5, "setup", "fio: job " + spec.name() + " setup failed: " + e);
        }
        prepared = true;
    }

    /** fio's setup_files refused the job without an error code (it still counts in the exit status). */
    public boolean refused() {
        return refused;
    }

    private volatile boolean refused;

    /** True once {@link #prepare()} ran and failed: fio never registers such a job's disks. */
    public boolean setupFailed() {
        return prepared && prepareError != null;
    }

    private void runJob() throws JobError {
        SizeRange sd = opts.runtime().startDelay();
        long delay = pickDelay(sd.low(), sd.high());
        if (delay > 0) {
            sleepMicros(delay);
        }
        if (state.terminated()) {
            return;
        }
        state.setRunState(RunState.SETUP);
        CpuPinning.apply(opts.cpu(), spec.cloneIndex(), opts.runtime().gtodCpu());
        Nice.apply(opts.process().nice());
        IoPrio.apply(opts.process());
        Credentials.apply(opts.process(), stats);
        Cgroup cgroup = Cgroup.enter(opts.cgroup(), ctx.err());
        try {
            runInGroup();
        } finally {
            if (cgroup != null) {
                cgroup.leave();
            }
        }
    }

    private void runInGroup() throws JobError {
        if (!prepared) {
            ProcessDebug.setUpInThread(state);
            prepare();
        }
        if (prepareError != null) {
            throw prepareError;
        }
        if (opts.queue().offload() && engine.flags().contains(EngineFlag.NO_OFFLOAD)) {
            // fio's rate_submit_init: the submit workers' engine refuses, the job fails as it starts
            throw new JobError(3, "workqueue_init", engine.name() + ": can't be used with offloaded submit."
                    + " Use a sync engine\nfio: failed to load engine\nCan't create rate workqueue");
        }
        IoScheduler.apply(opts.queue().ioscheduler(), opts.stat().diskUtil(), files, ctx.err());
        List<IoFile> fs = files;
        if (state.terminated()) {
            return;
        }
        if (opts.files().createOnly()) {
            // fio's create_only: the files are laid out (above), then the job is done without I/O.
            return;
        }
        // exec_prerun runs in JobIo, after lockmem and the buffers are in place (as in fio's thread_main)
        JobIo io = new JobIo(this, ctx, engine, setup, fs, content);
        this.io = io;
        io.run();
    }

    /** The largest block size the job can issue: the unit buffer size. */
    static int maxBlockSize(ThreadOptions opts) {
        int[] sizes = opts.bs().allSizes();
        return Math.max(512, sizes.length == 0 ? 0 : sizes[sizes.length - 1]);
    }

    private void sleepMicros(long us) {
        JobClock clock = ctx.clock();
        long end = clock.nanoTime() + us * 1000L;
        // Slices of at most 50 ms, so that a stop (or an interrupt) is seen quickly.
        while (!state.terminated() && !Thread.currentThread().isInterrupted()) {
            long left = end - clock.nanoTime();
            if (left <= 0) {
                return;
            }
            clock.park(Math.min(left, 50_000_000L));
        }
    }

    /** Random start delay from a startdelay range (fio picks one per clone). */
    static long pickDelay(long lo, long hi) {
        return hi > lo ? lo + ThreadLocalRandom.current().nextLong(hi - lo + 1) : lo;
    }

    /**
     * Restarts the job thread's usr/sys/ctx/fault accounting where fio takes it: after set-up
     * (backend.c calls fio_getrusage right after fio_verify_init and set_epoch_time).
     */
    void beginCpuAccounting() {
        if (cpu != null) {
            cpu.begin();
        }
    }
}
