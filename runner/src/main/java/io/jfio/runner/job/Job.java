package io.jfio.runner.job;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.nativeio.BlockDevice;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.Native;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.SizeRange;
import io.jfio.jobfile.options.VerifyOptions;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.data.BufferContent;
import io.jfio.runner.files.FileSetup;
import io.jfio.runner.log.JobLogs;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.stats.ThreadCpu;
import io.jfio.runner.verify.Verifier;
import io.jfio.runner.workload.JobError;
import io.jfio.runner.workload.RwMode;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One fio job (thread_data): runs on its own thread (fio's {@code thread} mode; fio's default of
 * processes is mapped to threads too, the report is the same). Start delay, CPU affinity, files,
 * engine, buffers, the I/O loop, end-of-job syncs and cleanup; the numbers land in {@link #stats}.
 */
public final class Job {
    /** What every job of a run shares. */
    public record Context(PrintStream out, PrintStream err, boolean printInfo, boolean readOnly,
                          EngineProvider engines, SourceFactory sources, JobClock clock) {
        public Context(PrintStream out, PrintStream err, boolean printInfo, boolean readOnly,
                       EngineProvider engines, SourceFactory sources) {
            this(out, err, printInfo, readOnly, engines, sources, JobClock.SYSTEM);
        }
    }

    private final JobSpec spec;
    private final ThreadOptions opts;
    private final Context ctx;
    private final RwMode mode;
    private boolean fadviseWarned;
    private final JobState state = new JobState();
    private final JobStats stats = new JobStats();
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile List<IoFile> files = List.of();
    private volatile long startNanos;
    private volatile long endNanos;
    private volatile long ioEpochNanos;
    private Thread thread;
    /** The job's part in a steady-state check (its own, or its reporting group's), or null. */
    private volatile SteadyState.Member steady;
    /** latency_target's depth search, or null. */
    private volatile LatencyTarget latencyTarget;

    /** How many jobs the run has (fio's thread_number after parsing): dedupe_global spans them. */
    private int jobCount = 1;

    public void setJobCount(int n) {
        jobCount = n;
    }

    /** Puts the job in a group's steady-state check (group_reporting); without one it checks alone. */
    public void setSteadyState(SteadyState.Member m) {
        steady = m;
    }

    private Flow joinedFlow;

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
        LatencyTarget t = latencyTarget;
        return t == null ? opts.queue().iodepth() : t.reportedDepth();
    }

    /** The steady-state window the job reports, or null without steadystate_duration. */
    public SteadyStateWindow steadyState() {
        SteadyState.Member m = steady;
        return m == null ? null : m.window();
    }

    public Job(JobSpec spec, Context ctx) {
        this.spec = spec;
        this.opts = ThreadOptions.of(spec);
        this.ctx = ctx;
        this.mode = RwMode.of(opts.io().rw());
    }

    public JobSpec spec() {
        return spec;
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
    public void launch() {
        thread = new Thread(this::run, "jfio-" + spec.name() + "-" + spec.index());
        thread.setDaemon(true);
        thread.start();
    }

    /** Lets a {@link #launch}ed job run. */
    public void release() {
        go.countDown();
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
        startNanos = ctx.clock().nanoTime();
        stats.jobStartEpochMillis = System.currentTimeMillis();
        ThreadCpu cpu = null;
        try {
            cpu = new ThreadCpu();
            cpu.begin();
            runJob();
        } catch (JobError e) {
            if (e.logLine() != null) {
                ctx.err().println(e.logLine());
            }
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
            if (joinedFlow != null) {
                joinedFlow.leave(); // the job ended before its I/O loop
                joinedFlow = null;
            }
            endNanos = ctx.clock().nanoTime();
            // fio's job_runtime counts from td->epoch: the I/O start, moved to the end of ramp_time.
            long epoch = ioEpochNanos != 0 ? ioEpochNanos : startNanos;
            stats.totalRunTimeMillis = (endNanos - epoch) / 1_000_000L;
            if (cpu != null) {
                cpu.end(stats);
            }
            if (stats.error != 0) {
                // A job that failed in set-up never ran: fio reports pid=0 for it.
                long pid = prepareError != null ? 0 : ProcessHandle.current().pid();
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

    private volatile long loopAllocatedBytes = -1;

    /** Heap bytes the job thread allocated inside the I/O loop (-1 when the JVM can't tell). */
    public long loopAllocatedBytes() {
        return loopAllocatedBytes;
    }

    private static long allocatedBytes() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        if (mx instanceof com.sun.management.ThreadMXBean sun && sun.isThreadAllocatedMemorySupported()) {
            return sun.getThreadAllocatedBytes(Thread.currentThread().getId());
        }
        return -1;
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
            engine = ctx.engines().create(spec);
            if (!engine.flags().contains(EngineFlag.NO_IO)) {
                ioJobCounted = true;
                IoJobs.pending();
            }
            // Flags before init decide file handling; SYNC_IO is read again after init (null's
            // depends on iodepth).
            Set<EngineFlag> flags = engine.flags();
            boolean diskless = flags.contains(EngineFlag.DISK_LESS);
            int iodepth = opts.queue().iodepth();
            if (flags.contains(EngineFlag.SYNC_IO) && iodepth > 1 && ctx.printInfo() && spec.cloneIndex() == 0) {
                ctx.out().println("note: both iodepth >= 1 and synchronous I/O engine are selected, queue depth will be capped at 1");
            }
            IoEngine e = engine;
            content = BufferContent.forJob(spec, !"0".equals(opts.verify().verify), jobCount,
                    maxBlockSize());
            setup = new FileSetup(spec, mode, diskless, ctx.printInfo(), ctx.out(), state::terminated)
                    .withSizeHook(e::fileSize)
                    .withLayoutFill(content::fillLayout, (int) opts.bs().max(1));
            files = setup.prepare();
        } catch (JobError e) {
            prepareError = e;
        } catch (RuntimeException e) {
            prepareError = new JobError(5, "setup", "fio: job " + spec.name() + " setup failed: " + e);
        }
        prepared = true;
    }

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
        CpuPinning.apply(opts.cpu(), spec.cloneIndex());
        Nice.apply(opts.process().nice());
        IoPrio.apply(opts.process().prio(), opts.process().prioclass());
        if (!prepared) {
            prepare();
        }
        if (prepareError != null) {
            throw prepareError;
        }
        IoScheduler.apply(opts.queue().ioscheduler(), opts.stat().diskUtil(), files, ctx.err());
        IoEngine engine = this.engine;
        Set<EngineFlag> flags = engine.flags();
        boolean diskless = flags.contains(EngineFlag.DISK_LESS);
        int iodepth = opts.queue().iodepth();
        int nunits = iodepth;
        FileSetup setup = this.setup;
        List<IoFile> fs = files;
        if (state.terminated()) {
            return;
        }
        if (opts.files().createOnly()) {
            // fio's create_only: the files are laid out (above), then the job is done without I/O.
            return;
        }
        String prerun = opts.process().execPrerun();
        if (prerun != null && !ExecHook.run(prerun, spec.name(), "prerun", null, ctx.out(), ctx.err())) {
            return; // fio's thread_main leaves without I/O, error or postrun
        }
        IoBuffers buffers = allocateBuffers(nunits, fs, diskless);
        BufferContent content = this.content;
        content.attach(buffers, mode.writes());
        IoUnit[] units = buffers.units().toArray(new IoUnit[0]);
        JobLogs logs = null;
        Flow flow = null;
        try {
            try {
                engine.init(new JobEngineContext(spec, iodepth, opts.io().direct(), FileSetup.syncFlags(opts), !mode.modifies(),
                        List.of(units), buffers, fs, blockSizes(), ctx.out(), ctx.printInfo() && spec.cloneIndex() >= 0));
            } catch (EngineException e) {
                throw engineError(e, "engine init");
            }
            boolean invalidate = opts.files().invalidate();
            int open = 0;
            for (IoFile f : fs) {
                try {
                    engine.openFile(f, setup.openFlags(f));
                } catch (EngineException e) {
                    if (e.errno() == 22 && opts.io().direct()) {
                        ctx.err().println("fio: destination does not support O_DIRECT");
                    }
                    throw engineError(e, "open");
                }
                open++;
                state.setOpenFiles(open);
                WriteHints.apply(f, opts.io().writeHint(), opts.io().direct(), diskless);
                if (!diskless) {
                    if (invalidate) {
                        FileSetup.invalidate(f);
                    }
                    if (!FileSetup.fadviseHint(f, opts, mode.random()) && !fadviseWarned) {
                        fadviseWarned = true;
                        ctx.err().println("fio: fadvise hint failed");
                    }
                }
            }
            if (opts.files().preRead() && !diskless && !flags.contains(EngineFlag.NO_IO)) {
                PreRead.run(fs, units[0], opts.bs().max(0), state);
            }
            IoSource source = engine instanceof io.jfio.engine.NoIoEngine noIo
                    ? new NoIoSource(noIo, fs) : ctx.sources().create(spec, fs);
            flags = engine.flags();
            boolean sync = flags.contains(EngineFlag.SYNC_IO);
            source.engineQueues(!sync);
            stats.setSampleWindows(opts.stat().bwAvgTimeMs(), opts.stat().iopsAvgTimeMs());
            stats.measure(!opts.stat().disableLat(), !opts.stat().disableClat(), !opts.stat().disableSlat());
            logs = JobLogs.open(spec, stats, fs, iodepth, ctx.err());
            // Loads the management classes now: done inside the timed phase it delayed the first I/O
            // by 100 ms or more on a busy machine, and the logs' first timestamps with it.
            allocatedBytes();
            long epoch = ctx.clock().nanoTime();
            if (steady == null && opts.steady().enabled()) {
                steady = new SteadyState(opts.steady()).join(stats, state);
            }
            if (steady != null) {
                steady.start(epoch);
            }
            flow = joinedFlow != null ? joinedFlow : Flow.join(opts.flow());
            joinedFlow = null;
            if (opts.latency().targetUs() > 0) {
                latencyTarget = new LatencyTarget(opts.latency(), iodepth);
            }
            long runtimeUs = opts.runtime().runtimeUs();
            long rampUs = opts.runtime().rampTimeUs();
            VerifyOptions vo = opts.verify();
            Verifier verifier = VerifyRun.create(vo, spec, mode, sync, iodepth, buffers, fs, source, diskless, ctx.err());
            if (verifier != null && !verifier.loadState(Path.of(""), spec.name(), spec.index(), ctx.out())) {
                throw new JobError(2, "verify_state_load", null);
            }
            LoopSettings lb = new LoopSettings()
                    .engine(engine, sync, diskless, flags.contains(EngineFlag.SETS_ISSUE_TIME))
                    .units(units)
                    .batches(opts.queue().iodepthBatch(), opts.queue().iodepthBatchCompleteMin(),
                            opts.queue().iodepthBatchCompleteMax(), opts.queue().iodepthLow())
                    .source(source)
                    .stats(stats, state, opts.stat().latPercentiles(), opts.stat().slatPercentiles())
                    .clock(ctx.clock())
                    .time(epoch, runtimeUs * 1000L, rampUs * 1000L)
                    .syncs(opts.io().fsync(), opts.io().fdatasync())
                    .syncFileRange(opts.io().syncFileRange(), opts.io().syncFileRangeFlags(), fs.size())
                    .errors(opts.errors(), ctx.err())
                    .fillDevice(opts.size().fillDevice())
                    .think(opts.think())
                    .lockfile(spec, opts.files().lockfile(), fs)
                    .serializeOverlap(opts.queue().serializeOverlap(), mode.modifies(), opts.iolog().readIolog() != null)
                    .direct(opts.io().direct())
                    .opLatencyDirection(!mode.reads() && mode.writes() ? 1 : 0)
                    // with verify on, fio fills write buffers through the verify path instead
                    // (populate_verify_io_u); verify=null leaves the normal contents
                    .content(verifier == null || verifier.isNull() ? content : null)
                    .onNewPass(UnlinkEachLoop.around(opts.files().unlinkEachLoop(), diskless, engine, setup, fs,
                            VerifyRun.onNewPass(verifier,
                            invalidate && !diskless ? () -> fs.forEach(FileSetup::invalidate) : () -> { })))
                    .logs(logs)
                    .steadyState(steady)
                    .latencyTarget(latencyTarget)
                    .flow(flow)
                    .verify(verifier, false, mode.reads() && mode.writes());
            IoLoop loop = lb.build();
            long allocBefore = allocatedBytes();
            if (verifier != null && vo.verifyOnly && mode.writes()) {
                loop.dryRun();
            } else {
                loop.run();
            }
            loopAllocatedBytes = allocatedBytes() - allocBefore;
            // fio's update_runtime: only for directions the job does that moved data.
            ioEpochNanos = loop.measureStartNanos();
            long measuredUs = (loop.endNanos() - loop.measureStartNanos()) / 1000L;
            if ((mode.reads() || (verifier != null && vo.backlog > 0)) && stats.ioBytes[0] > 0) {
                stats.runtimeMicros[0] = measuredUs;
            }
            if (mode.writes() && stats.ioBytes[1] > 0) {
                stats.runtimeMicros[1] = measuredUs;
            }
            if (mode.trims() && stats.ioBytes[2] > 0) {
                stats.runtimeMicros[2] = measuredUs;
            }
            if (mode.writes() && opts.files().endSyncfs() && !diskless) {
                state.setRunState(RunState.FSYNCING);
                EndSyncfs.run(fs, ctx.err());
            } else if (mode.writes() && opts.files().endFsync() && !diskless) {
                state.setRunState(RunState.FSYNCING);
                for (IoFile f : fs) {
                    if (f.fd >= 0) {
                        Native.libc().fsync(f.fd);
                    }
                }
            }
            if (VerifyRun.readBackDue(verifier, vo, loop, state)) {
                // fio's do_verify: sync and drop the cache first, so the data comes from the device.
                for (IoFile f : fs) {
                    if (f.fd >= 0 && !diskless) {
                        if (mode.writes()) {
                            Native.libc().fsync(f.fd);
                        }
                        if (invalidate) {
                            FileSetup.invalidate(f);
                        }
                    }
                }
                verifier.startReadBack();
                IoLoop readBack = lb.verify(verifier, true, false).build();
                long before = allocatedBytes();
                readBack.run();
                loopAllocatedBytes += allocatedBytes() - before;
                stats.runtimeMicros[0] += (readBack.endNanos() - readBack.measureStartNanos()) / 1000L;
            }
            if (verifier != null && mode.writes()) {
                long[] rand = new long[6];
                source.offsetState(rand);
                verifier.saveState(Path.of(""), spec.name(), spec.index(), rand);
            }
            state.setRunState(RunState.FINISHING);
        } finally {
            if (flow != null) {
                flow.leave();
            }
            if (logs != null) {
                logs.finish(ctx.clock().nanoTime());
            }
            closeAll(engine, fs, diskless);
            engine.cleanup();
            if (opts.files().unlink() && !diskless) {
                for (IoFile f : fs) {
                    if (f.type == IoFile.Type.REGULAR) {
                        Native.libc().unlink(f.path);
                    }
                }
            }
            Arrays.fill(units, null);
            buffers.close();
            if (opts.process().execPostrun() != null) {
                ExecHook.run(opts.process().execPostrun(), spec.name(), "postrun", null, ctx.out(), ctx.err());
            }
            state.setRunState(RunState.EXITED);
        }
    }

    private void closeAll(IoEngine engine, List<IoFile> fs, boolean diskless) {
        boolean fsyncOnClose = mode.writes() && opts.files().fsyncOnClose() && !diskless;
        for (IoFile f : fs) {
            if (!f.isOpen() && !diskless) {
                continue;
            }
            if (fsyncOnClose && f.fd >= 0) {
                Native.libc().fsync(f.fd);
            }
            try {
                engine.closeFile(f);
            } catch (EngineException e) {
                // Closing after the run: nothing useful to report beyond the run's own result.
            }
        }
    }

    private JobError engineError(EngineException e, String function) {
        int errno = e.errno() == 0 ? 22 : e.errno();
        String f = e.function() == null ? function : e.function();
        return new JobError(errno, f, e.getMessage());
    }

    /**
     * One aligned region for all units (engines' IoBuffers), aligned for O_DIRECT on every file's
     * logical block size (zeroed; {@link BufferContent} fills it as fio does).
     */
    private IoBuffers allocateBuffers(int nunits, List<IoFile> fs, boolean diskless) {
        boolean direct = opts.io().direct();
        int lbs = 512;
        if (direct && !diskless) {
            for (IoFile f : fs) {
                lbs = Math.max(lbs, BlockDevice.logicalBlockSizeFor(Path.of(f.path)));
            }
        }
        return IoBuffers.allocate(nunits, maxBlockSize(),
                IoBuffers.alignment(opts.mem().iomemAlign(), lbs, direct));
    }

    /** The largest block size the job can issue: the unit buffer size. */
    private int maxBlockSize() {
        int[] sizes = blockSizes();
        return Math.max(512, sizes.length == 0 ? 0 : sizes[sizes.length - 1]);
    }

    /**
     * Every block size the job may issue, ascending and distinct: bs of each direction, the ends
     * of bsrange and every bssplit entry (for {@link EngineContext#blockSizes()}: engines with a
     * device granularity check them all up front, as fio checks min/max bs of every direction).
     */
    int[] blockSizes() {
        return opts.bs().allSizes();
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
}
