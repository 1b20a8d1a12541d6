package io.jfio.runner.job;

import java.util.concurrent.locks.LockSupport;

/** {@link JobClock#SYSTEM}: the JVM's monotonic clock and thread parking, nothing else. */
final class SystemClock implements JobClock {
    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public void park(long nanos) {
        LockSupport.parkNanos(nanos);
    }

    @Override
    public void spin() {
        Thread.onSpinWait();
    }
}
