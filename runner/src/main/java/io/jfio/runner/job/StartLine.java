package io.jfio.runner.job;

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
 */
public final class StartLine {
    static final long PATIENCE_NANOS = 5_000_000_000L;

    private final long patienceNanos;
    private int missing;
    private long lastArrival = System.nanoTime();

    /** A line for {@code jobs} jobs; each {@link #arrive}s or {@link #leave}s exactly once. */
    public StartLine(int jobs) {
        this(jobs, PATIENCE_NANOS);
    }

    StartLine(int jobs, long patienceNanos) {
        this.missing = jobs;
        this.patienceNanos = patienceNanos;
    }

    /** Counts this job in and waits until every other job of the batch arrived or left. */
    synchronized void arrive(JobState state) {
        count();
        boolean interrupted = false;
        while (missing > 0 && !state.terminated() && System.nanoTime() - lastArrival < patienceNanos) {
            try {
                wait(50);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Counts out a job that will not reach the line. */
    synchronized void leave() {
        count();
    }

    private void count() {
        missing--;
        lastArrival = System.nanoTime();
        if (missing <= 0) {
            notifyAll();
        }
    }
}
