package io.jfio.runner.job;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.BlockDevice;
import io.jfio.engine.nativeio.Native;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.jobfile.options.VerifyOptions;
import io.jfio.runner.data.BufferContent;
import io.jfio.runner.files.FileSetup;
import io.jfio.runner.log.JobLogs;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.verify.Verifier;
import io.jfio.runner.workload.JobError;
import io.jfio.runner.workload.RwMode;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The I/O part of a job's thread, once its engine and files are set up (fio's thread_main from
 * the buffers on): engine init and file opens with their cache hints, pre_read, the I/O loop and
 * verify's read-back pass, the runtime of each direction, end-of-job syncs, and the teardown
 * (close, cleanup, unlink, exec_postrun) that runs however the job ends.
 */
final class JobIo {
    private final Job job;
    private final JobSpec spec;
    private final ThreadOptions opts;
    private final Job.Context ctx;
    private final RwMode mode;
    private final JobState state;
    private final JobStats stats;
    private final IoEngine engine;
    private final FileSetup setup;
    private final List<IoFile> fs;
    private final BufferContent content;
    /** The engine's flags before init: they decide file handling (fio's td_ioengine_flagged). */
    private final boolean diskless;
    private final int iodepth;
    private boolean fadviseWarned;
    private JobLogs logs;
    /** openfiles below nrfiles: the file service opens and closes the files; else null. */
    private OpenFiles openFiles;
    private Flow flow;
    /** latency_target's depth search, or null. */
    private volatile LatencyTarget latencyTarget;
    /** verify= is on (null otherwise); with verify_async its threads end in teardown. */
    private Verifier verifier;
    private volatile long loopAllocatedBytes = -1;
    /** io_submit_mode=offload's submit workers while they run (null otherwise). */
    private volatile OffloadSubmit offload;
    /** The engines made for the submit workers (null when none were). */
    private IoEngine[] workerEngines;
    private volatile long ioEpochNanos;

    JobIo(Job job, Job.Context ctx, IoEngine engine, FileSetup setup, List<IoFile> files, BufferContent content) {
        this.job = job;
        this.spec = job.spec();
        this.opts = job.options();
        this.ctx = ctx;
        this.mode = job.mode();
        this.state = job.state();
        this.stats = job.stats();
        this.engine = engine;
        this.setup = setup;
        this.fs = files;
        this.content = content;
        this.diskless = engine.flags().contains(EngineFlag.DISK_LESS);
        this.iodepth = opts.queue().iodepth();
    }

    LatencyTarget latencyTarget() {
        return latencyTarget;
    }

    /** Heap bytes the job thread allocated inside the I/O loop (-1 when the JVM can't tell). */
    long loopAllocatedBytes() {
        return loopAllocatedBytes;
    }

    /** Where the measured phase started (fio's td->epoch after ramp_time), 0 before the loop ran. */
    long ioEpochNanos() {
        return ioEpochNanos;
    }

    void run() throws JobError {
        // fio pins lockmem before it allocates the buffers and lets go after the I/O (backend.c)
        // os_phys_mem only where lockmem needs it: the JDK reads the container's limits for it
        unpin = IoMemorySource.pin(opts.mem(), opts.mem().lockmem() > 0 ? physMem() : 0, ctx.out(), ctx.err());
        try {
            runPinned();
        } finally {
            unpin();
        }
    }

    /** exec_prerun failed: the job ends without I/O and without exec_postrun. */
    private boolean prerunFailed;

    /** lockmem's release, while it is held. */
    private Runnable unpin;

    private void unpin() {
        if (unpin != null) {
            unpin.run();
            unpin = null;
        }
    }

    private void runPinned() throws JobError {
        boolean noIo = engine.flags().contains(EngineFlag.NO_IO);
        IoBuffers buffers = allocateBuffers(iodepth);
        content.attach(buffers, mode.writes());
        IoUnit[] units = buffers.units().toArray(new IoUnit[0]);
        try {
            IoDebug.engine("load", engine.name());
            try {
                // every block size the job may issue: engines with a device granularity check them
                // all up front, as fio checks min/max bs of every direction
                engine.init(engineContext(iodepth, units, buffers));
            } catch (EngineException e) {
                throw engineError(e, "engine init");
            }
            String prerun = opts.process().execPrerun();
            if (prerun != null && !ExecHook.run(prerun, spec.name(), "prerun", null, ctx.out(), ctx.err())) {
                prerunFailed = true; // fio's thread_main leaves without I/O, error or postrun
                return;
            }
            stats.usePrios(engine::clatPrios, IoPrio.jobIoprio(opts.process()), opts.stat().latPercentiles());
            openFiles();
            if (opts.files().preRead() && !diskless && !noIo) {
                PreRead.run(fs, units[0], opts.bs().max(0), state);
            }
            try {
                runLoops(units, buffers);
            } catch (OpenFiles.Failed e) {
                throw e.error;
            }
            state.setRunState(RunState.FINISHING);
        } finally {
            teardown(units, buffers);
        }
    }

    /** What the job's engine (at the job's iodepth) or an offload worker's (at 1) is initialised with. */
    private JobEngineContext engineContext(int depth, IoUnit[] units, IoBuffers buffers) {
        return new JobEngineContext(spec, depth, opts.io().direct(), FileSetup.syncFlags(opts), !mode.modifies(),
                List.of(units), buffers, fs, opts.bs().allSizes(), ctx.out(), ctx.printInfo() && spec.cloneIndex() >= 0,
                ctx.err(), state::terminated);
    }

    /**
     * io_submit_mode=offload's submit workers, one per iodepth, each with an engine of its own
     * initialised at depth 1 (rate-submit.c's io_workqueue_init_worker_fn); an engine that keeps
     * state per open file gets one worker on the job's engine. Null without offload.
     */
    private OffloadSubmit startOffload(IoUnit[] units, IoBuffers buffers) throws JobError {
        if (!opts.queue().offload()) {
            return null;
        }
        IoEngine[] engines = {engine};
        if (engine.sharesOpenFiles()) {
            engines = new IoEngine[iodepth];
            workerEngines = engines;
            for (int i = 0; i < iodepth; i++) {
                IoEngine e = ctx.engines().create(spec);
                try {
                    e.init(engineContext(1, units, buffers));
                } catch (EngineException ex) {
                    throw engineError(ex, "engine init");
                }
                engines[i] = e;
            }
        }
        return offload = new OffloadSubmit(engines, iodepth, Thread.currentThread().getName());
    }

    /** Ends the submit workers and releases the engines made for them. */
    private void stopOffload() {
        if (offload != null) {
            offload.stop();
            offload = null;
        }
        if (workerEngines != null) {
            for (IoEngine e : workerEngines) {
                if (e != null) {
                    e.cleanup();
                }
            }
            workerEngines = null;
        }
    }

    /** Opens every file up front, unless openfiles is below nrfiles: then the file service opens them. */
    private void openFiles() throws JobError {
        if (limitsOpenFiles()) {
            return;
        }
        int open = 0;
        for (IoFile f : fs) {
            openOne(f);
            open++;
            state.setOpenFiles(open);
        }
    }

    private boolean limitsOpenFiles() {
        return opts.files().openfiles() < fs.size();
    }

    private void openOne(IoFile f) throws JobError {
        try {
            engine.openFile(f, setup.openFlags(f));
        } catch (io.jfio.engine.EngineStopped e) {
            throw JobError.stopped();
        } catch (EngineException e) {
            // generic_open_file's failure is a verror (file:filesetup.c:800, ...), which fio
            // records, not logs; it says first when O_DIRECT was the cause
            boolean verror = e.getMessage() != null && e.getMessage().startsWith("file:");
            if (e.errno() == 22 && opts.io().direct()) {
                if (verror) {
                    ctx.err().println(io.jfio.engine.GenericFileOps.DIRECT_UNSUPPORTED_LINE);
                }
                ctx.err().println("fio: destination does not support O_DIRECT");
            }
            JobError je = engineError(e, "open");
            throw verror ? new JobError(je.errno(), je.function(), null) : je;
        }
        WriteHints.apply(f, opts.io().writeHint(), opts.io().direct(), diskless);
        if (!diskless) {
            if (opts.files().invalidate()) {
                FileSetup.invalidate(f);
            }
            if (!FileSetup.fadviseHint(f, opts, mode.random()) && !fadviseWarned) {
                fadviseWarned = true;
                ctx.err().println("fio: fadvise hint failed");
            }
        }
    }

    /** The I/O loop (or verify_only's dry run), the end-of-job syncs and verify's read-back pass. */
    private void runLoops(IoUnit[] units, IoBuffers buffers) throws JobError {
        boolean invalidate = opts.files().invalidate();
        IoSource source = engine instanceof io.jfio.engine.NoIoEngine noIo
                ? new NoIoSource(noIo, fs) : ctx.sources().create(spec, fs);
        // SYNC_IO is read after init (null's depends on iodepth).
        Set<EngineFlag> flags = engine.flags();
        boolean sync = flags.contains(EngineFlag.SYNC_IO);
        source.engineQueues(!sync);
        if (limitsOpenFiles()) {
            openFiles = new OpenFiles(fs, opts.files().openfiles(), this::openOne, this::closeOne, state);
            source.fileOpener(openFiles);
        }
        stats.setSampleWindows(opts.stat().bwAvgTimeMs(), opts.stat().iopsAvgTimeMs());
        stats.measure(!opts.stat().disableLat(), !opts.stat().disableClat(), !opts.stat().disableSlat());
        logs = JobLogs.open(spec, stats, fs, iodepth, ctx.err(), openFiles != null);
        if (openFiles != null) {
            openFiles.logs(logs);
        }
        // Loads the management classes now: done inside the timed phase it delayed the first I/O
        // by 100 ms or more on a busy machine, and the logs' first timestamps with it.
        allocatedBytes();
        VerifyOptions vo = opts.verify();
        Verifier verifier = VerifyRun.create(vo, spec, mode, sync, iodepth, buffers, fs, source, diskless, ctx.err());
        if (verifier != null) {
            verifier.checkInDevice(flags.contains(EngineFlag.VERIFY_IN_DEVICE));
        }
        if (verifier != null && !verifier.loadState(Path.of(""), spec.name(), spec.index(), ctx.out())) {
            throw new JobError(2, "verify_state_load", null);
        }
        if (verifier != null) {
            this.verifier = verifier; // its verify threads end in teardown, before the buffers
            verifier.startAsync(opts.errors().continues(0, Verifier.EILSEQ), Thread.currentThread().getName());
        }
        job.atStartLine();
        long epoch = ctx.clock().nanoTime();
        job.beginCpuAccounting();
        SteadyState.Member steady = job.steadyMember();
        if (steady != null) {
            steady.start(epoch);
        }
        flow = job.takeFlow();
        if (opts.latency().targetUs() > 0) {
            latencyTarget = new LatencyTarget(opts.latency(), iodepth);
        }
        LoopSettings settings = LoopSettings.of(opts, mode);
        LoopParts parts = new LoopParts(engine, sync, diskless, flags.contains(EngineFlag.SETS_ISSUE_TIME), units,
                source, stats, state, MicrosClock.of(ctx.clock(), opts.runtime()), epoch, ctx.err(),
                // with verify on, fio fills write buffers through the verify path instead
                // (populate_verify_io_u); verify=null leaves the normal contents
                verifier == null || verifier.isNull() ? content : null,
                UnlinkEachLoop.around(opts.files().unlinkEachLoop(), diskless, engine, setup, fs,
                        VerifyRun.onNewPass(verifier,
                        invalidate && !diskless ? () -> fs.forEach(FileSetup::invalidate) : () -> { })),
                logs, steady, latencyTarget, flow, verifier, false, mode.reads() && mode.writes(),
                new ThinkIoTime(opts.think()), FileLocks.of(spec, opts.files().lockfile(), fs), fs.size(), false,
                job.rampMember(), startOffload(units, buffers));
        boolean iterations = VerifyRun.iterates(verifier, vo, opts.runtime().loops(), opts.runtime().timeBased(),
                mode.writes(), !sync, source);
        IoLoop loop = new IoLoop(settings, parts);
        long allocBefore = allocatedBytes();
        if (verifier != null && vo.verifyOnly && mode.writes()) {
            loop.dryRun();
        } else {
            loop.run();
        }
        if (verifier != null) {
            verifier.endOfIo();
        }
        loopAllocatedBytes = allocatedBytes() - allocBefore;
        stats.zoneResets = source.zoneResets();
        if (source.zoneErrno() != 0 && stats.error == 0) {
            stats.error = source.zoneErrno();
            stats.errorFunction = source.zoneErrorFunction();
        }
        for (int d = 0; d < JobStats.DIRS; d++) {
            stats.dropIoU[d] += engine.droppedIos(d);
        }
        // fio's update_runtime: only for directions the job does that moved data.
        ioEpochNanos = loop.measureStartNanos();
        long measuredUs = (loop.endNanos() - loop.measureStartNanos()) / 1000L;
        if ((mode.reads() || (verifier != null && vo.backlog > 0)) && stats.ioBytes[0] > 0) {
            stats.runtimeMicros[0] = measuredUs;
        }
        if (mode.writes() && stats.ioBytes[1] > 0) {
            stats.runtimeMicros[1] = measuredUs;
        }
        // fio's backend.c: a writing job's trim_backlog trims count as trim runtime too
        if ((mode.trims() || (verifier != null && vo.trimBacklog > 0 && mode.writes())) && stats.ioBytes[2] > 0) {
            stats.runtimeMicros[2] = measuredUs;
        }
        endSyncs();
        long writtenBefore = 0;
        int replays = 0;
        while (true) {
            boolean readBack = VerifyRun.readBackDue(verifier, vo, loop, state);
            if (!readBack) {
                // a loop whose writes were all verified by its backlog still ends in do_verify (empty)
                if (!iterations || !VerifyRun.goesOn(loop, state) || !source.nextIteration()) {
                    break;
                }
                loop = nextLoop(settings, parts);
                continue;
            }
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
            if (openFiles != null) {
                openFiles.closeAll(); // do_verify's clear_io_state: the read-back opens each file it reaches
            }
            io.jfio.runner.workload.FileDebug.verifyStarts(fs);
            verifier.startReadBack();
            if (verifier.experimental()) {
                long[] minBs = ThreadOptions.of(spec).bs().minBs();
                // each iteration verifies what it wrote itself (fio's verify_bytes), the bytes
                // verified so far counting against it
                verifier.startReplay(stats.ioBytes[1] - writtenBefore, Math.min(minBs[0], Math.min(minBs[1], minBs[2])),
                        replays++ == 0);
                source.replayForVerify();
            }
            IoLoop readBackLoop = new IoLoop(settings, parts.readBack());
            long before = allocatedBytes();
            readBackLoop.run();
            verifier.endReadBack();
            loopAllocatedBytes += allocatedBytes() - before;
            stats.runtimeMicros[0] += (readBackLoop.endNanos() - readBackLoop.measureStartNanos()) / 1000L;
            if (!iterations || !VerifyRun.goesOn(readBackLoop, state) || !source.nextIteration()) {
                break;
            }
            // fio's next thread_main loop: do_io again, then its do_verify
            writtenBefore = stats.ioBytes[1];
            loop = nextLoop(settings, parts);
        }
        if (verifier != null && mode.writes()) {
            long[] rand = new long[6];
            source.offsetState(rand);
            verifier.saveState(Path.of(""), spec.name(), spec.index(), rand);
        }
    }

    /** fio's next thread_main loop (verify with loops above 1): do_io again, its runtime added. */
    private IoLoop nextLoop(LoopSettings settings, LoopParts parts) {
        IoLoop loop = new IoLoop(settings, parts.nextLoop());
        long before = allocatedBytes();
        loop.run();
        loopAllocatedBytes += allocatedBytes() - before;
        parts.verifier().endOfIo(); // each do_io's end reports its leaked trim entries
        long us = (loop.endNanos() - loop.measureStartNanos()) / 1000L;
        VerifyOptions vo = opts.verify();
        if (mode.writes() && stats.ioBytes[1] > 0) {
            stats.runtimeMicros[1] += us;
        }
        if (vo.backlog > 0 && stats.ioBytes[0] > 0) {
            stats.runtimeMicros[0] += us; // backend.c: a verify_backlog's reads count as read runtime
        }
        if (vo.trimBacklog > 0 && stats.ioBytes[2] > 0) {
            stats.runtimeMicros[2] += us;
        }
        return loop;
    }

    /** end_syncfs, else end_fsync: after the loop, before verify's read-back. */
    private void endSyncs() {
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
    }

    /** However the job ended: leave the flow, close the logs and files, unlink, exec_postrun. */
    private void teardown(IoUnit[] units, IoBuffers buffers) {
        if (verifier != null) {
            verifier.close();
        }
        if (flow != null) {
            flow.leave();
        }
        if (logs != null) {
            logs.finish(ctx.clock().nanoTime());
        }
        io.jfio.runner.workload.FileDebug.closeFiles(fs, opts.files().unlink() && !diskless);
        stopOffload(); // the workers are idle: the loop drained every unit
        closeAll();
        IoDebug.engine("close", engine.name());
        engine.cleanup();
        IoDebug.engine("free", engine.name());
        if (opts.files().unlink() && !diskless) {
            for (IoFile f : fs) {
                if (f.type == IoFile.Type.REGULAR) {
                    Native.libc().unlink(f.path);
                }
            }
        }
        Arrays.fill(units, null);
        unpin();
        // fio runs exec_postrun with the buffers still allocated and lockmem already let go (backend.c)
        if (opts.process().execPostrun() != null && !prerunFailed) {
            ExecHook.run(opts.process().execPostrun(), spec.name(), "postrun", null, ctx.out(), ctx.err());
        }
        MemDebug.freed(opts.mem(), memDebugTotal >= 0, buffers, memDebugTotal);
        buffers.close();
        state.setRunState(RunState.EXITED);
    }

    private void closeAll() {
        for (IoFile f : fs) {
            if (openFiles != null ? !openFiles.isOpen(f.index) : !f.isOpen() && !diskless) {
                continue;
            }
            closeOne(f);
        }
    }

    private void closeOne(IoFile f) {
        if (mode.writes() && opts.files().fsyncOnClose() && !diskless && f.fd >= 0) {
            Native.libc().fsync(f.fd);
        }
        try {
            engine.closeFile(f);
        } catch (EngineException e) {
            // Closing after the I/O: nothing useful to report beyond the run's own result.
        }
    }

    private static JobError engineError(EngineException e, String function) {
        int errno = e.errno() == 0 ? 22 : e.errno();
        String f = e.function() == null ? function : e.function();
        return new JobError(errno, f, e.getMessage());
    }

    /**
     * One aligned region for all units (engines' IoBuffers), aligned for O_DIRECT on every file's
     * logical block size, from the job's mem= type (zeroed; {@link BufferContent} fills it as fio does).
     */
    private IoBuffers allocateBuffers(int nunits) throws JobError {
        boolean direct = opts.io().direct();
        int lbs = 512;
        if (direct && !diskless) {
            for (IoFile f : fs) {
                lbs = Math.max(lbs, BlockDevice.logicalBlockSizeFor(Path.of(f.path)));
            }
        }
        boolean dataXfer = !engine.flags().contains(EngineFlag.NO_IO) && (mode.reads() || mode.writes());
        // a multi-range trim's unit holds its (start, length) pairs (fio's backend.c sizes it so)
        int unitSize = Math.max(Job.maxBlockSize(opts), 16 * opts.io().numRange());
        IoBuffers b = IoMemorySource.allocate(opts.mem(), dataXfer, nunits, unitSize,
                IoBuffers.alignment(0, lbs, direct), ctx.err(), stats);
        memDebugTotal = dataXfer ? MemDebug.totalMem(opts.mem(), nunits, unitSize, direct) : -1;
        MemDebug.units(b);
        MemDebug.allocated(opts.mem(), dataXfer, b, memDebugTotal);
        return b;
    }

    /** fio's buffer size for --debug=mem's lines; -1 when the job allocates no data memory. */
    private long memDebugTotal;

    /** The machine's memory as fio's os_phys_mem reads it (0 when unknown). */
    private static long physMem() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getTotalMemorySize() : 0;
    }

    /**
     * The JVM's one ThreadMXBean, looked up once: ManagementFactory's lookup goes through the
     * platform component finder on every call (~0.1 ms interpreted, for each of a 252-job run's
     * threads at its start, all of them waiting for a CPU then).
     */
    static final class ThreadBean {
        static final java.lang.management.ThreadMXBean BEAN = java.lang.management.ManagementFactory.getThreadMXBean();

        private ThreadBean() {
        }
    }

    /** The heap the job thread, its verify threads and its submit workers allocated so far (-1 when the JVM cannot tell). */
    private long allocatedBytes() {
        if (ThreadBean.BEAN instanceof com.sun.management.ThreadMXBean sun && sun.isThreadAllocatedMemorySupported()) {
            long bytes = sun.getCurrentThreadAllocatedBytes();
            if (verifier != null) {
                for (long id : verifier.asyncThreadIds()) {
                    bytes += Math.max(0, sun.getThreadAllocatedBytes(id));
                }
            }
            OffloadSubmit o = offload;
            if (o != null) {
                for (long id : o.threadIds()) {
                    bytes += Math.max(0, sun.getThreadAllocatedBytes(id));
                }
            }
            return bytes;
        }
        return -1;
    }
}
