package io.jfio.runner.job;

import io.jfio.engine.EngineException;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.runner.log.JobLogs;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.verify.Verifier;


/**
 * fio's do_io for one job: take a free unit, let the workload fill it, pace it, queue it, commit
 * in batches and reap completions, with fio's timestamps (start_time when a unit is taken,
 * issue_time at submit, completion time at reap: slat, clat and lat are their differences, as in
 * fio's io_u.c) and counters (submit/complete batch sizes, depths, short and dropped I/Os). Runs
 * on the job thread; after construction nothing here allocates.
 */
public final class IoLoop {
    private final IoEngine engine;
    /** Sync engines complete in queue() and have no commit hook (fio's FIO_SYNCIO). */
    private final boolean syncEngine;
    /** Engines without a commit hook count one submit and one completion per I/O (fio's td_io_queue). */
    private final boolean countPerIo;
    /** An async engine without a commit hook (posixaio): submits are counted per I/O, not per commit. */
    private final boolean noCommit;
    /** fio's FIO_NOSTATS engines: completions count, the engine's file operations carry the latencies. */
    private final boolean noStats;
    private final java.util.function.LongConsumer opLatencySink;
    /** cpuio/exec: their empty units still carry latencies, as fio's do. */
    private final boolean noIo;
    /** The engine stamps issue times itself at commit (fio's FIO_ASYNCIO_SETS_ISSUE_TIME). */
    private final boolean engineSetsIssueTime;
    private final UnitPool pool;
    private final IoUnit[] pending;
    private int queued;
    /** Units handed out and not yet completed (fio's cur_depth). */
    private int curDepth;
    /** 1 while a unit is taken from the pool but not yet queued (it counts in curDepth, as in fio). */
    private int held;

    private final int iodepth;
    private final int batchSubmit;
    private final int batchCompleteMin;
    private final int batchCompleteMax;
    private final int iodepthLow;

    private final IoSource source;
    /** The source has rate options: the loop reads the clock every round and checks rate_min. */
    private final boolean paced;
    private final boolean thinks;
    /**
     * The latest timestamp the loop took (start, issue, completion): what the runtime and
     * ramp_time checks compare, like fio's ts_cache, so that no extra clock read is made per I/O
     * beyond fio's timestamp points (start, issue, completion). Refreshed from the clock itself
     * every {@link #CLOCK_ROUNDS} rounds in case a round took no timestamp.
     */
    private long clock;
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
    private final boolean latHistogram;
    private final boolean slatHistogram;

    /** Every clock read and wait of the loop (the system clock; a virtual one in tests). */
    private final JobClock time;
    /** The job's epoch: where runtime counts from (moved by latency_target's final run, as fio's reset_all_stats). */
    private long epochNanos;
    private final long timeoutNanos;
    private final long rampNanos;
    private boolean measuring;
    private long measureStartNanos;
    private long endNanos;

    private final SyncSchedule syncs;
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
    /** rw mixes reads and writes: only reads of logged writes are checked (fio's td_rw). */
    private final boolean mixedReadWrite;
    /** The engine ended the job's I/O itself (IoEngine#finished). */
    private boolean engineDone;
    /** The job's logs (fio's bw/lat/iops/hist logs and write_iolog), or null. */
    private final JobLogs logs;
    private final NextIo nextIo;
    private final LoopWaits waits;
    /** serialize_overlap: units in flight by index (null without). */
    private final OverlapGuard overlap;
    /** lockfile=exclusive: the file's lock is held while the engine takes a unit (null without). */
    private final FileLocks locks;
    /** thinkcycles: a busy loop after every data I/O (null without). */
    private final ThinkIoTime thinkCycles;

    IoLoop(LoopSettings b) {
        this.engine = b.engine;
        this.syncEngine = b.syncEngine;
        this.noCommit = b.engine.flags().contains(io.jfio.engine.EngineFlag.NO_COMMIT);
        this.noStats = b.engine.flags().contains(io.jfio.engine.EngineFlag.NO_STATS);
        this.noIo = b.engine.flags().contains(io.jfio.engine.EngineFlag.NO_IO);
        this.countPerIo = (b.syncEngine && !b.diskless) || noCommit || noStats || noIo;
        int opDdir = b.opLatencyDdir;
        JobStats st = b.stats;
        this.opLatencySink = ns -> st.recordOpLatency(opDdir, ns);
        this.engineSetsIssueTime = b.setsIssueTime;
        this.pool = new UnitPool(b.units);
        this.pending = new IoUnit[b.units.length];
        this.iodepth = Math.max(1, b.units.length);
        int bs = b.batchSubmit <= 0 || b.batchSubmit > iodepth ? iodepth : b.batchSubmit;
        this.batchSubmit = syncEngine ? 1 : bs;
        this.batchCompleteMin = Math.min(b.batchCompleteMin, iodepth);
        this.batchCompleteMax = Math.max(b.batchCompleteMax, this.batchCompleteMin);
        this.iodepthLow = b.iodepthLow <= 0 || b.iodepthLow > iodepth ? iodepth : b.iodepthLow;
        this.source = b.source;
        this.verifier = b.verifier;
        this.verifyPhase = b.verifyPhase;
        this.mixedReadWrite = b.mixedReadWrite;
        this.paced = !verifyPhase && b.source.paced();
        this.thinks = !verifyPhase && b.source.thinks();
        this.stats = b.stats;
        this.state = b.state;
        this.steady = b.steady;
        this.latTarget = b.verifyPhase ? null : b.latTarget;
        this.flow = b.verifyPhase ? null : b.flow;
        this.latHistogram = b.latHistogram;
        this.slatHistogram = b.slatHistogram;
        this.time = b.clock;
        this.epochNanos = b.epochNanos;
        this.timeoutNanos = b.runtimeNanos > 0 ? b.runtimeNanos + b.rampNanos : 0;
        this.rampNanos = b.rampNanos;
        this.syncs = new SyncSchedule(b.fsyncEvery, b.fdatasyncEvery, b.sfrEvery, b.sfrFlags, b.sfrFiles);
        this.errors = new ErrorPolicy(b.errors, b.err, b.stats, b.state, b.engine, b.syncEngine, b.direct, b.verifier,
                issued, b.fillDevice);
        this.newPass = b.newPass;
        this.waits = new LoopWaits(time, state, source, stats, errors, epochNanos, timeoutNanos, this::quiesce, issued,
                completed, b.thinkIoTime);
        this.locks = b.fileLocks;
        this.overlap = OverlapGuard.of(b.serializeOverlap, iodepth, b.modifies, b.replay, b.units);
        this.thinkCycles = b.thinkIoTime.spins() && !b.verifyPhase ? b.thinkIoTime : null;
        this.nextIo = new NextIo(b.source, b.verifier, b.verifyPhase, syncs, b.content, issued);
        this.logs = b.logs;
    }

    /** Runs until the workload is done, the runtime is over, the job is stopped or fails. */
    public void run() {
        long now;
        if (verifyPhase) {
            // fio's do_verify: the counters go on from the write phase; the clock starts now.
            measuring = true;
            measureStartNanos = time.nanoTime();
            state.setRunState(RunState.VERIFYING);
        } else if (rampNanos > 0) {
            state.setRunState(RunState.RAMP);
        } else {
            // fio starts the clock of the measured phase at the job's epoch (td->start = td->epoch).
            startMeasuring(epochNanos);
        }
        int pass = source.pass();
        clock = time.nanoTime();
        while (!state.terminated() && !errors.failed() && !engineDone) {
            if (paced || ++roundsSinceClock >= CLOCK_ROUNDS) {
                roundsSinceClock = 0;
                clock = time.nanoTime();
            }
            now = clock;
            if (timeoutNanos > 0 && now - epochNanos >= timeoutNanos) {
                break;
            }
            if (steady != null) {
                steady.poll(now);
            }
            if (flow != null && flow.heldBack()) {
                // fio's flow_threshold_exceeded: skip the round (after completing and sleeping with flow_sleep)
                if (flow.sleepUs() > 0) {
                    quiesce();
                    waits.sleepUntil(time.nanoTime() + flow.sleepUs() * 1000L);
                    clock = time.nanoTime();
                }
                continue;
            }
            if (!measuring && now - epochNanos >= rampNanos) {
                startMeasuring(now);
                source.resetEpoch();
            }
            IoUnit u;
            if (pool.hasRequeued()) {
                // BUSY or a short transfer: the same I/O goes again (the pattern counted it already).
                u = pool.pollRequeued();
                curDepth++;
            } else {
                if (!pool.hasFree()) {
                    // Every unit is in flight or queued: make room first.
                    commit();
                    if (!reap(1)) {
                        break;
                    }
                    continue;
                }
                u = pool.take();
                curDepth++;
                held = 1;
                if (!nextIo.fill(u, paced ? (now - epochNanos) / 1000L : 0, clock)) {
                    held = 0;
                    curDepth--;
                    pool.release(u);
                    break;
                }
                if (source.pass() != pass) {
                    // A new loop over the files: fio lets the previous one complete first.
                    boolean again = pass > 0; // the pattern's first pass starts inside the first next()
                    pass = source.pass();
                    quiesce();
                    if (again && !UnlinkEachLoop.newPass(newPass, errors)) {
                        held = 0;
                        curDepth--;
                        pool.release(u);
                        break;
                    }
                }
                long wait = paced && u.ddir.isData() ? source.rateWaitUsec() : 0;
                if (wait > 0 && !pace(wait)) {
                    held = 0;
                    curDepth--;
                    pool.release(u);
                    break;
                }
            }
            u.startTimeNanos = clock = time.nanoTime();
            held = 0;
            QueueStatus ret = queue(u);
            if (ret == QueueStatus.BUSY) {
                // fio's requeue_io_u: the unit leaves the queue and is issued again next round.
                curDepth--;
                pool.requeue(u);
                commit();
            }
            boolean full = curDepth >= (latTarget == null ? iodepth : latTarget.depth())
                    || (ret == QueueStatus.BUSY && curDepth > 0);
            if (full || (batchCompleteMin == 0 && batchCompleteMax == 0 && !syncEngine)) {
                waitForCompletions(full);
            }
            int ddir = u.ddir.ordinal();
            if (ddir < 3 && ret != QueueStatus.BUSY) {
                if (thinkCycles != null) {
                    thinkCycles.spinCycles();
                }
                if (thinks) {
                    long t = waits.thinkIfDue(ddir);
                    if (t != Long.MIN_VALUE) {
                        clock = t;
                    }
                }
                if (measuring && paced) {
                    waits.checkMinRate(measureStartNanos);
                }
            }
            if (latTarget != null && measuring && !errors.failed() && !latencyTargetStep()) {
                break;
            }
        }
        pool.dropRequeued();
        // Drain what is still in flight (fio's io_u_queued_complete(td, cur_depth)).
        quiesce();
        if (errors.failed() && syncEngine) {
            // fio reaps once more after an error; a sync engine has nothing left: a 0 completion.
            stats.markComplete(0);
        }
        long end = time.nanoTime();
        endNanos = end;
        if (!measuring) {
            startMeasuring(end);
        }
        stats.maybeSample(end);
        stats.publish();
    }

    /** fio's io_u_quiesce: submit what is queued and complete everything in flight. */
    private void quiesce() {
        commit();
        // A sync engine has nothing in flight unless it queued (vsync): then it is reaped too.
        while (curDepth - held > 0) {
            if (!reap(curDepth - held)) {
                break;
            }
        }
    }

    /** Rate pacing: complete what is in flight, then sleep; false when the runtime ends first. */
    private boolean pace(long waitUsec) {
        quiesce();
        long until = time.nanoTime() + waitUsec * 1000L;
        if (timeoutNanos > 0 && until - epochNanos > timeoutNanos) {
            waits.sleepUntil(epochNanos + timeoutNanos);
            return false;
        }
        waits.sleepUntil(until);
        clock = time.nanoTime();
        return !state.terminated();
    }

    /**
     * latency_target after a loop round: a miss that lowered the depth, or a judged window, may
     * quiesce; the final run restarts the statistics and the runtime. False when the search is done.
     */
    private boolean latencyTargetStep() {
        LatencyTarget.Action a = latTarget.pendingQuiesce() ? LatencyTarget.Action.QUIESCE
                : latTarget.check(clock, completedIos());
        switch (a) {
            case NONE -> {
                return true;
            }
            case DONE -> {
                return false;
            }
            default -> {
                quiesce();
                clock = time.nanoTime();
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

    /** Start of the measured phase (after ramp_time): counters restart (fio's reset_all_stats). */
    private void startMeasuring(long now) {
        measuring = true;
        measureStartNanos = now;
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

    /** fio's td_io_queue. */
    private QueueStatus queue(IoUnit u) {
        if (overlap != null && curDepth > 1 && overlap.overlaps(u)) {
            return QueueStatus.BUSY; // serialize_overlap: wait for the overlapping I/O first
        }
        int ddir = u.ddir.ordinal();
        boolean data = ddir < 3;
        if (syncEngine) {
            u.issueTimeNanos = clock = time.nanoTime();
        }
        if (data) {
            issued[ddir]++;
        }
        if (logs != null) {
            logs.issued(u);
        }
        QueueStatus ret;
        if (locks == null) {
            ret = engine.queue(u);
        } else {
            locks.lock(u.file);
            try {
                ret = engine.queue(u);
            } finally {
                locks.unlock(u.file);
            }
        }
        if (ret == QueueStatus.BUSY) {
            if (data) {
                issued[ddir]--;
            }
            return ret;
        }
        if (overlap != null) {
            overlap.issued(u);
        }
        syncs.issued(ddir, u.file);
        if (countPerIo) {
            stats.markSubmit(1);
            stats.markComplete(1);
        }
        if (ret == QueueStatus.COMPLETED) {
            long t = clock = time.nanoTime();
            if (!syncEngine) {
                u.issueTimeNanos = t;
            }
            stats.markDepth(curDepth, 1);
            SyncSchedule.countIssued(stats, u.ddir);
            complete(u, t, true);
        } else {
            SyncSchedule.countIssued(stats, u.ddir);
            pending[queued++] = u;
            if (queued >= batchSubmit) {
                commit();
            }
        }
        return ret;
    }

    /** fio's td_io_commit: hands the queued batch to the device and stamps its issue time. */
    private void commit() {
        if (queued == 0) {
            return;
        }
        stats.markDepth(curDepth, queued);
        try {
            engine.commit();
        } catch (EngineException e) {
            errors.commitFailed(pending[queued - 1].ddir.ordinal(), e.errno() == 0 ? 5 : e.errno(), e.getMessage());
            // The batch never reached the device: account it as failed here so the drain
            // does not wait for completions that will not come.
            for (int i = 0; i < queued; i++) {
                IoUnit u = pending[i];
                pending[i] = null;
                if (overlap != null) {
                    overlap.done(u);
                }
                curDepth--;
                pool.release(u);
            }
            queued = 0;
            return;
        }
        if (!noCommit) {
            stats.markSubmit(queued);
        }
        if (engineSetsIssueTime) {
            // libaio, io_uring and null stamp each unit when the kernel takes it (a partial
            // submit leaves the rest for a later commit); their slat is taken at completion.
            long last = pending[queued - 1].issueTimeNanos;
            if (last - clock > 0) {
                clock = last;
            }
            queued = 0;
            return;
        }
        // The issue time after the submit call, one clock read for the batch.
        long t = clock = time.nanoTime();
        for (int i = 0; i < queued; i++) {
            IoUnit u = pending[i];
            u.issueTimeNanos = t;
            if (measuring && u.ddir.isData()) {
                stats.recordSlat(u.ddir.ordinal(), t - u.startTimeNanos, slatHistogram);
                if (logs != null) {
                    logs.slat(u, t - u.startTimeNanos);
                }
            }
            pending[i] = null;
        }
        queued = 0;
    }

    /** fio's wait_for_completions. */
    private void waitForCompletions(boolean full) {
        commit();
        // fio: at least one event when the queue is full, and also in polling mode (min=0).
        int min = Math.min(batchCompleteMin, curDepth);
        if ((full && min == 0) || batchCompleteMin == 0) {
            min = 1;
        }
        do {
            if (!reap(min)) {
                return;
            }
        } while (full && curDepth > iodepthLow);
    }

    /** One getevents call (fio's io_u_queued_complete); false on engine failure. */
    private boolean reap(int minEvents) {
        int inFlight = curDepth - held;
        if (inFlight <= 0) {
            return true;
        }
        int min = Math.min(minEvents, inFlight);
        int max = Math.max(Math.min(batchCompleteMax == 0 ? inFlight : batchCompleteMax, inFlight), Math.max(min, 1));
        int n;
        try {
            n = engine.getEvents(min, max, min == 0 ? 0 : -1);
        } catch (EngineException e) {
            errors.fail(e.errno() == 0 ? 5 : e.errno(), "td_io_getevents", null);
            return false;
        }
        stats.markComplete(n);
        if (n <= 0) {
            if (min > 0) {
                // A wait that returned nothing (interrupted): no timestamp was taken, so the
                // runtime check must not go on with the one from before the wait.
                clock = time.nanoTime();
            }
            return true;
        }
        long t = clock = time.nanoTime();
        for (int i = 0; i < n; i++) {
            complete(engine.event(i), t, false);
        }
        stats.maybeSample(t);
        stats.publishIfDue(t);
        return true;
    }

    /**
     * Accounts one finished unit at completion time {@code t} and frees it. {@code inline}: it
     * completed inside queue() (fio's io_queue_event path, where short transfers are reissued);
     * reaped completions only account what was transferred (fio's io_completed).
     */
    private void complete(IoUnit u, long t, boolean inline) {
        curDepth--;
        if (overlap != null) {
            overlap.done(u);
        }
        int ddir = u.ddir.ordinal();
        if (engineSetsIssueTime && !inline && measuring && ddir < 3) {
            stats.recordSlat(ddir, u.issueTimeNanos - u.startTimeNanos, slatHistogram);
            if (logs != null) {
                logs.slat(u, u.issueTimeNanos - u.startTimeNanos);
            }
        }
        long res = u.result;
        if (res < 0) {
            if (verifier != null) {
                verifier.completed(u, false, mixedReadWrite);
            }
            errors.ioError(u, (int) -res, inline);
        } else if (ddir < 3) {
            long bytes = res;
            if (inline && bytes == 0 && engine.finished()) {
                // the engine ended the job (fio's td->done: a net peer closed the link); fio's net
                // engine returns FIO_Q_BUSY for that I/O, so it is neither issued nor short
                stats.totalIoU[ddir]--;
                engineDone = true;
                pool.release(u);
                return;
            }
            if (inline && bytes < u.length) {
                if (measuring) {
                    stats.shortIoU[ddir]++;
                }
                if (bytes == 0) {
                    // fio: a zero-byte transfer ends the job ("full resid").
                    errors.fail(5, "full resid", null);
                } else if (u.file == null || u.offset + bytes < u.file.realSize) {
                    // fio's short I/O: count the part done, issue the rest again. The rest goes
                    // from the start of the unit's buffer (data contents are not verified here).
                    if (measuring) {
                        stats.ioBytes[ddir] += bytes;
                    }
                    u.offset += bytes;
                    u.length -= (int) bytes;
                    u.result = 0;
                    pool.requeue(u);
                    return;
                }
            }
            completed[ddir]++;
            syncs.completed(u, bytes);
            if (noStats) {
                if (measuring) {
                    stats.recordUntimedCompletion(ddir, bytes);
                }
            } else if (measuring && (bytes > 0 || noIo)) {
                stats.recordCompletion(ddir, bytes, t - u.issueTimeNanos, t - u.startTimeNanos, latHistogram);
                long maxLat = errors.maxLatencyNanos(ddir);
                if (maxLat > 0 && t - u.startTimeNanos > maxLat) {
                    errors.latencyExceeded(u, t - u.startTimeNanos, maxLat);
                }
                if (latTarget != null && t - u.startTimeNanos > latTarget.targetNanos() && latTarget.missed()) {
                    errors.latencyExceeded(u, t - u.startTimeNanos, latTarget.targetNanos());
                }
                if (logs != null) {
                    logs.completion(ddir, bytes, t - u.issueTimeNanos, t - u.startTimeNanos, u, t);
                }
            }
            if (verifier != null) {
                int v = verifier.completed(u, true, mixedReadWrite && !verifyPhase);
                if (v != 0) {
                    errors.verifyError(v);
                }
            }
        } else {
            syncs.completed(u, 0);
            if (measuring && !noStats) {
                stats.recordSync(t - u.issueTimeNanos);
            }
        }
        pool.release(u);
        if (syncEngine) {
            stats.maybeSample(t);
            stats.publishIfDue(t);
        }
    }

    /**
     * fio's do_dry_run (verify_only on a write job): the workload is walked without any I/O and
     * its writes are logged for the read-back pass.
     */
    public void dryRun() {
        state.setRunState(RunState.RUNNING);
        measuring = true;
        IoUnit u = pool.units[0];
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
                if (u.ddir == IoDirection.WRITE) {
                    verifier.dryRunWrite(u);
                }
            }
        }
        endNanos = time.nanoTime();
        measureStartNanos = endNanos;
    }
}
