package io.jfio.runner.job;

import io.jfio.engine.EngineException;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.Errno;
import io.jfio.jobfile.options.ErrorOptions;
import io.jfio.runner.data.BufferContent;
import io.jfio.runner.log.JobLogs;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.verify.Verifier;

import java.io.PrintStream;

/**
 * fio's do_io for one job: take a free unit, let the workload fill it, pace it, queue it, commit
 * in batches and reap completions, with fio's timestamps (spec/output-format.md 3.1) and counters
 * (3.2-3.3). Runs on the job thread; after construction nothing here allocates.
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
    private final IoUnit[] units;
    private final int[] free;
    private int freeCount;
    private final IoUnit[] pending;
    private int queued;
    /** Units handed out and not yet completed (fio's cur_depth). */
    private int curDepth;
    /** 1 while a unit is taken from the pool but not yet queued (it counts in curDepth, as in fio). */
    private int held;
    /**
     * Units to issue again before anything new (fio's requeue list): ones the engine answered
     * BUSY to, and the remainder of short transfers. A ring of unit indices.
     */
    private final int[] requeue;
    private int requeueHead;
    private int requeueCount;

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
     * beyond fio's timestamp points (spec/output-format.md 3.1). Refreshed from the clock itself
     * every {@link #CLOCK_ROUNDS} rounds in case a round took no timestamp.
     */
    private long clock;
    private int roundsSinceClock;
    private static final int CLOCK_ROUNDS = 64;
    private final JobStats stats;
    private final JobState state;
    private final boolean latHistogram;
    private final boolean slatHistogram;

    /** Every clock read and wait of the loop (the system clock; a virtual one in tests). */
    private final JobClock time;
    private final long epochNanos;
    private final long timeoutNanos;
    private final long rampNanos;
    private boolean measuring;
    private long measureStartNanos;
    private long endNanos;

    private final long fsyncEvery;
    private final long fdatasyncEvery;
    private final long[] issued = new long[3];
    private final long[] completed = new long[3];
    private int lastIssuedDdir = -1;
    private boolean stashed;
    private IoDirection stashDdir;
    private IoFile stashFile;
    private long stashOffset;
    private int stashLength;
    private IoFile lastFile;

    /** continue_on_error, ignore_error, error_dump, max_latency (fio's error policy). */
    private final ErrorOptions errors;
    private final long[] maxLatencyNanos;
    private final PrintStream err;
    /** Runs at the start of every pass after the first, once nothing is in flight. */
    private final Runnable newPass;
    private boolean failed;
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

    public IoLoop(Builder b) {
        this.engine = b.engine;
        this.direct = b.direct;
        this.syncEngine = b.syncEngine;
        this.noCommit = b.engine.flags().contains(io.jfio.engine.EngineFlag.NO_COMMIT);
        this.noStats = b.engine.flags().contains(io.jfio.engine.EngineFlag.NO_STATS);
        this.noIo = b.engine.flags().contains(io.jfio.engine.EngineFlag.NO_IO);
        this.countPerIo = (b.syncEngine && !b.diskless) || noCommit || noStats || noIo;
        int opDdir = b.opLatencyDdir;
        JobStats st = b.stats;
        this.opLatencySink = ns -> st.recordOpLatency(opDdir, ns);
        this.engineSetsIssueTime = b.setsIssueTime;
        this.units = b.units;
        this.free = new int[units.length];
        for (int i = 0; i < units.length; i++) {
            free[freeCount++] = units.length - 1 - i;
        }
        this.pending = new IoUnit[units.length];
        this.requeue = new int[units.length];
        this.iodepth = Math.max(1, units.length);
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
        this.latHistogram = b.latHistogram;
        this.slatHistogram = b.slatHistogram;
        this.time = b.clock;
        this.epochNanos = b.epochNanos;
        this.timeoutNanos = b.runtimeNanos > 0 ? b.runtimeNanos + b.rampNanos : 0;
        this.rampNanos = b.rampNanos;
        this.fsyncEvery = b.fsyncEvery;
        this.fdatasyncEvery = b.fdatasyncEvery;
        this.errors = b.errors;
        this.maxLatencyNanos = b.errors.maxLatencyNanos();
        this.err = b.err;
        this.newPass = b.newPass;
        this.content = b.content;
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
        while (!state.terminated() && !failed && !engineDone) {
            if (paced || ++roundsSinceClock >= CLOCK_ROUNDS) {
                roundsSinceClock = 0;
                clock = time.nanoTime();
            }
            now = clock;
            if (timeoutNanos > 0 && now - epochNanos >= timeoutNanos) {
                break;
            }
            if (!measuring && now - epochNanos >= rampNanos) {
                startMeasuring(now);
                source.resetEpoch();
            }
            IoUnit u;
            if (requeueCount > 0) {
                // BUSY or a short transfer: the same I/O goes again (the pattern counted it already).
                u = units[requeue[requeueHead]];
                if (++requeueHead == requeue.length) {
                    requeueHead = 0;
                }
                requeueCount--;
                curDepth++;
            } else {
                if (freeCount == 0) {
                    // Every unit is in flight or queued: make room first.
                    commit();
                    if (!reap(1)) {
                        break;
                    }
                    continue;
                }
                u = units[free[--freeCount]];
                curDepth++;
                held = 1;
                if (!prepare(u, paced ? (now - epochNanos) / 1000L : 0)) {
                    held = 0;
                    curDepth--;
                    free[freeCount++] = u.index;
                    break;
                }
                if (source.pass() != pass) {
                    // A new loop over the files: fio lets the previous one complete first.
                    boolean again = pass > 0; // the pattern's first pass starts inside the first next()
                    pass = source.pass();
                    quiesce();
                    if (again) {
                        newPass.run();
                    }
                }
                long wait = paced && u.ddir.isData() ? source.rateWaitUsec() : 0;
                if (wait > 0 && !pace(wait)) {
                    held = 0;
                    curDepth--;
                    free[freeCount++] = u.index;
                    break;
                }
            }
            u.startTimeNanos = clock = time.nanoTime();
            held = 0;
            QueueStatus ret = queue(u);
            if (ret == QueueStatus.BUSY) {
                // fio's requeue_io_u: the unit leaves the queue and is issued again next round.
                curDepth--;
                pushRequeue(u);
                commit();
            }
            boolean full = curDepth >= iodepth || (ret == QueueStatus.BUSY && curDepth > 0);
            if (full || (batchCompleteMin == 0 && batchCompleteMax == 0 && !syncEngine)) {
                waitForCompletions(full);
            }
            int ddir = u.ddir.ordinal();
            if (ddir < 3 && ret != QueueStatus.BUSY) {
                if (thinks) {
                    thinkIfDue(ddir);
                }
                if (measuring && paced) {
                    checkMinRate();
                }
            }
        }
        while (requeueCount > 0) {
            free[freeCount++] = requeue[requeueHead];
            requeueHead = (requeueHead + 1) % requeue.length;
            requeueCount--;
        }
        // Drain what is still in flight (fio's io_u_queued_complete(td, cur_depth)).
        quiesce();
        if (failed && syncEngine) {
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
        while (curDepth - held > 0 && !syncEngine) {
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
            sleepUntil(epochNanos + timeoutNanos);
            return false;
        }
        sleepUntil(until);
        clock = time.nanoTime();
        return !state.terminated();
    }

    private void thinkIfDue(int ddir) {
        long issuedAll = issued[0] + issued[1] + issued[2];
        long completedAll = completed[0] + completed[1] + completed[2];
        if (!source.thinkDue(issuedAll, completedAll)) {
            return;
        }
        quiesce();
        long start = time.nanoTime();
        long left = timeoutNanos > 0 ? Math.max(0, (epochNanos + timeoutNanos - start) / 1000L) : -1;
        long spin = source.thinkSpinUsec(left);
        long spinEnd = start + spin * 1000L;
        while (time.nanoTime() < spinEnd) {
            time.spin();
        }
        long spun = (time.nanoTime() - start) / 1000L;
        long sleep = source.thinkSleepUsec(spun, left < 0 ? -1 : Math.max(0, left - spun));
        if (sleep > 0) {
            sleepUntil(time.nanoTime() + sleep * 1000L);
        }
        long end = time.nanoTime();
        clock = end;
        long total = (end - start) / 1000L;
        source.thinkDone(ddir, total, issued[0] + issued[1] + issued[2], completed[0] + completed[1] + completed[2]);
    }

    private void checkMinRate() {
        long now = time.nanoTime();
        for (int d = 0; d < 3; d++) {
            String msg = source.checkMinRate(d, stats.ioBytes[d], stats.ioCompleted[d],
                    (now - measureStartNanos) / 1_000_000L, now / 1_000_000L);
            if (msg != null) {
                fail(5, "check_min_rate", msg);
                return;
            }
        }
    }

    /** Sleeps until the monotonic time {@code deadline}, waking early when the job is stopped. */
    private void sleepUntil(long deadline) {
        while (!state.terminated()) {
            long left = deadline - time.nanoTime();
            if (left <= 0) {
                return;
            }
            if (left > 2_000_000L) {
                time.park(Math.min(left - 1_000_000L, 50_000_000L));
            } else if (left > 100_000L) {
                time.park(left / 2);
            } else {
                time.spin();
            }
        }
    }

    /** Start of the measured phase (after ramp_time): counters restart (fio's reset_all_stats). */
    private void startMeasuring(long now) {
        measuring = true;
        measureStartNanos = now;
        stats.resetForMeasurement(now);
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
        return failed;
    }

    /**
     * Fills a unit: an fsync/fdatasync when one is due after the last write (fio's get_rw_ddir),
     * else the workload's next I/O. Like fio, a sync is only issued when the workload has more to
     * do (fio's loop ends before asking for one): the next I/O is fetched first and kept back.
     */
    private boolean prepare(IoUnit u, long nowUsec) {
        if (!nextIo(u, nowUsec)) {
            return false;
        }
        if (u.ddir == IoDirection.WRITE && content != null) {
            content.prepareWrite(u, clock);
        }
        return true;
    }

    private boolean nextIo(IoUnit u, long nowUsec) {
        u.result = 0;
        u.rwFlags = 0;
        if (verifier != null && (verifyPhase ? verifier.nextRead(u) : verifier.backlogRead(u))) {
            return true;
        } else if (verifyPhase) {
            return false;
        }
        if (stashed) {
            stashed = false;
            u.ddir = stashDdir;
            u.file = stashFile;
            u.offset = stashOffset;
            u.length = stashLength;
            return true;
        }
        IoDirection sync = null;
        if (lastIssuedDdir == 1 && lastFile != null) {
            long w = issued[1];
            if (fsyncEvery > 0 && w > 0 && w % fsyncEvery == 0) {
                sync = IoDirection.SYNC;
            } else if (fdatasyncEvery > 0 && w > 0 && w % fdatasyncEvery == 0) {
                sync = IoDirection.DATASYNC;
            }
        }
        if (!source.next(u, nowUsec)) {
            return false;
        }
        if (verifier != null) {
            if (u.ddir == IoDirection.WRITE) {
                verifier.prepareWrite(u, System.currentTimeMillis() * 1_000_000L, true);
            } else if (u.ddir == IoDirection.READ && !verifier.prepareRead(u)) {
                return false;
            }
        }
        if (sync != null) {
            stashed = true;
            stashDdir = u.ddir;
            stashFile = u.file;
            stashOffset = u.offset;
            stashLength = u.length;
            fillSync(u, sync);
        }
        return true;
    }

    private void fillSync(IoUnit u, IoDirection d) {
        u.ddir = d;
        u.file = lastFile;
        u.offset = 0;
        u.length = 0;
    }

    /** fio's td_io_queue. */
    private QueueStatus queue(IoUnit u) {
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
        QueueStatus ret = engine.queue(u);
        if (ret == QueueStatus.BUSY) {
            if (data) {
                issued[ddir]--;
            }
            return ret;
        }
        lastIssuedDdir = ddir;
        lastFile = u.file;
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
            stats.totalIoU[data ? ddir : JobStats.SYNC]++;
            complete(u, t, true);
        } else {
            stats.totalIoU[data ? ddir : JobStats.SYNC]++;
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
            fail(e.errno() == 0 ? 5 : e.errno(), "io commit", e.getMessage());
            // The batch never reached the device: account it as failed here so the drain
            // does not wait for completions that will not come.
            for (int i = 0; i < queued; i++) {
                IoUnit u = pending[i];
                pending[i] = null;
                curDepth--;
                free[freeCount++] = u.index;
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
        if (syncEngine || inFlight <= 0) {
            return true;
        }
        int min = Math.min(minEvents, inFlight);
        int max = Math.max(Math.min(batchCompleteMax == 0 ? inFlight : batchCompleteMax, inFlight), Math.max(min, 1));
        int n;
        try {
            n = engine.getEvents(min, max, min == 0 ? 0 : -1);
        } catch (EngineException e) {
            fail(e.errno() == 0 ? 5 : e.errno(), "td_io_getevents", null);
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
            ioError(u, (int) -res, inline);
        } else if (ddir < 3) {
            long bytes = res;
            if (inline && bytes < u.length) {
                if (measuring) {
                    stats.shortIoU[ddir]++;
                }
                if (bytes == 0 && engine.finished()) {
                    // the engine ended the job (fio's td->done: a net peer closed the link)
                    engineDone = true;
                    free[freeCount++] = u.index;
                    return;
                } else if (bytes == 0) {
                    // fio: a zero-byte transfer ends the job ("full resid").
                    fail(5, "full resid", null);
                } else if (u.file == null || u.offset + bytes < u.file.realSize) {
                    // fio's short I/O: count the part done, issue the rest again. The rest goes
                    // from the start of the unit's buffer (data contents are not verified here).
                    if (measuring) {
                        stats.ioBytes[ddir] += bytes;
                    }
                    u.offset += bytes;
                    u.length -= (int) bytes;
                    u.result = 0;
                    pushRequeue(u);
                    return;
                }
            }
            completed[ddir]++;
            if (noStats) {
                if (measuring) {
                    stats.recordUntimedCompletion(ddir, bytes);
                }
            } else if (measuring && (bytes > 0 || noIo)) {
                stats.recordCompletion(ddir, bytes, t - u.issueTimeNanos, t - u.startTimeNanos, latHistogram);
                if (maxLatencyNanos[ddir] > 0 && t - u.startTimeNanos > maxLatencyNanos[ddir]) {
                    latencyExceeded(u, t - u.startTimeNanos);
                }
                if (logs != null) {
                    logs.completion(ddir, bytes, t - u.issueTimeNanos, t - u.startTimeNanos, u, t);
                }
            }
            if (verifier != null) {
                int v = verifier.completed(u, true, mixedReadWrite && !verifyPhase);
                if (v != 0) {
                    verifyError(v);
                }
            }
        } else if (measuring && !noStats) {
            stats.recordSync(t - u.issueTimeNanos);
        }
        free[freeCount++] = u.index;
        if (syncEngine) {
            stats.maybeSample(t);
            stats.publishIfDue(t);
        }
    }

    /**
     * A read that did not verify: fio's io_completed error path. continue_on_error=verify counts
     * it and goes on; otherwise the job fails with EILSEQ. verify_fatal=1 stops it either way.
     */
    private void verifyError(int errno) {
        if (errors.continues(0, errno)) {
            stats.totalErrors++;
            if (stats.totalErrors == 1) {
                stats.firstError = errno;
            }
            if (verifier.terminateRequested()) {
                state.terminate();
            }
            return;
        }
        fail(errno, syncEngine ? "io_u_sync_complete" : "io_u_queued_complete", null);
    }

    /**
     * fio's do_dry_run (verify_only on a write job): the workload is walked without any I/O and
     * its writes are logged for the read-back pass.
     */
    public void dryRun() {
        state.setRunState(RunState.RUNNING);
        measuring = true;
        IoUnit u = units[0];
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

    private void pushRequeue(IoUnit u) {
        // Null at iodepth > 1 requeues every I/O (BUSY until reaped): wrap without a division.
        int tail = requeueHead + requeueCount;
        if (tail >= requeue.length) {
            tail -= requeue.length;
        }
        requeue[tail] = u.index;
        requeueCount++;
    }

    private final boolean direct;
    /** What writes carry (fio's refill / scramble per write); null leaves buffers as they are. */
    private final BufferContent content;

    /**
     * fio's io_completed error path. A non-fatal error (continue_on_error covers its type and
     * ignore_error, or fio's default EIO/EILSEQ, lists it) is counted and the job goes on; it is
     * logged only with error_dump. A fatal one ends the job; it counts in total_err only when it
     * came back from queue() itself, where fio's break_on_this_error counts it, not when reaped
     * from an async engine's completions.
     */
    private void ioError(IoUnit u, int errno, boolean inline) {
        int ddir = u.ddir.ordinal();
        boolean nonFatal = errors.nonFatal(ddir, errno);
        if (nonFatal && !errors.errorDump()) {
            countError(errno);
            return;
        }
        // fio's io_u_log_error: one line for every failed unit, also those reaped after the first.
        err.printf("fio: io_u error on file %s: %s: %s offset=%d, buflen=%d%n", u.file == null ? "" : u.file.path,
                Errno.strerror(errno), ddirName(u.ddir), u.offset, u.length);
        String details = engine.errorDetails(u);
        if (details != null) {
            err.println(details);
        }
        if (!failed) {
            // fio's td_io_queue: EINVAL on the first I/O of a direction is most likely alignment.
            if (direct && errno == 22 && issued[ddir & 1] == 1) {
                err.println("fio: first direct IO errored. File system may not support direct IO, or iomem_align= is bad,"
                        + " or invalid block size. Try setting direct=0.");
            }
            String hint = engine.errorHint(errno);
            if (hint != null) {
                err.println(hint);
            }
        }
        err.flush();
        if (nonFatal) {
            countError(errno);
            return;
        }
        if (inline && errors.continues(ddir, errno)) {
            countError(errno);
        }
        fail(errno, "io_u error", null);
    }

    private void countError(int errno) {
        stats.totalErrors++;
        if (stats.totalErrors == 1) {
            stats.firstError = errno;
            stats.firstErrorText = ErrorText.ignored(syncEngine, errno);
        }
    }

    /** fio's lat_fatal: ETIMEDOUT, logged once, ends the job unless ignore_error lists it. */
    private void latencyExceeded(IoUnit u, long latNanos) {
        int ddir = u.ddir.ordinal();
        if (!failed && stats.error == 0) {
            err.printf("fio: latency of %d nsec exceeds specified max (%d nsec): %s %s %d %d%n", latNanos,
                    maxLatencyNanos[ddir], u.file == null ? "" : u.file.path, ddirName(u.ddir), u.offset, u.length);
            err.flush();
        }
        if (errors.nonFatal(ddir, ErrorText.ETIMEDOUT)) {
            countError(ErrorText.ETIMEDOUT);
        } else {
            fail(ErrorText.ETIMEDOUT, ErrorText.MAX_LATENCY, null);
        }
    }

    private void fail(int errno, String function, String line) {
        if (!failed) {
            failed = true;
            if (stats.error == 0) {
                stats.error = errno;
                stats.errorFunction = function;
            }
            if (line != null) {
                err.println(line);
            }
        }
    }

    static String ddirName(IoDirection d) {
        return switch (d) {
            case READ -> "read";
            case WRITE -> "write";
            case TRIM -> "trim";
            case SYNC -> "sync";
            case DATASYNC -> "datasync";
            case SYNC_FILE_RANGE -> "sync_file_range";
        };
    }

    /** Settings of the loop; built once per job. */
    public static final class Builder {
        IoEngine engine;
        boolean syncEngine;
        boolean diskless;
        boolean setsIssueTime;
        IoUnit[] units;
        int batchSubmit = 1;
        int batchCompleteMin = 1;
        int batchCompleteMax = 0;
        int iodepthLow;
        IoSource source;
        JobStats stats;
        JobState state;
        boolean latHistogram;
        boolean slatHistogram;
        JobClock clock = JobClock.SYSTEM;
        long epochNanos;
        long runtimeNanos;
        long rampNanos;
        long fsyncEvery;
        Runnable newPass = () -> { };
        long fdatasyncEvery;
        ErrorOptions errors = ErrorOptions.NONE;
        PrintStream err = System.err;
        boolean direct;
        Verifier verifier;
        boolean verifyPhase;
        boolean mixedReadWrite;

        /** verify= is on ({@code v} fills writes and checks reads); {@code phase}: this is the read-back pass. */
        public Builder verify(Verifier v, boolean phase, boolean mixed) {
            verifier = v;
            verifyPhase = phase;
            mixedReadWrite = mixed;
            return this;
        }

        int opLatencyDdir;

        /** The direction fio's file/dir engines record their operations' latencies in (read unless write-only). */
        public Builder opLatencyDirection(int ddir) {
            opLatencyDdir = ddir;
            return this;
        }

        BufferContent content;
        JobLogs logs;

        /** The job's logs, or null when it writes none. */
        public Builder logs(JobLogs l) {
            logs = l;
            return this;
        }

        public Builder engine(IoEngine e, boolean sync, boolean diskLess, boolean setsIssue) {
            engine = e;
            syncEngine = sync;
            diskless = diskLess;
            setsIssueTime = setsIssue;
            return this;
        }

        /** direct=1: an EINVAL on the first I/O of a direction gets fio's O_DIRECT hint. */
        public Builder direct(boolean d) {
            direct = d;
            return this;
        }

        public Builder units(IoUnit[] u) {
            units = u;
            return this;
        }

        public Builder batches(int submit, int completeMin, int completeMax, int low) {
            batchSubmit = submit;
            batchCompleteMin = completeMin;
            batchCompleteMax = completeMax;
            iodepthLow = low;
            return this;
        }

        public Builder source(IoSource s) {
            source = s;
            return this;
        }

        public Builder stats(JobStats s, JobState st, boolean lat, boolean slat) {
            stats = s;
            state = st;
            latHistogram = lat;
            slatHistogram = slat;
            return this;
        }

        public Builder time(long epoch, long runtime, long ramp) {
            epochNanos = epoch;
            runtimeNanos = runtime;
            rampNanos = ramp;
            return this;
        }

        /** The clock {@code epoch} is read from (the loop's reads and waits go through it too). */
        public Builder clock(JobClock c) {
            clock = c;
            return this;
        }

        public Builder syncs(long fsync, long fdatasync) {
            fsyncEvery = fsync;
            fdatasyncEvery = fdatasync;
            return this;
        }

        public Builder errors(ErrorOptions policy, PrintStream errStream) {
            errors = policy;
            err = errStream;
            return this;
        }

        /** What to do between passes (fio drops the files' cached pages again with invalidate=1). */
        public Builder onNewPass(Runnable action) {
            newPass = action;
            return this;
        }

        /** The job's buffer contents: every write unit is refilled or scrambled as fio does. */
        public Builder content(BufferContent c) {
            content = c;
            return this;
        }

        public IoLoop build() {
            return new IoLoop(this);
        }
    }
}
