package io.jfio.runner.job;

import io.jfio.engine.EngineException;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * io_submit_mode=offload: the job thread hands each unit to a submit thread, which queues it to
 * the engine and completes it one at a time, as each of fio's submit workers does with its own
 * iodepth of 1 (rate-submit.c's io_workqueue_fn). The job thread takes the finished units back
 * and accounts them; with the units limited to iodepth, at most iodepth are with the submit thread
 * at once, which is fio's rate limit by iodepth.
 *
 * <p>fio runs iodepth workers, each with its own engine instance; jfio runs one submit thread on
 * the job's engine (its engines are not made to be queued to from two threads), so a sync engine
 * has one I/O in flight at a time, not iodepth.
 *
 * <p>The two hand-overs are single-producer/single-consumer rings with park/unpark: nothing is
 * allocated per unit.
 */
final class OffloadSubmit {
    private final IoEngine engine;
    private final Ring toWorker;
    private final Ring done;
    private final Thread worker;
    private volatile boolean stopping;
    /** Units handed over and not yet taken back. */
    private int outstanding;

    private OffloadSubmit(IoEngine engine, int depth, String name) {
        this.engine = engine;
        this.toWorker = new Ring(depth);
        this.done = new Ring(depth);
        this.worker = new Thread(this::work, name);
        this.worker.setDaemon(true);
        this.worker.start();
    }

    /** The submit thread of a job's loop, started now. */
    static OffloadSubmit start(IoEngine engine, int depth, String jobName) {
        return new OffloadSubmit(engine, depth, "jfio-submit-" + jobName);
    }

    /** Hands {@code u} to the submit thread (fio's workqueue_enqueue). */
    void submit(IoUnit u) {
        outstanding++;
        toWorker.put(u);
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
        IoUnit u = wait ? done.take() : done.poll();
        if (u != null) {
            outstanding--;
        }
        return u;
    }

    /** Ends the submit thread once it has nothing left (the loop drained every unit first). */
    void stop() {
        stopping = true;
        LockSupport.unpark(worker);
        boolean interrupted = false;
        while (worker.isAlive()) {
            try {
                worker.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void work() {
        while (true) {
            IoUnit u = toWorker.poll();
            if (u == null) {
                if (stopping) {
                    return;
                }
                toWorker.await(this);
                continue;
            }
            run(u);
            done.put(u);
        }
    }

    /** One unit against the engine at depth 1: queue, and for a queued one commit and reap it. */
    private void run(IoUnit u) {
        try {
            QueueStatus ret;
            io.jfio.runner.workload.RateDebug.offload(u.bufferAddress, -1);
            while ((ret = engine.queue(u)) == QueueStatus.BUSY) {
                Thread.onSpinWait(); // nothing else of this thread's is in flight: the engine frees up by itself
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

    boolean stopping() {
        return stopping;
    }

    /** A single-producer, single-consumer ring whose consumer parks while it is empty. */
    private static final class Ring {
        private final IoUnit[] slots;
        private final AtomicLong head = new AtomicLong();
        private final AtomicLong tail = new AtomicLong();
        private volatile Thread waiter;

        Ring(int capacity) {
            slots = new IoUnit[Math.max(1, capacity)];
        }

        void put(IoUnit u) {
            long t = tail.get();
            slots[(int) (t % slots.length)] = u;
            tail.set(t + 1);
            Thread w = waiter;
            if (w != null) {
                LockSupport.unpark(w);
            }
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

        IoUnit take() {
            IoUnit u;
            while ((u = poll()) == null) {
                await(null);
            }
            return u;
        }

        /** Parks until a put (or a stop of {@code owner}'s thread); returns at once if not empty. */
        void await(OffloadSubmit owner) {
            waiter = Thread.currentThread();
            if (head.get() == tail.get() && (owner == null || !owner.stopping())) {
                LockSupport.park(this);
            }
            waiter = null;
        }
    }
}
