package io.jfio.runner.job;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many jobs that do I/O are pending or running, for cpuio's exit_on_io_done (fio's
 * fio_running_or_pending_io_threads skips the FIO_NOIO engines' jobs). A job counts from its
 * set-up until it ends.
 */
final class IoJobs {
    private static final AtomicInteger ACTIVE = new AtomicInteger();

    private IoJobs() {
    }

    static void pending() {
        ACTIVE.incrementAndGet();
    }

    static void ended() {
        ACTIVE.decrementAndGet();
    }

    static boolean none() {
        return ACTIVE.get() <= 0;
    }
}
