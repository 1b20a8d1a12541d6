package io.jfio.runner.job;

import io.jfio.engine.EngineFlag;
import io.jfio.engine.IoEngine;
import io.jfio.engine.nativeio.Native;
import io.jfio.runner.data.RandomFill;

import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One-time JVM work every I/O job thread would otherwise start with, begun on a side thread while
 * the main thread still sets the jobs up: the jnr-ffi libc binding (it generates a class: ~45 ms on
 * a quiet machine, much more on a loaded one), the ThreadMXBean the I/O loop's allocation count
 * reads, and the JIT's compile of the random buffer fill each writing job makes once
 * ({@link RandomFill#warmUp}). The first two are class initialisers, so when the first job thread
 * ran one, the other 250 of a numjobs=252 run blocked on it; and it ran with all of them runnable.
 * fio has no such cost: its threads start with everything linked.
 */
public final class SetUpAhead {
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static volatile Thread worker;
    /** The binding and the bean are made (or failed): what a job thread waits for. */
    private static final CountDownLatch LINKED = new CountDownLatch(1);

    private SetUpAhead() {
    }

    /** Begins the work once, for an engine that does I/O (the null engine needs neither). */
    static void forEngine(IoEngine engine) {
        if (needed(engine.flags())) {
            begin();
        }
    }

    /** Whether an engine with these flags moves data (not DISK_LESS, not NO_IO), so needs the binding. */
    public static boolean needed(Set<EngineFlag> engineFlags) {
        return !engineFlags.contains(EngineFlag.DISK_LESS) && !engineFlags.contains(EngineFlag.NO_IO);
    }

    /**
     * Begins the work once, for a run with a job whose engine does I/O, before the first job's
     * set-up reaches {@link #forEngine}: the run's checks and the jobs' objects come first, and
     * the binding then overlaps them too.
     */
    public static void begin() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                Native.libc();
                JobIo.ThreadBean.BEAN.getClass();
            } catch (RuntimeException | LinkageError e) {
                // the job thread that needs it meets the same failure and reports it
            } finally {
                LINKED.countDown();
            }
            // Not waited for (12-17 ms, interpreted at first): it only queues the JIT's compile,
            // and the job threads, created meanwhile, stay held until their batch is released.
            RandomFill.warmUp();
        }, "jfio-setup-ahead");
        t.setDaemon(true);
        t.start();
        worker = t;
    }

    /**
     * Waits for the binding and the bean before a job thread is created: with hundreds of job
     * threads runnable (filling their buffers), the side thread got a few per cent of a CPU and
     * the jobs' first I/O came seconds late. Returns at once when nothing was begun or it is done.
     */
    static void awaitLinked() {
        if (worker == null) {
            return;
        }
        boolean interrupted = false;
        while (true) {
            try {
                LINKED.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        worker = null;
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
