package io.jfio.runner.job;

import io.jfio.jobfile.options.SteadyStateOptions;
import io.jfio.runner.stats.JobStats;

import java.util.ArrayList;
import java.util.List;

/**
 * fio's steady-state check (steadystate_check) for one job, or for one reporting group under
 * group_reporting: once per check interval each member's IOPS and bandwidth since the last check
 * (scaled as fio scales them) and clat mean are summed into the group's {@link SteadyStateWindow};
 * when the criterion is met, every member is stopped.
 *
 * <p>The check runs on the job threads, from the I/O loop at its own clock reads (the loop's
 * {@link JobClock}, so tests run it in virtual time): the first member whose clock passes the
 * group's next tick samples every member, as fio's helper thread does at its timer.
 */
public final class SteadyState {
    private final SteadyStateOptions opts;
    private final SteadyStateWindow window;
    private final List<Member> members = new ArrayList<>();
    private final long intervalNanos;
    private final long intervalMs;
    private boolean ticking;
    private long nextTickNanos;

    public SteadyState(SteadyStateOptions opts) {
        this.opts = opts;
        this.window = new SteadyStateWindow(opts);
        this.intervalMs = opts.checkIntervalMs();
        this.intervalNanos = intervalMs * 1_000_000L;
    }

    /** Adds a job to the group (all before any starts). */
    public synchronized Member join(JobStats stats, JobState state, int index, int groupId) {
        Member m = new Member(stats, state, index, groupId);
        members.add(m);
        return m;
    }

    public SteadyStateWindow window() {
        return window;
    }

    private synchronized void tick(long now, Member caller) {
        if (!ticking) {
            ticking = true;
            nextTickNanos = caller.next;
        }
        if (now - nextTickNanos < 0) {
            caller.next = nextTickNanos;
            return;
        }
        while (now - nextTickNanos >= 0) {
            nextTickNanos += intervalNanos;
        }
        caller.next = nextTickNanos;
        if (window.attained()) {
            return;
        }
        long groupIops = 0;
        long groupBw = 0;
        double latSum = 0;
        long latSamples = 0;
        int rampOver = 0;
        Member last = null;
        long lastRateMs = 0;
        long scale = intervalMs * intervalMs / 1000L;
        for (Member m : members) {
            RunState s = m.state.runState();
            if (!s.running() || s == RunState.SETUP || !m.started) {
                continue;
            }
            m.followReset();
            if (opts.rampUs() > 0 && !m.rampOver && (now - m.epoch) / 1000L >= opts.rampUs() + intervalMs * 1000L) {
                m.rampOver = true;
            }
            boolean own = m == caller;
            long ios = 0;
            long bytes = 0;
            double lat = 0;
            long samples = 0;
            for (int d = 0; d < JobStats.DIRS; d++) {
                ios += own ? m.stats.ioCompleted[d] : m.stats.progress.get(JobStats.DIRS + d);
                bytes += own ? m.stats.ioBytes[d] : m.stats.progress.get(d);
                long n = m.stats.clat[d].samples();
                lat += m.stats.clat[d].mean() * n;
                samples += n;
            }
            long rateTimeMs = (now - m.prevNanos) / 1_000_000L;
            m.prevNanos = now;
            if (m.rampOver) {
                last = m;
                lastRateMs = rateTimeMs;
                groupBw += rateTimeMs * (bytes - m.prevBytes) / scale;
                groupIops += rateTimeMs * (ios - m.prevIos) / scale;
                latSum += lat - m.prevLatSum;
                latSamples += samples - m.prevLatSamples;
                rampOver++;
            }
            m.prevIos = ios;
            m.prevBytes = bytes;
            m.prevLatSum = lat;
            m.prevLatSamples = samples;
        }
        if (rampOver == 0) {
            return;
        }
        long groupLat = latSamples == 0 ? 0 : (long) (latSum / latSamples);
        SteadyStateDebug.check(last.index, last.groupId, lastRateMs, groupIops, groupBw, window);
        if (window.add(groupIops, groupBw, groupLat)) {
            window.markAttained();
            for (Member m : members) {
                m.state.terminate();
            }
        }
    }

    /** One job's part: its counters at the last check, polled from its I/O loop. */
    public final class Member {
        private final JobStats stats;
        private final JobState state;
        private volatile boolean started;
        private long epoch;
        private long seenMeasureStart;
        private boolean rampOver;
        private long next;
        private long prevNanos;
        private long prevIos;
        private long prevBytes;
        private double prevLatSum;
        private long prevLatSamples;

        /** fio's td index in the run and its groupid, for --debug=steadystate. */
        private final int index;
        private final int groupId;

        private Member(JobStats stats, JobState state, int index, int groupId) {
            this.stats = stats;
            this.state = state;
            this.index = index;
            this.groupId = groupId;
        }

        /** The job's I/O starts at {@code epochNanos} (fio's td->epoch): the first check is an interval on. */
        public void start(long epochNanos) {
            synchronized (SteadyState.this) {
                epoch = epochNanos;
                prevNanos = epochNanos;
                rampOver = opts.rampUs() == 0;
                next = epochNanos + intervalNanos;
                seenMeasureStart = stats.measureStartNanos;
                started = true;
            }
        }

        /** Called by the I/O loop with its latest clock reading. */
        public void poll(long now) {
            if (now - next >= 0) {
                tick(now, this);
            }
        }

        /** The group's window (for the report). */
        public SteadyStateWindow window() {
            return window;
        }

        /**
         * After ramp_time the job's counters restart and fio moves its epoch (reset_all_stats): the
         * previous values restart with them (fio keeps them, and its first difference then wraps).
         */
        private void followReset() {
            long ms = stats.measureStartNanos;
            if (ms != seenMeasureStart && ms != 0) {
                seenMeasureStart = ms;
                epoch = ms;
                prevNanos = ms;
                prevIos = 0;
                prevBytes = 0;
                prevLatSum = 0;
                prevLatSamples = 0;
            }
        }
    }
}
