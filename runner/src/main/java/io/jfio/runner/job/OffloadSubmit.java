package io.jfio.runner.job;

import io.jfio.engine.EngineException;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * io_submit_mode=offload: the job thread hands each unit to one of its submit workers, which
 * queues it to an engine of its own and completes it, one at a time, as each of fio's workers
 * does with its own iodepth of 1 (rate-submit.c's io_workqueue_fn, workqueue.c). fio runs
 * iodepth workers, so a sync engine has up to iodepth I/Os in flight. The job thread takes the
 * finished units back and accounts them; with the units limited to iodepth, at most iodepth are
 * with the workers at once, which is fio's rate limit by iodepth.
 *
 * <p>Each worker's engine is a second instance of the job's, initialised at depth 1 on the same
 * units and files, issuing on the descriptors the job's engine opened (fio's workers issue the
 * parent's io_u on the parent's files). An engine that keeps state per open file
 * ({@link IoEngine#sharesOpenFiles()} false) gets one worker, on the job's engine itself.
 *
 * <p>The pool lives as long as the job. Each worker has two single-producer/single-consumer
 * rings, units in and finished units out, with park/unpark: nothing is allocated per unit.
 */
final class OffloadSubmit {
    private final Worker[] workers;
    private final long[] threadIds;
    /** Where the job thread looks first for an idle worker and for a finished unit. */
    private int cursor;
    /** Units handed over and not yet taken back. */
    private int outstanding;
    private volatile boolean stopping;
    /** The job thread while it waits for a finished unit (null otherwise). */
    private volatile Thread jobWaiter;

    /**
     * A pool with one worker per engine in {@code engines} (each used by its worker only), each
     * taking up to {@code depth} units, its threads started now.
     */
    OffloadSubmit(IoEngine[] engines, int depth, String jobName) {
        workers = new Worker[engines.length];
        for (int i = 0; i < engines.length; i++) {
            workers[i] = new Worker(engines[i], depth, "jfio-submit-" + jobName + "-" + i);
        }
        threadIds = new long[workers.length];
        for (int i = 0; i < workers.length; i++) {
            threadIds[i] = workers[i].thread.getId();
            workers[i].thread.start();
        }
    }

    /** The workers' thread ids (their allocation counts in the job's); not to be changed. */
    long[] threadIds() {
        return threadIds;
    }

    /** Hands {@code u} to an idle worker, or the least busy one (fio's workqueue_enqueue). */
    void submit(IoUnit u) {
        int n = workers.length;
        Worker pick = workers[cursor];
        for (int k = 0; k < n && pick.busy > 0; k++) {
            Worker w = workers[(cursor + k) % n];
            if (w.busy < pick.busy) {
                pick = w;
            }
        }
        cursor = cursor + 1 == n ? 0 : cursor + 1;
        pick.busy++;
        outstanding++;
        pick.in.put(u);
        Thread t = pick.waiting;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** Units handed over and not taken back yet. */
    int outstanding() {
        return outstanding;
    }

    /**
     * A finished unit, waiting for one when {@code wait} and one is outstanding; null when none
     * is ready (or none is outstanding).
     */
    IoUnit poll(boolean wait) {
        if (outstanding == 0) {
            return null;
        }
        IoUnit u;
        while ((u = pollDone()) == null && wait) {
            jobWaiter = Thread.currentThread();
            if ((u = pollDone()) == null) {
                LockSupport.park(this);
            }
            jobWaiter = null;
            if (u != null) {
                break;
            }
        }
        return u;
    }

    private IoUnit pollDone() {
        int n = workers.length;
        for (int k = 0; k < n; k++) {
            Worker w = workers[(cursor + k) % n];
            IoUnit u = w.out.poll();
            if (u != null) {
                w.busy--;
                outstanding--;
                return u;
            }
        }
        return null;
    }

    /** Ends the workers once they have nothing left (the job drained every unit first). */
    void stop() {
        stopping = true;
        boolean interrupted = false;
        for (Worker w : workers) {
            LockSupport.unpark(w.thread);
            while (w.thread.isAlive()) {
                try {
                    w.thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** One submit worker: its engine, its rings and its thread. */
    private final class Worker {
        final IoEngine engine;
        final Ring in;
        final Ring out;
        final Thread thread;
        /** The worker's thread while it waits for a unit (null otherwise). */
        volatile Thread waiting;
        /** Units given to this worker and not taken back (the job thread's count). */
        int busy;

        Worker(IoEngine engine, int depth, String name) {
            this.engine = engine;
            this.in = new Ring(depth);
            this.out = new Ring(depth);
            this.thread = new Thread(this::work, name);
            this.thread.setDaemon(true);
        }

        private void work() {
            while (true) {
                IoUnit u = in.poll();
                if (u == null) {
                    if (stopping) {
                        return;
                    }
                    waiting = Thread.currentThread();
                    if (in.isEmpty() && !stopping) {
                        LockSupport.park(this);
                    }
                    waiting = null;
                    continue;
                }
                run(u);
                out.put(u);
                Thread t = jobWaiter;
                if (t != null) {
                    LockSupport.unpark(t);
                }
            }
        }

        /** One unit against the engine at depth 1: queue, and for a queued one commit and reap it. */
        private void run(IoUnit u) {
            try {
                QueueStatus ret;
                io.jfio.runner.workload.RateDebug.offload(u.bufferAddress, -1);
                while ((ret = engine.queue(u)) == QueueStatus.BUSY) {
                    Thread.onSpinWait(); // nothing else of this worker's is in flight: the engine frees up by itself
                }
                io.jfio.runner.workload.RateDebug.offload(u.bufferAddress, ret.ordinal());
                u.issueTimeNanos = System.nanoTime();
                if (ret == QueueStatus.QUEUED) {
                    engine.commit();
                    int n;
                    do {
                        n = engine.getEvents(1, 1, -1);
                    } while (n <= 0);
                    IoUnit ev = engine.event(0);
                    if (ev != u) {
                        throw new IllegalStateException("the engine completed another unit");
                    }
                }
            } catch (EngineException e) {
                u.result = -(e.errno() == 0 ? 5 : e.errno());
            } catch (RuntimeException e) {
                u.result = -5;
            }
        }
    }

    /** A single-producer, single-consumer ring of units. */
    private static final class Ring {
        private final IoUnit[] slots;
        private final AtomicLong head = new AtomicLong();
        private final AtomicLong tail = new AtomicLong();

        Ring(int capacity) {
            slots = new IoUnit[Math.max(1, capacity)];
        }

        void put(IoUnit u) {
            long t = tail.get();
            slots[(int) (t % slots.length)] = u;
            tail.set(t + 1);
        }

        boolean isEmpty() {
            return head.get() == tail.get();
        }

        IoUnit poll() {
            long h = head.get();
            if (h == tail.get()) {
                return null;
            }
            int i = (int) (h % slots.length);
            IoUnit u = slots[i];
            slots[i] = null;
            head.set(h + 1);
            return u;
        }
    }
}
