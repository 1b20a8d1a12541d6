package io.jfio.runner.job;

import io.jfio.engine.EngineFlag;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.runner.log.JobLogs;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.verify.Verifier;


/**
 * fio's do_io for one job: take a free unit, let the workload fill it, pace it and issue it
 * ({@link EngineQueue} queues, commits and reaps; {@link IoCompletion} accounts each finished
 * unit), until a stop condition holds: the workload is done, runtime is over, the job is stopped,
 * failed or its engine ended it, latency_target's search is done. ramp_time, rate pacing and
 * rate_min, thinktime, flow and steadystate are checked here each round. Runs on the job thread;
 * after construction nothing here allocates.
 */
public final class IoLoop {
    private final IoEngine engine;
    /** fio's FIO_NOSTATS engines: their file operations' latencies are drained at the measured phase's start. */
    private final boolean noStats;
    private final java.util.function.LongConsumer opLatencySink;
    /** The units against the engine: queue, commit, reap (and the timestamp cache). */
    private final EngineQueue q;
    /** What each finished unit adds to the numbers (timed only in the measured phase, stats.measuring()). */
    private final IoCompletion completion;

    private final IoSource source;
    /** The source has rate options: the loop reads the clock every round and checks rate_min. */
    private final boolean paced;
    private final boolean thinks;
    /**
     * Rounds since the loop last read the clock: the runtime and ramp_time checks compare the
     * queue's cached timestamp, refreshed from the clock itself every {@link #CLOCK_ROUNDS}
     * rounds in case a round took no timestamp.
     */
    private int roundsSinceClock;
    private static final int CLOCK_ROUNDS = 64;
    private final JobStats stats;
    private final JobState state;
    /** steadystate: checked at the loop's clock reads (null without steadystate_duration). */
    private final SteadyState.Member steady;
    /** latency_target's queue-depth search (null without a target, and in the verify pass). */
    private final LatencyTarget latTarget;
    /** flow/flow_id: the job's share against the other jobs of its flow (null without a weight). */
    private final Flow flow;

    /** Every clock read and wait of the loop (the system clock; a virtual one in tests). */
    private final JobClock time;
    /** The job's epoch: where runtime counts from (moved by latency_target's final run, as fio's reset_all_stats). */
    private long epochNanos;
    /** runtime (and ramp_time) from the epoch; with ramp_size 0 in the ramp, runtime from the ramp's end after. */
    private long timeoutNanos;
    /**
     * timeoutNanos, or Long.MAX_VALUE without one: the round's check is one comparison whatever
     * the job, so code C2 compiled in a job with a runtime (the JIT warm-up's) takes no trap in
     * one without (it threw the loop's compiled code away at the job's first round).
     */
    private long stopAfterNanos;
    /** The loop ended at the runtime (fio's runtime_exceeded, which marks the job terminated). */
    private boolean timedOut;
    private final long runtimeNanos;
    private final long rampNanos;
    /** job_start_clock_id and log_alternate_epoch_clock_id: what json job_start reads at each (re)start. */
    private final int jobStartClockId;
    private final int logEpochClockId;
    /** ramp_size: the ramp ends when the job's (group's) bytes are seen past it (null without). */
    private final RampPeriod.Member rampSize;
    private long measureStartNanos;
    /** What rate pacing counts from: fio's td->epoch, which reset_all_stats moves to the ramp's end. */
    private long paceEpochNanos;
    /** In the ramp: when round() next asks rampCheck() whether it is over; Long.MAX_VALUE outside it. */
    private long rampCheckNanos = Long.MAX_VALUE;
    private long endNanos;

    private final long[] issued = new long[3];
    private final long[] completed = new long[3];

    /** continue_on_error, ignore_error, error_dump, max_latency: what a failed I/O does. */
    private final ErrorPolicy errors;
    /** Runs at the start of every pass after the first, once nothing is in flight. */
    private final Runnable newPass;
    /** verify= is on: write buffers are filled and reads checked by it (fio's verify.c). */
    private final Verifier verifier;
    /** This loop is fio's do_verify: it reads back the logged writes and nothing else. */
    private final boolean verifyPhase;
    /** The job's logs (fio's bw/lat/iops/hist logs and write_iolog), or null. */
    private final JobLogs logs;
    private final NextIo nextIo;
    private final LoopWaits waits;
    /** thinkcycles: a busy loop after every data I/O (null without). */
    private final ThinkIoTime thinkCycles;
    /** The I/O phase goes on after an experimental_verify read-back: already measuring. */
    private final boolean resumed;
    /** The workload's pass (loops=) the last round saw: a new one lets the previous complete first. */
    private int pass;

    IoLoop(LoopSettings s, LoopParts p) {
        this.engine = p.engine();
        this.noStats = p.engine().flags().contains(EngineFlag.NO_STATS);
        int opDdir = s.opLatencyDdir();
        JobStats st = p.stats();
        this.opLatencySink = ns -> st.recordOpLatency(opDdir, ns);
        this.source = p.source();
        this.verifier = p.verifier();
        this.verifyPhase = p.verifyPhase();
        this.paced = !verifyPhase && p.source().paced();
        this.thinks = !verifyPhase && p.source().thinks();
        this.stats = p.stats();
        this.state = p.state();
        this.steady = p.steady();
        this.latTarget = verifyPhase ? null : p.latTarget();
        this.flow = verifyPhase ? null : p.flow();
        this.time = p.clock();
        this.epochNanos = p.epochNanos();
        this.paceEpochNanos = epochNanos;
        timeout(s.runtimeNanos() > 0 ? s.runtimeNanos() + s.rampNanos() : 0);
        this.runtimeNanos = s.runtimeNanos();
        this.rampNanos = s.rampNanos();
        this.jobStartClockId = s.jobStartClockId();
        this.logEpochClockId = s.logEpochClockId();
        this.rampSize = verifyPhase || p.resumed() ? null : p.ramp();
        SyncSchedule syncs = new SyncSchedule(s.fsyncEvery(), s.fdatasyncEvery(), s.sfrEvery(), s.sfrFlags(), p.files());
        this.errors = new ErrorPolicy(s.errors(), p.err(), p.stats(), p.state(), p.engine(), p.syncEngine(), s.direct(),
                p.verifier(), issued, s.fillDevice());
        // offload: fio 3.42's submit workers never leave their ramp state, so no unit is timed (no slat,
        // clat or lat) while bytes and counts are (rate-submit.c, time.c's ramp_period_over)
        this.completion = new IoCompletion(p.engine(), p.stats(), errors, noStats || s.offload(),
                p.engine().flags().contains(EngineFlag.NO_IO), p.setsIssueTime() && !s.offload(), s.latHistogram(),
                s.slatHistogram(),
                latTarget, p.verifier(), verifyPhase, p.mixedReadWrite(), p.logs(), completed, syncs);
        completion.act = p.state().actSlices();
        this.q = new EngineQueue(s, p, errors, syncs, issued, completion);
        this.newPass = p.newPass();
        this.waits = new LoopWaits(time, state, source, stats, errors, epochNanos, timeoutNanos, q::quiesce, issued,
                completed, p.thinkIoTime());
        this.thinkCycles = p.thinkIoTime().spins() && !verifyPhase ? p.thinkIoTime() : null;
        this.nextIo = new NextIo(p.source(), p.verifier(), verifyPhase, syncs, p.content(), issued);
        this.nextIo.writeFlags = s.atomic() ? io.jfio.engine.nativeio.RwfFlags.RWF_ATOMIC : 0;
        this.logs = p.logs();
        this.resumed = p.resumed();
    }

    /** Runs until the workload is done, the runtime is over, the job is stopped or fails. */
    public void run() {
        if (verifyPhase || resumed) {
            // fio's do_verify (or its next loop): the counters go on; the clock starts now.
            stats.resumeMeasuring();
            measureStartNanos = time.nanoTime();
            state.setRunState(verifyPhase ? RunState.VERIFYING : RunState.RUNNING);
        } else if (rampNanos > 0 || rampSize != null) {
            state.setRunState(RunState.RAMP);
            stats.beginRamp();
            rampCheckNanos = rampSize != null ? Long.MIN_VALUE : epochNanos; // ramp_size: every round
            stats.jobStartEpochMillis = JobStart.millis(jobStartClockId, logEpochClockId); // moved at the ramp's end
            if (rampSize != null) {
                // fio checks no runtime in the ramp (backend.c's runtime_exceeded)
                rampSize.start(epochNanos);
                timeout(0);
                waits.deadline(0);
            }
        } else {
            // fio starts the clock of the measured phase at the job's epoch (td->start = td->epoch).
            stats.jobStartEpochMillis = JobStart.millis(jobStartClockId, logEpochClockId);
            startMeasuring(epochNanos);
        }
        pass = source.pass();
        q.readClock();
        // The rounds run in compiled methods: a loop inside run() (called once) would stay
        // interpreted until the JIT's on-stack replacement after 60000 back-edges, seconds of a
        // job at tens of thousands of IOPS; rounds() and round() compile by invocation count.
        while (rounds()) {
            // rounds() ran its batch; the next one
        }
        q.drain();
        if (noStats && stats.measuring()) {
            engine.drainOpLatencies(opLatencySink); // files opened in the loop (openfiles below nrfiles)
        }
        if (errors.failed() && q.syncEngine()) {
            // fio reaps once more after an error; a sync engine has nothing left: a 0 completion.
            stats.markComplete(0);
        }
        long end = time.nanoTime();
        endNanos = end;
        if (stats.measuring()) {
            stats.maybeSample(end);
        } else {
            // Ended within the ramp: fio never reached reset_all_stats, so it reports the ramp's
            // bytes, I/Os and depths over the runtime from the epoch, with no latency or sample.
            measureStartNanos = epochNanos;
            stats.measureStartNanos = epochNanos;
        }
        stats.publish();
    }

    /** Up to 64 rounds, each after the loop's stop checks: false when the loop ends. */
    private boolean rounds() {
        for (int i = 0; i < 64; i++) {
            if (state.terminated() || errors.failed() || q.engineDone() || !round()) {
                return false;
            }
        }
        return true;
    }

    /** Sets the runtime limit from the epoch (0: none). */
    private void timeout(long nanos) {
        timeoutNanos = nanos;
        stopAfterNanos = nanos > 0 ? nanos : Long.MAX_VALUE;
    }

    /** One round of fio's do_io loop: false when the loop ends (a break in fio's). */
    private boolean round() {
        if (paced || ++roundsSinceClock >= CLOCK_ROUNDS) {
            roundsSinceClock = 0;
            q.readClock();
        }
        long now = q.clock();
        if (now - epochNanos >= stopAfterNanos) {
            timedOut = true;
            return false;
        }
        if (steady != null) {
            steady.poll(now);
        }
        if (flow != null && flow.heldBack()) {
            // fio's flow_threshold_exceeded: skip the round (after completing and sleeping with flow_sleep)
            if (flow.sleepUs() > 0) {
                q.quiesce();
                waits.sleepUntil(time.nanoTime() + flow.sleepUs() * 1000L);
                q.readClock();
            }
            return true;
        }
        if (now >= rampCheckNanos) {
            rampCheck(now);
        }
        IoUnit u;
        if (q.hasRequeued()) {
            u = q.takeRequeued();
        } else {
            if (!q.hasFree()) {
                // Every unit is in flight or queued: make room first (the loop ends on engine failure).
                return q.makeRoom();
            }
            u = q.take();
            if (!nextIo.fill(u, paced ? (now - paceEpochNanos) / 1000L : 0, q.clock())) {
                q.putBack(u);
                if (nextIo.filesBusy()) {
                    q.reapAfterIssue(QueueStatus.BUSY, q.iodepth); // openfiles: as fio's do_io on -EBUSY
                    return true;
                }
                return false;
            }
            IoDebug.unit("fill", u);
            if (source.pass() != pass) {
                // A new loop over the files: fio lets the previous one complete first.
                boolean again = pass > 0; // the pattern's first pass starts inside the first next()
                pass = source.pass();
                q.quiesce();
                if (again && !UnlinkEachLoop.newPass(newPass, errors)) {
                    q.putBack(u);
                    return false;
                }
                if (again) {
                    nextIo.newPass(u);
                }
            }
            long wait = paced && u.ddir.isData() ? source.rateWaitUsec() : 0;
            if (wait > 0 && !pace(wait)) {
                q.putBack(u);
                return false;
            }
        }
        QueueStatus ret = q.issue(u);
        q.reapAfterIssue(ret, latTarget == null ? q.iodepth : latTarget.depth());
        int ddir = u.ddir.ordinal();
        if (ddir < 3 && ret != QueueStatus.BUSY) {
            if (thinkCycles != null) {
                thinkCycles.spinCycles();
            }
            if (thinks) {
                long t = waits.thinkIfDue(ddir);
                if (t != Long.MIN_VALUE) {
                    q.clock(t);
                }
            }
            if (paced && stats.measuring()) { // paced first: a final flag, so no branch flips at the ramp's end
                waits.checkMinRate(measureStartNanos);
            }
        }
        if (latTarget != null && stats.measuring() && !errors.failed() && !latencyTargetStep()) {
            return false;
        }
        return true;
    }

    /** Rate pacing: complete what is in flight, then sleep; false when the runtime ends first. */
    private boolean pace(long waitUsec) {
        q.quiesce();
        long until = time.nanoTime() + waitUsec * 1000L;
        if (timeoutNanos > 0 && until - epochNanos > timeoutNanos) {
            waits.sleepUntil(epochNanos + timeoutNanos);
            return false;
        }
        waits.sleepUntil(until);
        q.readClock();
        return !state.terminated();
    }

    /**
     * latency_target after a loop round: a miss that lowered the depth, or a judged window, may
     * quiesce; the final run restarts the statistics and the runtime. False when the search is done.
     */
    private boolean latencyTargetStep() {
        LatencyTarget.Action a = latTarget.pendingQuiesce() ? LatencyTarget.Action.QUIESCE
                : latTarget.check(q.clock(), completedIos());
        switch (a) {
            case NONE -> {
                return true;
            }
            case DONE -> {
                return false;
            }
            default -> {
                q.quiesce();
                long clock = a == LatencyTarget.Action.FINAL_RUN ? restartClock() : q.readClock();
                if (a == LatencyTarget.Action.FINAL_RUN) {
                    epochNanos = clock;
                    startMeasuring(clock);
                }
                latTarget.newCycle(clock, completedIos());
                return true;
            }
        }
    }

    private long completedIos() {
        return stats.ioCompleted[0] + stats.ioCompleted[1] + stats.ioCompleted[2];
    }

    /*
     * Whether the ramp is over; in the ramp only (rampCheckNanos is Long.MAX_VALUE outside it).
     * Out of line (dist/src/jit/io-path.txt keeps the JIT from inlining it), and called in the
     * ramp once a millisecond, at its end at the latest: round() then has no branch that the ramp
     * never took, which C2 would compile as a trap that deoptimises the loop at the ramp's end.
     */
    private void rampCheck(long now) {
        if (rampSize != null ? rampSize.over(now) : now - epochNanos >= rampNanos) {
            rampCheckNanos = Long.MAX_VALUE;
            long start = restartClock();
            if (runtimeNanos > 0) {
                // The runtime counts from the ramp's end as fio's runtime_exceeded counts it from the
                // epoch that reset_all_stats moved: a ramp noticed late shortens no measured second.
                timeout(start - epochNanos + runtimeNanos);
                waits.deadline(timeoutNanos);
            }
            startMeasuring(start);
            source.resetEpoch();
        } else if (rampSize == null) {
            rampCheckNanos = Math.min(now + 1_000_000L, epochNanos + rampNanos);
        }
    }

    /**
     * fio's set_epoch_time at a restart of the measured phase: job_start's clock first, then the
     * loop's, so the phase measured from the returned time never starts before the job_start
     * the report gives for it.
     */
    private long restartClock() {
        stats.jobStartEpochMillis = JobStart.millis(jobStartClockId, logEpochClockId);
        return q.readClock();
    }

    /** Start of the measured phase (after ramp_time): counters restart (fio's reset_all_stats). */
    private void startMeasuring(long now) {
        measureStartNanos = now;
        paceEpochNanos = now;
        stats.resetForMeasurement(now);
        if (latTarget != null) {
            latTarget.init(now, 0);
        }
        if (noStats) {
            engine.drainOpLatencies(opLatencySink);
        }
        if (logs != null) {
            logs.start(now);
        }
        state.setRunState(RunState.RUNNING);
    }

    /** When the I/O phase ended (after the drain): the end of the reported runtime. */
    public long endNanos() {
        return endNanos;
    }

    public long measureStartNanos() {
        return measureStartNanos;
    }

    public boolean failed() {
        return errors.failed();
    }

    /** Whether the loop ended because the job's runtime was over: thread_main then starts no further phase. */
    public boolean timedOut() {
        return timedOut;
    }

    /**
     * fio's do_dry_run (verify_only on a write job): the workload is walked without any I/O and
     * its writes are logged for the read-back pass.
     */
    public void dryRun() {
        state.setRunState(RunState.RUNNING);
        stats.resumeMeasuring();
        IoUnit u = q.firstUnit();
        while (!state.terminated()) {
            u.result = 0;
            if (!source.next(u, 0)) {
                break;
            }
            int ddir = u.ddir.ordinal();
            if (ddir < 3) {
                issued[ddir]++;
                stats.markDepth(1, 1);
                stats.totalIoU[ddir]++;
                // fio's io_u_sync_complete counts the bytes of every walked I/O
                stats.ioBytes[ddir] += u.length;
                if (u.ddir == IoDirection.WRITE) {
                    verifier.dryRunWrite(u);
                }
            }
            io.jfio.runner.zbd.ZbdJob.completed(source.zbd(), u, false); // the walked I/O completes at once
        }
        endNanos = time.nanoTime();
        measureStartNanos = endNanos;
    }
}
