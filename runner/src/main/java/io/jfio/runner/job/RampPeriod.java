package io.jfio.runner.job;

import io.jfio.jobfile.options.RuntimeOptions;
import io.jfio.runner.stats.JobStats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * ramp_size, as fio 3.42's time.c keeps it (ramp_period_check, run by its helper thread every
 * RAMP_PERIOD_CHECK_MSEC, 1 s): at each check the bytes the job has completed (with
 * group_reporting, those of every job of its reporting group) are compared with the size, and once
 * they reach it the ramp is over for the job (for the whole group); the job's next round then resets
 * its numbers and starts the measured phase, from which runtime counts. A job done before a check
 * saw its bytes never leaves the ramp. One object per job, or per reporting group under
 * group_reporting; each member checks on its own thread, once a second from its own start.
 */
public final class RampPeriod {
    /** fio's RAMP_PERIOD_CHECK_MSEC. */
    static final long CHECK_NANOS = 1_000_000_000L;

    private final long sizeBytes;
    private final List<JobStats> members = new CopyOnWriteArrayList<>();
    private volatile boolean over;

    public RampPeriod(long sizeBytes) {
        this.sizeBytes = sizeBytes;
    }

    /**
     * fio's add_job checks (time.c's td_ramp_period_init), then joins the jobs of each reporting
     * group under group_reporting to one check. Returns fio's error line for the first job it
     * rejects, or null.
     */
    public static String attach(List<Job> jobs) {
        Map<Integer, List<RuntimeOptions>> byGroup = new HashMap<>();
        for (Job j : jobs) {
            List<RuntimeOptions> group = byGroup.computeIfAbsent(j.spec().groupId(), k -> new ArrayList<>());
            group.add(j.options().runtime());
            String p = problem(j.options().runtime(), group);
            if (p != null) {
                return p;
            }
        }
        Map<Integer, RampPeriod> shared = new HashMap<>();
        for (Job j : jobs) {
            long size = j.options().runtime().rampSizeBytes();
            if (size > 0 && j.options().stat().groupReporting()) {
                j.setRampPeriod(shared.computeIfAbsent(j.spec().groupId(), k -> new RampPeriod(size)).join(j.stats()));
            }
        }
        return null;
    }

    /** The checks for one job against the jobs of its group so far (itself included), or null. */
    static String problem(RuntimeOptions job, List<RuntimeOptions> earlierOfItsGroup) {
        if (job.rampTimeUs() == 0 && job.rampSizeBytes() == 0) {
            return null;
        }
        if (job.rampTimeUs() != 0 && job.rampSizeBytes() != 0) {
            return "fio: file:time.c:235, func=job rejected: cannot specify both ramp_time and ramp_size, "
                    + "error=Invalid argument";
        }
        for (RuntimeOptions o : earlierOfItsGroup) {
            if (o.rampSizeBytes() != job.rampSizeBytes()) {
                return "fio: file:time.c:242, func=job rejected: inconsistent ramp_size within reporting group, "
                        + "error=Invalid argument";
            }
        }
        return null;
    }

    /** Adds a job whose completed bytes count towards the size. */
    public Member join(JobStats stats) {
        members.add(stats);
        return new Member(stats);
    }

    /** One job's view: checked by its loop on the job thread. */
    public final class Member {
        private final JobStats own;
        private long nextCheckNanos;

        private Member(JobStats own) {
            this.own = own;
        }

        /** The job's I/O starts: the first check is a second on. */
        void start(long epochNanos) {
            nextCheckNanos = epochNanos + CHECK_NANOS;
        }

        /** Whether the ramp is over at {@code now}: the group's flag, else this job's check when due. */
        boolean over(long now) {
            if (over) {
                return true;
            }
            if (now < nextCheckNanos) {
                return false;
            }
            while (nextCheckNanos <= now) {
                nextCheckNanos += CHECK_NANOS;
            }
            long bytes = 0;
            for (JobStats s : members) {
                bytes += s == own ? s.ioBytes[0] + s.ioBytes[1] + s.ioBytes[2]
                        : s.progress.get(0) + s.progress.get(1) + s.progress.get(2);
            }
            if (bytes >= sizeBytes) {
                over = true;
            }
            return over;
        }
    }
}
