package io.jfio.runner.stats;

import io.jfio.engine.nativeio.CpuAffinity;
import io.jfio.engine.nativeio.IdleScheduling;
import io.jfio.report.CpuIdleness;

import java.io.File;
import java.io.PrintStream;
import java.util.BitSet;
import java.util.concurrent.CountDownLatch;

/**
 * fio's --idle-prof (fio's idletime.c): one thread per CPU, pinned to it, first learns how long a
 * fixed unit of work (writing a page byte by byte) takes there, then drops to SCHED_IDLE and does
 * units until the run ends. The units done, times the calibrated unit time, over the run time is
 * the share of the CPU nothing else wanted. Nothing of this runs without --idle-prof.
 */
public final class IdleProfiler {
    /** The values --idle-prof takes. */
    public enum Mode { CALIBRATE, SYSTEM, PERCPU }

    private static final int CALIBRATE_RUNS = 10;
    private static final int CALIBRATE_SCALE = 1000;
    private static final int PAGE = 4096;

    private final Mode mode;
    private final PrintStream err;
    private final Probe[] probes;
    private final CountDownLatch calibrated;
    private final CountDownLatch go = new CountDownLatch(1);
    private volatile boolean stop;
    /** Set when a probe could not be pinned or made idle: fio then reports zeros. */
    private volatile boolean aborted;
    private double unitMean;
    private double unitStddev;
    /** Percent per CPU, once stopped. */
    private volatile double[] idleness;

    private IdleProfiler(Mode mode, int cpus, PrintStream err) {
        this.mode = mode;
        this.err = err;
        this.probes = new Probe[cpus];
        this.calibrated = new CountDownLatch(cpus);
    }

    /** fio's option value, or null after fio's error line for a value it does not know. */
    public static Mode parse(String value, PrintStream err) {
        return switch (value) {
            case "calibrate" -> Mode.CALIBRATE;
            case "system" -> Mode.SYSTEM;
            case "percpu" -> Mode.PERCPU;
            default -> {
                err.println("fio: incorrect idle-prof option: " + value);
                yield null;
            }
        };
    }

    /** --idle-prof=calibrate: calibrates every CPU, prints the unit time and returns. */
    public static void calibrateOnly(PrintStream out, PrintStream err) {
        IdleProfiler p = start(Mode.CALIBRATE, err);
        p.stop();
        out.print(CpuIdleness.calibration(p.unitMean, p.unitStddev));
        out.flush();
    }

    /**
     * Starts a probe per configured CPU and waits for their calibration (fio's
     * fio_idle_prof_init, before the jobs are set up); the probes then wait for {@link #begin()}.
     */
    public static IdleProfiler start(Mode mode, PrintStream err) {
        IdleProfiler p = new IdleProfiler(mode, configuredCpus(), err);
        for (int i = 0; i < p.probes.length; i++) {
            p.probes[i] = new Probe(p, i);
            Thread t = new Thread(p.probes[i], "idle-prof-" + i);
            t.setDaemon(true);
            p.probes[i].thread = t;
            t.start();
        }
        try {
            p.calibrated.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.aborted = true;
        }
        if (p.aborted) {
            p.unitMean = 0;
            p.unitStddev = 0;
        } else {
            double sum = 0;
            for (Probe q : p.probes) {
                sum += q.unitMicros;
            }
            p.unitMean = sum / p.probes.length;
            double var = 0;
            for (Probe q : p.probes) {
                var += (q.unitMicros - p.unitMean) * (q.unitMicros - p.unitMean);
            }
            p.unitStddev = Math.sqrt(var / (p.probes.length - 1));
        }
        return p;
    }

    /** The jobs start now: the probes begin counting (fio's fio_idle_prof_start). */
    public void begin() {
        go.countDown();
    }

    /** The jobs have ended: stops the probes, waits for them and works out the idleness (fio's fio_idle_prof_stop). */
    public void stop() {
        stop = true;
        go.countDown();
        double[] cpus = new double[probes.length];
        for (int i = 0; i < probes.length; i++) {
            Probe q = probes[i];
            try {
                q.thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long runMicros = (q.endNanos - q.startNanos) / 1000;
            cpus[i] = unitMean != 0 && runMicros > 0 && !aborted ? q.loops * unitMean / runMicros * 100 : 0;
        }
        idleness = cpus;
    }

    /** The figures: the idleness is 0 until {@link #stop()}, as in fio's interim reports. */
    public CpuIdleness result() {
        double[] cpus = idleness == null ? new double[probes.length] : idleness.clone();
        double sum = 0;
        for (double c : cpus) {
            sum += c;
        }
        return new CpuIdleness(mode == Mode.PERCPU, sum / cpus.length, cpus, unitMean, unitStddev);
    }

    /** fio's cpus_configured(): the CPUs the kernel knows, online or not, whatever this process may use. */
    static int configuredCpus() {
        String[] names = new File("/sys/devices/system/cpu").list((d, n) -> n.matches("cpu[0-9]+"));
        return names == null || names.length == 0 ? Runtime.getRuntime().availableProcessors() : names.length;
    }

    /** One unit of work, from offset {@code j}; returns the bytes done (fewer than a page when stopped). */
    private int unit(byte[] data, long j) {
        int off = (int) (j % PAGE);
        for (int k = 0; k < PAGE; k++) {
            int at = off + k;
            data[at >= PAGE ? at - PAGE : at] = (byte) k;
            // the stop check sits in the unit, in calibration too, so both time the same loop
            if (stop) {
                return k;
            }
        }
        return PAGE;
    }

    private static final class Probe implements Runnable {
        private final IdleProfiler p;
        private final int cpu;
        private final byte[] data = new byte[PAGE];
        Thread thread;
        double unitMicros;
        double loops;
        long startNanos;
        long endNanos;

        Probe(IdleProfiler p, int cpu) {
            this.p = p;
            this.cpu = cpu;
        }

        @Override
        public void run() {
            BitSet one = new BitSet();
            one.set(cpu);
            if (CpuAffinity.pinCurrentThread(one) != 0) {
                p.err.println("fio: fio_setaffinity failed");
                fail();
                return;
            }
            unitMicros = calibrate();
            // the idle class only now, so that calibration ran at normal priority (as fio)
            if (IdleScheduling.setCurrentThread() != 0) {
                p.err.println("fio: fio_set_sched_idle failed");
                fail();
                return;
            }
            p.calibrated.countDown();
            try {
                p.go.await();
            } catch (InterruptedException e) {
                return;
            }
            if (p.stop || p.aborted || p.mode == Mode.CALIBRATE) {
                return;
            }
            startNanos = System.nanoTime();
            long j = 0;
            int k;
            while ((k = p.unit(data, j)) == PAGE) {
                j++;
            }
            endNanos = System.nanoTime();
            loops = j + (double) k / PAGE;
        }

        private void fail() {
            p.aborted = true;
            p.calibrated.countDown();
        }

        /** The shortest of the runs' times per unit, microseconds. */
        private double calibrate() {
            double best = 0;
            for (int i = 0; i < CALIBRATE_RUNS; i++) {
                long t0 = System.nanoTime();
                for (int j = 0; j < CALIBRATE_SCALE; j++) {
                    p.unit(data, j);
                }
                long us = (System.nanoTime() - t0) / 1000;
                if (us == 0) {
                    continue;
                }
                if (i == 0 || us < best) {
                    best = us;
                }
            }
            return best / CALIBRATE_SCALE;
        }
    }
}
