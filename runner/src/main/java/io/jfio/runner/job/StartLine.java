package io.jfio.runner.job;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
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
 * <p>The last job to arrive wakes every waiting job itself (one unpark each), as fio's main
 * thread ups each created thread's semaphore. With a monitor's notifyAll the 252 woken jobs had
 * to take the monitor back one after another, each hand-over waiting for the next thread to get
 * a CPU among the running ones: on the loaded 2-CPU machine the batch's first I/Os spread over
 * 0.1-0.6 s, and one job started 2 s after the rest (the run lasted until it ended).
 */
public final class StartLine {
    static final long PATIENCE_NANOS = 5_000_000_000L;
    /** How often a waiting job looks at its stop flag and the line's patience. */
    private static final long POLL_NANOS = 50_000_000L;

    private final long patienceNanos;
    private final AtomicInteger missing;
    private final Queue<Thread> waiting = new ConcurrentLinkedQueue<>();
    private volatile boolean open;
    private volatile long lastArrival = System.nanoTime();

    /** A line for {@code jobs} jobs; each {@link #arrive}s or {@link #leave}s exactly once. */
    public StartLine(int jobs) {
        this(jobs, PATIENCE_NANOS);
    }

    StartLine(int jobs, long patienceNanos) {
        this.missing = new AtomicInteger(jobs);
        this.patienceNanos = patienceNanos;
    }

    /** Counts this job in and waits until every other job of the batch arrived or left. */
    void arrive(JobState state) {
        // queued before it counts: the job that opens the line sees every job that arrived before it
        waiting.add(Thread.currentThread());
        count();
        boolean interrupted = false;
        while (!open && !state.terminated() && System.nanoTime() - lastArrival < patienceNanos) {
            LockSupport.parkNanos(this, POLL_NANOS);
            interrupted |= Thread.interrupted(); // park returns at once while the flag is set
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
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
            for (Thread t : waiting) {
                LockSupport.unpark(t);
            }
        }
    }
}
