package io.jfio.runner.job;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Where the jobs of one released batch wait for each other between their set-up in the job
 * thread (buffers, engine init, files opened, logs) and their first I/O. fio's threads do that
 * set-up in C in well under a millisecond each, so its batch starts its I/O together; jfio's
 * take a few milliseconds each, and with 252 threads the last ones got their CPU slices only
 * between the already running jobs' I/O: their I/O started up to 6 s after the first job's, and
 * the run lasted that much longer than its runtime. Lined up, the set-up of the whole batch
 * runs before any job's I/O competes with it.
 *
 * <p>A job that ends before its I/O (a set-up error, create_only, a stop) {@link #leave}s the
 * line, so nobody waits for it. The line gives up waiting when nobody arrived for
 * {@link #PATIENCE_NANOS} (a job set-up that blocks on something outside the batch): the jobs
 * then start as they would without it.
 *
 * <p>The last job to arrive (or leave) wakes every waiting job itself (one unpark each), as fio's
 * main thread ups each created thread's semaphore, and every job that passes the open line also
 * wakes the two that arrived at twice its place plus one and two: a tree that has the batch awake
 * after about log2(jobs) hand-overs when the opener loses its CPU to the jobs it woke (it then
 * took up to 0.56 s to unpark 251 threads on the loaded 2-CPU machine). A job woken twice only
 * holds a spare permit, which a later park may spend early (parks loop on their condition). With
 * a monitor's notifyAll the 252 woken jobs had to take the monitor back one after another, each
 * hand-over waiting for the next thread to get a CPU among the running ones.
 */
public final class StartLine {
    static final long PATIENCE_NANOS = 5_000_000_000L;
    /** How often a waiting job looks at its stop flag and the line's patience. */
    private static final long POLL_NANOS = 50_000_000L;

    private final long patienceNanos;
    private final AtomicInteger missing;
    /** The arrived jobs' threads by arrival order: the wake-up tree's places. */
    private final AtomicReferenceArray<Thread> arrivals;
    private final AtomicInteger arrived = new AtomicInteger();
    private volatile boolean open;
    private volatile long lastArrival = System.nanoTime();

    /** A line for {@code jobs} jobs; each {@link #arrive}s or {@link #leave}s exactly once. */
    public StartLine(int jobs) {
        this(jobs, PATIENCE_NANOS);
    }

    StartLine(int jobs, long patienceNanos) {
        this.missing = new AtomicInteger(jobs);
        this.arrivals = new AtomicReferenceArray<>(Math.max(jobs, 0));
        this.patienceNanos = patienceNanos;
    }

    /** Counts this job in and waits until every other job of the batch arrived or left. */
    void arrive(JobState state) {
        // in place before it counts: the job that opens the line sees every job that arrived before it
        int place = arrived.getAndIncrement();
        if (place < arrivals.length()) {
            arrivals.set(place, Thread.currentThread());
        }
        count();
        boolean interrupted = false;
        while (!open && !state.terminated() && System.nanoTime() - lastArrival < patienceNanos) {
            LockSupport.parkNanos(this, POLL_NANOS);
            interrupted |= Thread.interrupted(); // park returns at once while the flag is set
        }
        if (open) {
            wake(2 * place + 1);
            wake(2 * place + 2);
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void wake(int place) {
        if (place < arrivals.length()) {
            Thread t = arrivals.get(place);
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** Counts out a job that will not reach the line. */
    void leave() {
        count();
    }

    private void count() {
        lastArrival = System.nanoTime();
        if (missing.decrementAndGet() == 0) {
            open = true;
            int n = Math.min(arrived.get(), arrivals.length());
            for (int i = 0; i < n; i++) {
                wake(i);
            }
        }
    }
}
