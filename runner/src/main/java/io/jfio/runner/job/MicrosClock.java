package io.jfio.runner.job;

/**
 * A job clock at microsecond resolution, for the time sources fio 3.42 reads through gettimeofday
 * (gettime.c): clocksource=gettimeofday, and gtod_cpu's time-keeping thread, which copies
 * gettimeofday into the shared time the jobs read (gettime-thread.c). Every stamp is a whole
 * microsecond, so every latency is a multiple of 1000 ns, as fio's are there. The waits are the
 * inner clock's.
 */
final class MicrosClock implements JobClock {
    private final JobClock inner;

    private MicrosClock(JobClock inner) {
        this.inner = inner;
    }

    /** The job's clock: at microseconds when its time source is gettimeofday's. */
    static JobClock of(JobClock clock, io.jfio.jobfile.options.RuntimeOptions o) {
        boolean gtod = "gettimeofday".equals(o.clocksource()) || o.gtodCpu() >= 0;
        return gtod ? new MicrosClock(clock) : clock;
    }

    @Override
    public long nanoTime() {
        return inner.nanoTime() / 1000L * 1000L;
    }

    @Override
    public void park(long nanos) {
        inner.park(nanos);
    }

    @Override
    public void spin() {
        inner.spin();
    }
}
