package io.jfio.runner;

import io.jfio.report.interval.IntervalCounters;
import io.jfio.report.interval.IntervalLine;
import io.jfio.runner.job.Job;
import io.jfio.runner.job.RunState;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * --interval-output=FILE: at every --status-interval one NDJSON line per job (or reporting group)
 * with that interval's own counters, and at the end the last (partial) interval and one "total"
 * line per job or group. Each interval is the difference of two cumulative snapshots, so the
 * intervals of a job sum to its total exactly.
 */
final class IntervalOutput {
    /** How long a snapshot waits for a job thread to copy its own counters before copying them itself. */
    private static final long SNAPSHOT_WAIT_NANOS = 20_000_000L;

    private final Run run;
    private final PrintStream out;
    private final List<Unit> units = new ArrayList<>();
    private final List<Job> jobs = new ArrayList<>();
    private final List<IntervalCounters> snapshots = new ArrayList<>();
    private long lastMs;
    private int seq;

    /** A job, or a group with group_reporting: what one line reports. */
    private static final class Unit {
        final String name;
        final int groupId;
        final double[] percentiles;
        final List<Integer> members = new ArrayList<>();
        final IntervalCounters sum = new IntervalCounters();
        final IntervalCounters previous = new IntervalCounters();
        final IntervalCounters delta = new IntervalCounters();

        Unit(String name, int groupId, double[] percentiles) {
            this.name = name;
            this.groupId = groupId;
            this.percentiles = percentiles;
        }
    }

    IntervalOutput(Run run, PrintStream out) {
        this.run = run;
        this.out = out;
        Map<String, Unit> byKey = new LinkedHashMap<>();
        for (Job j : run.jobs()) {
            if (!j.options().stat().stats()) { // stats=0: left out of the report, and of the intervals
                continue;
            }
            var ro = Reporter.reportOptions(j.spec());
            String key = ro.groupReporting ? "g" + j.spec().groupId() : "j" + jobs.size();
            Unit u = byKey.computeIfAbsent(key, k -> new Unit(j.spec().name(), j.spec().groupId(), ro.percentiles()));
            u.members.add(jobs.size());
            jobs.add(j);
            snapshots.add(new IntervalCounters());
        }
        units.addAll(byKey.values());
    }

    /** One line per job or group for the interval that ends now. */
    void interval() {
        long nowMs = runMillis();
        snapshot();
        seq++;
        long epoch = System.currentTimeMillis();
        for (Unit u : units) {
            sum(u);
            u.delta.setDifference(u.sum, u.previous);
            out.println(IntervalLine.format(false, seq, u.name, u.groupId, lastMs, nowMs, epoch, u.delta,
                    u.percentiles));
            u.previous.copyFrom(u.sum);
        }
        lastMs = nowMs;
        out.flush();
    }

    /** After every job has finished: the last interval, then the whole run's totals. */
    void finish() {
        interval();
        long nowMs = lastMs;
        long epoch = System.currentTimeMillis();
        for (Unit u : units) {
            // u.sum holds the final cumulative counters (runtimes included: the jobs are done)
            out.println(IntervalLine.format(true, seq, u.name, u.groupId, 0, nowMs, epoch, u.sum, u.percentiles));
        }
        out.flush();
    }

    private void snapshot() {
        List<Job> asked = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            Job j = jobs.get(i);
            RunState rs = j.state().runState();
            if (j.isFinished() || !rs.running()) {
                j.stats().copyInto(snapshots.get(i));
            } else {
                j.stats().requestSnapshot(snapshots.get(i));
                asked.add(j);
            }
        }
        long deadline = System.nanoTime() + SNAPSHOT_WAIT_NANOS;
        for (Job j : asked) {
            j.stats().awaitSnapshot(deadline);
        }
    }

    private void sum(Unit u) {
        u.sum.clear();
        boolean first = true;
        for (int i : u.members) {
            if (first) {
                u.sum.copyFrom(snapshots.get(i));
                first = false;
            } else {
                u.sum.add(snapshots.get(i));
            }
        }
    }

    private long runMillis() {
        return (System.nanoTime() - run.runStartNanos()) / 1_000_000L;
    }
}
