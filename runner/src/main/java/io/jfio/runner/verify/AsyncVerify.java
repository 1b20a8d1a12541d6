package io.jfio.runner.verify;

import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.CpuAffinity;

import java.io.PrintStream;
import java.util.BitSet;

/**
 * verify_async=N: fio's verify threads (verify.c's verify_io_u_async and verify_async_thread).
 * The job thread hands each completed read over instead of checking it; a verify thread takes
 * every unit waiting at once, checks them and hands them back, and only then may the job thread
 * reuse them (fio's put_io_u after the verify). A failure that continue_on_error does not cover
 * ends the verifying, as fio's thread exits on it: the units still waiting come back unchecked.
 * A check that throws ends it too, and the job thread rethrows it when it takes the units back.
 * The queues are rings of unit indices made once, one monitor round per batch each way, so
 * nothing is allocated per I/O on either side.
 */
final class AsyncVerify {
    private final IoUnit[] units;
    /** Guards {@link #waiting} and {@link #stop}; the verify threads wait on it. */
    private final Object work = new Object();
    private final int[] waiting;
    private int head;
    private int count;
    private boolean stop;
    /** Verify threads not ended yet (fio's nr_verify_threads). */
    private int alive;
    /** Guards the checked units going back; the job thread waits on it. */
    private final Object back = new Object();
    private final int[] backUnit;
    private final int[] backCode;
    private int backCount;
    /** {@link #backCount} as the job thread may read it without the monitor. */
    private volatile int ready;
    /** Units handed over and not taken back yet (the job thread's count). */
    private int out;
    /** A failure continue_on_error does not cover was found: nothing more is checked. */
    private volatile boolean ended;
    /** A check that threw: the job thread rethrows it, as the check inline would have (null otherwise). */
    private volatile Throwable crash;
    private final boolean continues;
    private final Thread[] threads;

    AsyncVerify(int n, IoUnit[] units, BlockVerify check, boolean continues, BitSet cpus, PrintStream err,
                String name) {
        this.units = units;
        this.waiting = new int[units.length];
        this.backUnit = new int[units.length];
        this.backCode = new int[units.length];
        this.continues = continues;
        this.threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            BlockVerify own = check.copy();
            Thread t = new Thread(() -> run(own, cpus, err), name + "-verify-" + i);
            t.setDaemon(true);
            threads[i] = t;
        }
        alive = n;
        for (Thread t : threads) {
            t.start();
        }
    }

    /** fio's verify_io_u_async: the unit waits for a verify thread. */
    void submit(int unit) {
        synchronized (work) {
            int tail = head + count;
            waiting[tail >= waiting.length ? tail - waiting.length : tail] = unit;
            count++;
            work.notify();
        }
        out++;
    }

    /** Units handed over and not taken back. */
    int outstanding() {
        return out;
    }

    /** Some checked units wait to be taken back. */
    boolean ready() {
        return ready != 0;
    }

    /**
     * The checked units into {@code unit} and their results (0 or EILSEQ) into {@code code}
     * (both as long as the unit count); with {@code wait} it waits for one while any is out.
     * Returns how many.
     */
    int takeBack(int[] unit, int[] code, boolean wait) {
        if (!wait && ready == 0) {
            return 0;
        }
        int n;
        synchronized (back) {
            while (wait && backCount == 0 && out > 0) {
                try {
                    back.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return 0;
                }
            }
            n = backCount;
            System.arraycopy(backUnit, 0, unit, 0, n);
            System.arraycopy(backCode, 0, code, 0, n);
            backCount = 0;
            ready = 0;
        }
        out -= n;
        Throwable c = crash;
        if (c != null) {
            crash = null;
            if (c instanceof Error e) {
                throw e;
            }
            throw (RuntimeException) c;
        }
        return n;
    }

    /** The CPU time and heap the verify threads took: their ids. */
    long[] threadIds() {
        long[] ids = new long[threads.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = threads[i].getId();
        }
        return ids;
    }

    /** fio's verify_async_exit: the threads finish what waits and end; returns once they have. */
    void close() {
        boolean interrupted = false;
        synchronized (work) {
            stop = true;
            work.notifyAll();
            while (alive > 0) {
                try {
                    work.wait();
                } catch (InterruptedException e) {
                    interrupted = true; // the buffers go next: the threads must be gone first
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void run(BlockVerify check, BitSet cpus, PrintStream err) {
        try {
            verify(check, cpus, err);
        } finally {
            synchronized (work) {
                alive--;
                work.notifyAll();
            }
        }
    }

    private void verify(BlockVerify check, BitSet cpus, PrintStream err) {
        if (cpus != null && CpuAffinity.pinCurrentThread(cpus) != 0) {
            // fio's thread gives up here and its job waits for it forever; this one verifies unpinned
            err.println("fio: failed setting verify thread affinity");
            err.flush();
        }
        int[] batch = new int[units.length];
        int[] codes = new int[units.length];
        while (true) {
            int n = 0;
            synchronized (work) {
                while (count == 0 && !stop) {
                    try {
                        work.wait();
                    } catch (InterruptedException e) {
                        // only close() ends a verify thread, after the job thread took everything back
                    }
                }
                if (count == 0) {
                    return;
                }
                while (count > 0) {
                    batch[n++] = waiting[head];
                    head = head + 1 == waiting.length ? 0 : head + 1;
                    count--;
                }
            }
            for (int i = 0; i < n; i++) {
                int ret = 0;
                if (!ended) {
                    try {
                        ret = check.check(units[batch[i]]);
                    } catch (RuntimeException | Error e) {
                        // the unit still goes back, so the job thread does not wait for it forever
                        crash = e;
                        ended = true;
                    }
                }
                if (ret != 0 && !continues) {
                    ended = true;
                }
                codes[i] = ret;
            }
            synchronized (back) {
                System.arraycopy(batch, 0, backUnit, backCount, n);
                System.arraycopy(codes, 0, backCode, backCount, n);
                backCount += n;
                ready = backCount;
                back.notify();
            }
        }
    }
}
