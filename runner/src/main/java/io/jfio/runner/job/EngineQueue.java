package io.jfio.runner.job;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.runner.log.JobLogs;
import io.jfio.runner.stats.JobStats;

/**
 * A job's units against its engine, the issue/complete cycle (fio's td_io_queue and td_io_commit
 * in ioengines.c, wait_for_completions and io_u_queued_complete in io_u.c): units are taken and
 * queued, committed in iodepth_batch batches and reaped in iodepth_batch_complete_min..max
 * events, with fio's timestamps (start_time when a unit is taken, issue_time at submit,
 * completion time at reap: slat, clat and lat are their differences) and counters (submit and
 * complete batch sizes, depths). It also keeps the loop's timestamp cache. Nothing here
 * allocates after construction.
 */
final class EngineQueue {
    private final IoEngine engine;
    /** Sync engines complete in queue() and have no commit hook (fio's FIO_SYNCIO). */
    private final boolean syncEngine;
    /** Engines without a commit hook count one submit and one completion per I/O (fio's td_io_queue). */
    private final boolean countPerIo;
    /** An async engine without a commit hook (posixaio): submits are counted per I/O, not per commit. */
    private final boolean noCommit;
    /** The engine stamps issue times itself at commit (fio's FIO_ASYNCIO_SETS_ISSUE_TIME). */
    private final boolean engineSetsIssueTime;
    private final UnitPool pool;
    private final IoUnit[] pending;
    private int queued;
    /** Units handed out and not yet completed (fio's cur_depth). */
    private int curDepth;
    /** 1 while a unit is taken from the pool but not yet queued (it counts in curDepth, as in fio). */
    private int held;

    final int iodepth;
    private final int batchSubmit;
    private final int batchCompleteMin;
    private final int batchCompleteMax;
    private final int iodepthLow;

    private final JobStats stats;
    private final ErrorPolicy errors;
    private final SyncSchedule syncs;
    private final long[] issued;
    private final JobLogs logs;
    private final IoCompletion completion;
    private final JobClock time;
    /** serialize_overlap: units in flight by index (null without). */
    private final OverlapGuard overlap;
    /** openfiles below nrfiles: told of each file's I/Os in flight (null without). */
    private final io.jfio.runner.workload.FileOpener fileRefs;
    /** lockfile=exclusive: the file's lock is held while the engine takes a unit (null without). */
    private final FileLocks locks;
    /** zonemode=zbd's zones, whose resets the trims are; null without zones. */
    private final io.jfio.runner.zbd.ZbdJob zones;
    private final java.io.PrintStream err;
    /** io_submit_mode=offload: submit workers queue and complete the units. */
    private final boolean offloadMode;
    /** The job's submit workers (null without offload). */
    private final OffloadSubmit offload;
    /**
     * Offload: each unit counts one submit and one completion, as fio's depth-1 submit workers
     * count them (a sync engine per I/O, an async one per commit and reap), except for null,
     * which fio makes a sync engine with a commit hook at depth 1, counting neither.
     */
    private final boolean offloadCounts;
    /** The engine ended the job's I/O itself (IoEngine#finished). */
    private boolean engineDone;
    /** verify_async: the verifier whose threads hold checked reads' units until they are taken back (null otherwise). */
    private final io.jfio.runner.verify.Verifier verifyThreads;
    /** The units and results taken back from the verify threads, one batch at a time. */
    private final int[] backUnits;
    private final int[] backCodes;
    /**
     * The latest timestamp taken (start, issue, completion): what the runtime and ramp_time
     * checks compare, like fio's ts_cache, so that no clock read is made per I/O beyond fio's
     * timestamp points.
     */
    private long clock;

    EngineQueue(LoopSettings s, LoopParts p, ErrorPolicy errors, SyncSchedule syncs, long[] issued,
                IoCompletion completion) {
        this.engine = p.engine();
        this.zones = p.source().zbd();
        this.err = p.err();
        this.syncEngine = p.syncEngine();
        this.noCommit = engine.flags().contains(EngineFlag.NO_COMMIT);
        boolean noStats = engine.flags().contains(EngineFlag.NO_STATS);
        boolean noIo = engine.flags().contains(EngineFlag.NO_IO);
        this.countPerIo = (syncEngine && !p.diskless()) || noCommit || noStats || noIo;
        this.engineSetsIssueTime = p.setsIssueTime();
        IoUnit[] units = p.units();
        this.pool = new UnitPool(units);
        this.verifyThreads = p.verifier() != null && p.verifier().async() ? p.verifier() : null;
        this.backUnits = verifyThreads == null ? null : new int[units.length];
        this.backCodes = verifyThreads == null ? null : new int[units.length];
        this.pending = new IoUnit[units.length];
        this.iodepth = Math.max(1, units.length);
        int bs = s.batchSubmit() <= 0 || s.batchSubmit() > iodepth ? iodepth : s.batchSubmit();
        this.batchSubmit = syncEngine ? 1 : bs;
        this.batchCompleteMin = Math.min(s.batchCompleteMin(), iodepth);
        this.batchCompleteMax = Math.max(s.batchCompleteMax(), this.batchCompleteMin);
        this.iodepthLow = s.iodepthLow() <= 0 || s.iodepthLow() > iodepth ? iodepth : s.iodepthLow();
        this.stats = p.stats();
        this.errors = errors;
        this.syncs = syncs;
        this.issued = issued;
        this.logs = p.logs();
        this.completion = completion;
        this.time = p.clock();
        this.locks = p.fileLocks();
        this.overlap = OverlapGuard.of(s.serializeOverlap(), iodepth, s.modifies(), s.replay(), units);
        this.fileRefs = p.source().fileOpener();
        this.offloadMode = s.offload();
        this.offload = p.offload();
        this.offloadCounts = !p.diskless() || noCommit || noStats || noIo;
        if (zones != null) {
            zones.attach(this::quiesce, () -> curDepth - held > 0); // zbd.c's io_u_quiesce
        }
    }

    /** The cached timestamp (fio's ts_cache). */
    long clock() {
        return clock;
    }

    /** Reads the clock into the cache. */
    long readClock() {
        return clock = time.nanoTime();
    }

    /** A timestamp taken elsewhere (a think time's end) becomes the cached one. */
    void clock(long t) {
        clock = t;
    }

    boolean syncEngine() {
        return syncEngine;
    }

    boolean engineDone() {
        return engineDone;
    }

    /** Units handed out and not yet completed (fio's cur_depth). */
    int depth() {
        return curDepth;
    }

    boolean hasRequeued() {
        return pool.hasRequeued();
    }

    /** BUSY or a short transfer: the same I/O goes again (the pattern counted it already). */
    IoUnit takeRequeued() {
        curDepth++;
        return pool.pollRequeued();
    }

    boolean hasFree() {
        if (verifyThreads != null && verifyThreads.verifiedReady()) {
            takeVerified(false); // also how a verify thread's failure reaches the loop's checks
        }
        return pool.hasFree();
    }

    /**
     * The units the verify threads checked go back to the free list, their failures to the error
     * policy; with {@code wait} it waits for one (fio's get_io_u on free_cond).
     */
    private void takeVerified(boolean wait) {
        int n = verifyThreads.takeVerified(backUnits, backCodes, wait);
        for (int i = 0; i < n; i++) {
            completion.verified(backCodes[i]);
            pool.release(pool.units[backUnits[i]]);
        }
    }

    /** A free unit for a new I/O, held (counted in the depth) until {@link #issue} or {@link #putBack}. */
    IoUnit take() {
        IoUnit u = pool.take();
        curDepth++;
        held = 1;
        return u;
    }

    /** A held unit that was not issued goes back to the free list. */
    void putBack(IoUnit u) {
        held = 0;
        curDepth--;
        pool.release(u);
    }

    /** The first unit: the dry run walks the workload with it. */
    IoUnit firstUnit() {
        return pool.units[0];
    }

    /** Stamps the unit's start time and queues it; a BUSY unit is requeued for the next round. */
    QueueStatus issue(IoUnit u) {
        u.startTimeNanos = clock = time.nanoTime();
        held = 0;
        QueueStatus ret = queue(u);
        if (ret == QueueStatus.BUSY) {
            // fio's requeue_io_u: the unit leaves the queue and is issued again next round.
            curDepth--;
            pool.requeue(u);
            commit();
        }
        return ret;
    }

    /**
     * After an issue: when the depth reached {@code depthLimit} (iodepth, or latency_target's
     * current depth) or the engine was busy, reap down to iodepth_low, as fio's do_io does; with
     * iodepth_batch_complete_min=max=0 an async engine is polled every round.
     */
    void reapAfterIssue(QueueStatus ret, int depthLimit) {
        boolean full = curDepth >= depthLimit || (ret == QueueStatus.BUSY && curDepth > 0);
        if (full || (batchCompleteMin == 0 && batchCompleteMax == 0 && !syncEngine)) {
            waitForCompletions(full);
        }
    }

    /** Every unit is in flight or queued: make room; false on engine failure. */
    boolean makeRoom() {
        commit();
        if (verifyThreads != null && curDepth - held <= 0 && verifyThreads.verifying() > 0) {
            takeVerified(true); // nothing in flight: every unit is with the verify threads
            return true;
        }
        return reap(1);
    }

    /** fio's io_u_quiesce: submit what is queued and complete everything in flight. */
    void quiesce() {
        commit();
        // A sync engine has nothing in flight unless it queued (vsync): then it is reaped too.
        while (curDepth - held > 0) {
            if (!reap(curDepth - held)) {
                break;
            }
        }
    }

    /** The loop ends: requeued units are dropped and what is in flight is drained (fio's io_u_queued_complete(td, cur_depth)). */
    void drain() {
        pool.dropRequeued();
        quiesce();
        // every unit back from the verify threads, their failures counted, before the loop reports
        while (verifyThreads != null && verifyThreads.verifying() > 0) {
            takeVerified(true);
        }
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
        IoDebug.prepAndQueue(u, engine);
        if (offloadMode) {
            return offloaded(u, ddir);
        }
        QueueStatus ret;
        if (zones != null && ddir == 2) {
            ret = zoneTrim(u);
        } else if (locks == null) {
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
        if (fileRefs != null && u.file != null) {
            fileRefs.get(u.file.index);
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

    /** zonemode=zbd: a trim resets its zone instead of reaching the engine (fio's do_io_u_trim). */
    private QueueStatus zoneTrim(IoUnit u) {
        int e = zones.trim(u.file, u.offset, err);
        u.result = e == 0 ? u.length : -e;
        return QueueStatus.COMPLETED;
    }

    /** Offload: the unit goes to a submit worker (fio's workqueue_enqueue in do_io). */
    private QueueStatus offloaded(IoUnit u, int ddir) {
        if (overlap != null) {
            overlap.issued(u);
        }
        if (fileRefs != null && u.file != null) {
            fileRefs.get(u.file.index);
        }
        syncs.issued(ddir, u.file);
        SyncSchedule.countIssued(stats, u.ddir);
        offload.submit(u);
        return QueueStatus.QUEUED;
    }

    /** Offload's reap: the units the submit workers finished, waiting for {@code minEvents}. */
    private boolean reapOffloaded(int minEvents) {
        int n = 0;
        IoUnit u;
        while ((u = offload.poll(n < minEvents)) != null) {
            n++;
            long t = clock = time.nanoTime();
            // fio's submit worker has a depth of its own, 1
            stats.markDepth(1, 1);
            if (offloadCounts) {
                stats.markSubmit(1);
                stats.markComplete(1);
            }
            complete(u, t, syncEngine);
            stats.maybeSample(t);
            stats.publishIfDue(t);
        }
        return true;
    }

    /** fio's td_io_commit: hands the queued batch to the device and stamps its issue time. */
    void commit() {
        if (queued == 0) {
            return;
        }
        stats.markDepth(curDepth, queued);
        IoDebug.commit(curDepth);
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
                if (fileRefs != null && u.file != null) {
                    fileRefs.put(u.file.index);
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
            completion.submitted(u, t - u.startTimeNanos);
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
        if (offloadMode) {
            return reapOffloaded(Math.min(minEvents, offload.outstanding()));
        }
        int min = Math.min(minEvents, inFlight);
        int max = Math.max(Math.min(batchCompleteMax == 0 ? inFlight : batchCompleteMax, inFlight), Math.max(min, 1));
        int n;
        IoDebug.reap(min);
        try {
            n = engine.getEvents(min, max, min == 0 ? 0 : -1);
            IoDebug.events(n);
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

    private void complete(IoUnit u, long t, boolean inline) {
        IoDebug.unit("complete", u);
        io.jfio.runner.workload.FileDebug.completed(u.file);
        curDepth--;
        if (overlap != null) {
            overlap.done(u);
        }
        if (fileRefs != null && u.file != null) {
            fileRefs.put(u.file.index);
        }
        int outcome = completion.complete(u, t, inline);
        if (outcome == IoCompletion.REISSUE) {
            pool.requeue(u);
            return;
        }
        io.jfio.runner.zbd.ZbdJob.completed(zones, u, !inline); // fio's zbd_put_io
        if (outcome != IoCompletion.VERIFYING) {
            pool.release(u); // a verified read's unit comes back after its check (takeVerified)
        }
        if (outcome == IoCompletion.ENGINE_ENDED) {
            engineDone = true;
            return;
        }
        if (syncEngine) {
            stats.maybeSample(t);
            stats.publishIfDue(t);
        }
    }
}
