package io.jfio.runner.workload;

import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.JobSpec;
import io.jfio.runner.job.IoSource;
import io.jfio.runner.job.JobError;
import io.jfio.runner.job.SourceFactory;

import java.util.List;

/**
 * The runner's {@link IoSource} seam backed by {@link IoPattern} and its {@link RateLimiter}.
 * {@link #FACTORY} is the production {@link SourceFactory}.
 */
public final class WorkloadSource implements IoSource {
    /** Builds a job's source; a job whose pattern cannot be set up fails with fio's message (EINVAL). */
    public static final SourceFactory FACTORY = WorkloadSource::create;

    private final IoPattern pattern;
    private final RateLimiter rate;

    public WorkloadSource(IoPattern pattern) {
        this.pattern = pattern;
        this.rate = pattern.rate();
    }

    public static WorkloadSource create(JobSpec spec, List<IoFile> files) throws JobError {
        try {
            return new WorkloadSource(IoPattern.create(spec, files));
        } catch (WorkloadException e) {
            throw new JobError(22, "workload", e.getMessage());
        }
    }

    public IoPattern pattern() {
        return pattern;
    }

    /** See {@link IoPattern#setEngineQueues}: true for engines that queue I/O (libaio, io_uring, null at depth > 1). */
    public WorkloadSource engineQueues(boolean queues) {
        pattern.setEngineQueues(queues);
        return this;
    }

    @Override
    public boolean next(IoUnit unit, long nowUsec) {
        return pattern.next(unit, nowUsec);
    }

    @Override
    public int pass() {
        return pattern.pass();
    }

    @Override
    public long rateWaitUsec() {
        return rate.waitUsec();
    }

    @Override
    public boolean thinkDue(long issuedIos, long completedIos) {
        return rate.thinkDue(issuedIos, completedIos);
    }

    @Override
    public long thinkSpinUsec(long runtimeLeftUsec) {
        return rate.thinkSpinUsec(runtimeLeftUsec);
    }

    @Override
    public long thinkSleepUsec(long spunUsec, long runtimeLeftUsec) {
        return rate.thinkSleepUsec(spunUsec, runtimeLeftUsec);
    }

    @Override
    public void thinkDone(int ddir, long totalUsec, long issuedIos, long completedIos) {
        rate.thinkDone(ddir, totalUsec, issuedIos, completedIos);
    }

    @Override
    public String checkMinRate(int ddir, long bytesDone, long blocksDone, long sinceStartMs, long nowMs) {
        return rate.checkMinRate(ddir, bytesDone, blocksDone, sinceStartMs, nowMs);
    }

    @Override
    public void resetEpoch() {
        rate.resetEpoch();
    }
}
