package io.jfio.runner.job;

import io.jfio.engine.nativeio.CpuAffinity;

import java.util.BitSet;
import java.util.List;

/**
 * gtod_cpu's time-keeping thread (fio's gettime-thread.c): started before the jobs when one of
 * them sets gtod_cpu, pinned to the CPUs they name, it reads the clock in a busy loop until the
 * run ends, so it holds that CPU as fio's does (the jobs' own stamps are {@link MicrosClock}'s).
 * It is not a job thread: no job's cpu line counts it, as fio's RUSAGE_THREAD does not.
 */
public final class GtodThread {
    private final Thread thread;
    private volatile boolean done;
    /** The time it last read (fio's fio_ts), kept so the loop is not optimised away. */
    private volatile long now;

    private GtodThread(BitSet cpus) {
        thread = new Thread(() -> {
            if (CpuAffinity.pinCurrentThread(cpus) != 0) {
                System.err.println("gtod: setaffinity failed");
                return;
            }
            while (!done) {
                now = System.currentTimeMillis();
                Thread.onSpinWait();
            }
        }, "jfio-gtod");
        thread.setDaemon(true);
    }

    /** Starts the thread when a job sets gtod_cpu (null otherwise). */
    public static GtodThread startFor(List<Job> jobs) {
        BitSet cpus = new BitSet();
        for (Job j : jobs) {
            int c = j.options().runtime().gtodCpu();
            if (c >= 0) {
                cpus.set(c);
            }
        }
        if (cpus.isEmpty()) {
            return null;
        }
        GtodThread g = new GtodThread(cpus);
        g.thread.start();
        return g;
    }

    /** The run is over (fio's nr_segments reaches 0). */
    public void stop() {
        done = true;
    }
}
