package io.jfio.multi;

import io.jfio.jobfile.JobSpec;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * The start barrier shared by every instance of one jfio-multi run: each expected job waits here
 * after its setup (file layout, open, engine init) and before its first I/O; when the last one
 * arrives all are released together. A job that ends before arriving (setup error) is withdrawn
 * so the others do not wait for it. Separate fio processes cannot do this.
 */
final class StartGate {
    private final Set<JobSpec> expected = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<JobSpec> arrived = Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean open;
    private long openedNanos;
    /** Told once when every expected job is in; then the gate waits for {@link #openNow}. */
    private Runnable hold;

    /**
     * Holds the gate for a barrier outside this process (jfio-multi --hosts): once all expected
     * jobs are in, {@code allArrived} runs (under the gate's lock: it must not block) and the
     * gate opens only on {@link #openNow}.
     */
    synchronized void hold(Runnable allArrived) {
        this.hold = allArrived;
    }

    /** Registers a job that must arrive before anyone starts (call before the runs start). */
    synchronized void expect(JobSpec job) {
        expected.add(job);
    }

    /** Blocks the job's thread until the gate opens; jobs not expected pass straight through. */
    void arrive(JobSpec job) {
        synchronized (this) {
            if (!expected.contains(job)) {
                return;
            }
            arrived.add(job);
            check();
            boolean interrupted = false;
            while (!open) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The job will never arrive (it ended during setup). */
    synchronized void withdraw(JobSpec job) {
        if (!arrived.contains(job) && expected.remove(job)) {
            check();
        }
    }

    /** Opens regardless of who is missing (the run is being stopped). */
    synchronized void openNow() {
        release();
    }

    synchronized boolean isOpen() {
        return open;
    }

    /** System.nanoTime() when the gate opened, 0 while closed. */
    synchronized long openedNanos() {
        return openedNanos;
    }

    synchronized boolean hasArrived(JobSpec job) {
        return arrived.contains(job);
    }

    private void check() {
        if (!open && arrived.containsAll(expected)) {
            if (hold == null) {
                release();
            } else {
                Runnable h = hold;
                hold = null;
                h.run();
            }
        }
    }

    private void release() {
        if (!open) {
            open = true;
            openedNanos = System.nanoTime();
            notifyAll();
        }
    }
}
