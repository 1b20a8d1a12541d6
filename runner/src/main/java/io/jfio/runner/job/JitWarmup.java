package io.jfio.runner.job;

import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobFileParser.CliOption;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.verify.Verifier;
import io.jfio.runner.workload.RwMode;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Before a verify job's set-up, once per JVM for each engine and verify type: a hidden job with
 * the same engine, queue depth and verify options writes and verifies a scratch file in
 * /dev/shm, so that the job's whole per-I/O path (the engine's queue/commit/getevents, the loop,
 * the completion accounting, verify's fill and check) reaches compiled code before any job's
 * clock starts. fio's C needs no such step; a JVM runs a method's first thousands of calls
 * interpreted, then in profiling code: a 256 MiB write+verify job (8192 I/Os at 64 KiB) spent
 * its first half there, about twice fio's CPU per GiB moved, and the compiler threads took
 * the CPUs from the job while its clock ran.
 *
 * <p>The hidden job copies only what shapes the per-I/O code (ioengine, iodepth, sequential or
 * random, verify and its pattern, verify_state_save); nothing else of the job is run (no logs,
 * hooks, rate or time settings; its state file is deleted). Its block size is at most 512 bytes (an
 * 8 MiB scratch file), its runtime at most {@link #RUNTIME_SECONDS}; then it waits (at most 2 s)
 * for the JIT's queue to empty. A second, shorter hidden job follows ({@link #AGAIN_IOS}): C2
 * compiles the first job's steady state, where the branches a job takes only at its start (the
 * first pass, the first sample, lazily made histograms) were never seen, so the next job to start
 * hit those traps, threw the loop's compiled code away and ran it interpreted while C2 compiled
 * it again (at 256 MiB, verify=meta, the C2 thread took more CPU during the job than the job
 * thread). The second job takes those traps and has the code compiled again before the clock.
 * Engines that need a device (sg, uring_cmd), the network or a special file are not warmed.
 * A warm-up that fails (no /dev/shm, an engine that refuses tmpfs) only means no warm-up.
 */
final class JitWarmup {
    /**
     * Writes of the hidden job, then as many verify reads: past the JIT's C2 thresholds (8192
     * left the loop's methods in profiling code at the warm-up's end, compiled by C2 during the job).
     */
    static final int IOS = 16384;
    /** Writes (and verify reads) of the second hidden job: enough for C2 to compile the loop again. */
    static final int AGAIN_IOS = 4096;
    /**
     * The hidden job's runtime cap: on a quiet machine it needs well under a second; on a loaded
     * one its writes alone may take this long (then it verifies nothing and warms less).
     */
    static final int RUNTIME_SECONDS = 4;
    /** Engines whose job path can run against a plain file on tmpfs without O_DIRECT. */
    private static final Set<String> ENGINES = Set.of("libaio", "io_uring", "psync", "sync", "pvsync", "pvsync2",
            "vsync", "posixaio");
    private static final Set<String> DONE = new HashSet<>();
    private static final AtomicInteger SEQ = new AtomicInteger();
    /** Set while a warm-up job runs on this JVM: its own set-up must not start another. */
    private static volatile boolean running;
    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());

    private JitWarmup() {
    }

    /** Runs the warm-up for {@code spec} unless this JVM made one for its engine and verify type. */
    static void before(JobSpec spec, ThreadOptions opts, RwMode mode, Job.Context ctx) {
        if (running || !wanted(opts, ctx)) {
            return;
        }
        String key = opts.queue().ioengine() + "/" + opts.verify().verify + "/" + mode.random();
        synchronized (DONE) {
            if (!DONE.add(key)) {
                return;
            }
            if (run(spec, opts, mode, ctx, RUNTIME_SECONDS, IOS) != null) {
                run(spec, opts, mode, ctx, RUNTIME_SECONDS, AGAIN_IOS);
            }
        }
    }

    static boolean wanted(ThreadOptions opts, Job.Context ctx) {
        // verify=null too: its writes and read-back run the same loop, which interpreted cost that
        // job's thread 60% of its CPU (2-4x fio's per GiB)
        return opts.verify().enabled() && opts.verify().doVerify
                && ENGINES.contains(opts.queue().ioengine()) && !ctx.readOnly() && ctx.clock() == JobClock.SYSTEM
                && longEnough(opts)
                && !"0".equals(System.getProperty("jfio.jitWarmup", "1")) && Files.isDirectory(Path.of("/dev/shm"));
    }

    /**
     * The job issues at least {@link #MIN_JOB_IOS} I/Os (time_based, or a size that fio takes from
     * the file or device, counts as that): below, its I/Os mostly run before the JIT compiles
     * anything either way and the warm-up would cost more than it saves.
     */
    private static boolean longEnough(ThreadOptions opts) {
        if (opts.runtime().timeBased()) {
            return true;
        }
        long bytes = Math.max(opts.size().size(), opts.size().ioSize());
        if (bytes <= 0) {
            return true;
        }
        long bs = Math.max(1, opts.bs().min(1));
        return bytes / bs * Math.max(1, opts.runtime().loops()) >= MIN_JOB_IOS;
    }

    /** The smallest job warmed: 4096 writes (16 MiB at 4 KiB, 256 MiB at 64 KiB), as many verify reads. */
    static final long MIN_JOB_IOS = 4096;

    /**
     * Runs one warm-up job of {@code ios} writes: the finished hidden job (tests read its stats),
     * null when it could not start.
     */
    static Job run(JobSpec spec, ThreadOptions opts, RwMode mode, Job.Context ctx, int runtimeSeconds, int ios) {
        Path file = Path.of("/dev/shm", "jfio-warmup." + ProcessId.current() + "." + SEQ.incrementAndGet());
        Path state = null;
        running = true;
        try {
            JobSpec hidden = hiddenSpec(spec, opts, mode, file, runtimeSeconds, ios);
            state = Verifier.stateFile(Path.of(""), hidden.name(), hidden.index());
            Job.Context quiet = new Job.Context(NOWHERE, NOWHERE, false, false, ctx.engines(), ctx.sources(),
                    ctx.clock());
            Job job = new Job(hidden, quiet);
            job.prepare();
            job.start();
            job.awaitFinished();
            compilerSettles();
            return job;
        } catch (JobFileException | RuntimeException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            running = false;
            try {
                Files.deleteIfExists(file);
                if (state != null) {
                    Files.deleteIfExists(state);
                }
            } catch (IOException e) {
                // the hidden job's scratch and state files: nothing the job depends on
            }
        }
    }

    /**
     * Waits (at most {@link #SETTLE_MAX_NANOS}) until the JIT's compile queues are empty and no
     * compile runs (HotSpot's Compiler.queue diagnostic command): what the warm-up queued is
     * compiled before the job's clock starts, not on the job's CPUs while it runs. On a loaded
     * 2-CPU machine the C2 thread took 300-700 ms CPU during a 256 MiB job right after the
     * warm-up, with tasks queued during the warm-up, when this waited for the compile time to
     * stop growing instead.
     */
    private static void compilerSettles() {
        javax.management.MBeanServer server;
        javax.management.ObjectName name;
        try {
            server = java.lang.management.ManagementFactory.getPlatformMBeanServer();
            name = new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand");
        } catch (javax.management.JMException | RuntimeException e) {
            return;
        }
        long start = System.nanoTime();
        while (System.nanoTime() - start < SETTLE_MAX_NANOS) {
            String queue;
            try {
                queue = (String) server.invoke(name, "compilerQueue", new Object[] {null},
                        new String[] {String[].class.getName()});
            } catch (javax.management.JMException | RuntimeException e) {
                return;
            }
            if (!compiling(queue)) {
                return;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(20_000_000L);
        }
    }

    /** A Compiler.queue listing with a running compile or a queued task (a line with its compile id). */
    static boolean compiling(String queue) {
        for (String line : queue.split("\n")) {
            String t = line.strip();
            if (t.matches("\\d+\\s.*") || t.matches(".*CompilerThread\\d+\\s+\\d+\\s.*")) {
                return true;
            }
        }
        return false;
    }

    private static final long SETTLE_MAX_NANOS = 2_000_000_000L;

    private static JobSpec hiddenSpec(JobSpec spec, ThreadOptions opts, RwMode mode, Path file, int runtimeSeconds,
                                      int ios) throws JobFileException {
        int bs = Math.min(512, Job.maxBlockSize(opts));
        List<CliOption> o = new ArrayList<>();
        o.add(new CliOption("name", "jfio-warmup"));
        o.add(new CliOption("filename", file.toString()));
        o.add(new CliOption("size", Long.toString((long) bs * ios)));
        o.add(new CliOption("bs", Integer.toString(bs)));
        o.add(new CliOption("rw", mode.random() ? "randwrite" : "write"));
        o.add(new CliOption("ioengine", opts.queue().ioengine()));
        o.add(new CliOption("iodepth", Integer.toString(opts.queue().iodepth())));
        if (spec.isSet("verify")) {
            o.add(new CliOption("verify", opts.verify().verify));
        }
        if (spec.isSet("verify_pattern")) {
            o.add(new CliOption("verify_pattern", spec.getString("verify_pattern")));
        }
        o.add(new CliOption("do_verify", "1"));
        // as the job has it: with it the loop tracks the writes in flight, a branch the compiled
        // code must have seen taken
        o.add(new CliOption("verify_state_save", opts.verify().stateSave ? "1" : "0"));
        o.add(new CliOption("direct", "0"));
        if (runtimeSeconds > 0) {
            o.add(new CliOption("runtime", Integer.toString(runtimeSeconds)));
        }
        o.add(new CliOption("unlink", "1"));
        // bw/iops samples within the hidden job's short run, so that the sampling is compiled
        // as a taken path (at fio's 500 ms the first sample of the job came with a trap)
        o.add(new CliOption("bwavgtime", "20"));
        o.add(new CliOption("iopsavgtime", "20"));
        JobFileParser.Settings s = JobFileParser.Settings.defaults();
        return JobFileParser.parse(List.of(), o, s).jobs().get(0);
    }
}
