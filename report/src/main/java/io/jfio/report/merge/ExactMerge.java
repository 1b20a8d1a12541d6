package io.jfio.report.merge;

import io.jfio.report.DirectionStats;
import io.jfio.report.DiskUtil;
import io.jfio.report.Distribution;
import io.jfio.report.JobResult;
import io.jfio.report.LatencyHistogram;
import io.jfio.report.ReportOptions;
import io.jfio.report.RunResult;
import io.jfio.report.StreamStat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Combines the thread_stats of several results (jobs, instances, hosts) into one result per
 * group id, the way fio's group_reporting and its client mode's "All clients" do (fio's stat.c
 * sum_thread_stats): latency histograms summed bin by bin, so every percentile is computed from
 * the summed bins and never averaged; I/O bytes, I/O counts, CPU time, context switches and
 * faults summed; runtime the maximum; latency mean and deviation by the parallel-variance rule;
 * bandwidth and IOPS sample stats summed (the group's bandwidth is the sum of its members').
 *
 * <p>Results read back from JSON carry some values only as printed percentages (the I/O depth,
 * submit, complete and latency-bucket distributions) and CPU as a percentage. The merge turns
 * them back into counts with their printed denominators where fio's JSON gives them (I/O depth
 * and latency buckets over the issued I/Os, CPU time over job_runtime: exact up to the
 * printed precision) and weighs submit/complete by the issued I/Os (JSON does not print the
 * submit and reap call counts, so those two are approximate).
 */
public final class ExactMerge {
    private ExactMerge() {
    }

    /** A merge that would have to average percentiles: a latency stat without json+ bins. */
    public static final class NotExactException extends IllegalArgumentException {
        public NotExactException(String message) {
            super(message);
        }
    }

    /** How the merged result is named. */
    public record Naming(String name, boolean keepOptions, boolean oneGroup) {
        /** fio's group_reporting: the first member's name, the last member's options. */
        public static final Naming GROUP_REPORTING = new Naming(null, true, false);
        /**
         * fio's client mode (client.c handle_ts): "All clients", no job options, and every
         * thread_stat in one sum whatever its group, with the last one's group id.
         */
        public static final Naming ALL_CLIENTS = new Naming("All clients", false, true);

        /** One merged thread_stat per group id. */
        public Naming(String name, boolean keepOptions) {
            this(name, keepOptions, false);
        }
    }

    /**
     * Merges every thread_stat of every input (in input order) into one per group id (into one,
     * with {@link Naming#oneGroup}), as if they had been one run's jobs under group_reporting.
     *
     * @param labels one label per input, used in errors (e.g. the file name or host)
     * @throws NotExactException when a latency stat with samples has no bins (plain json)
     */
    public static RunResult merge(List<RunResult> inputs, List<String> labels, Naming naming) {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        List<JobResult> all = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            for (JobResult j : inputs.get(i).threadStats()) {
                requireBins(j, labels.get(i));
                all.add(j);
            }
        }
        int[] groups = new int[all.size()];
        for (int i = 0; i < all.size(); i++) {
            groups[i] = all.get(i).groupId;
            if (naming.oneGroup()) {
                all.get(i).groupId = all.get(all.size() - 1).groupId;
            }
        }
        try {
            return mergeThreadStats(inputs, all, naming);
        } finally {
            for (int i = 0; i < all.size(); i++) {
                all.get(i).groupId = groups[i];
            }
        }
    }

    private static RunResult mergeThreadStats(List<RunResult> inputs, List<JobResult> all, Naming naming) {
        // group_reporting folds runs of consecutive jobs of one group id: order by group, stably.
        all = new ArrayList<>(all);
        all.sort(Comparator.comparingInt(j -> j.groupId));
        RunResult fold = new RunResult();
        List<ReportOptions> own = new ArrayList<>();
        for (JobResult j : all) {
            own.add(j.report);
            fold.addJob(asGroupMember(j));
        }
        List<JobResult> folded;
        try {
            folded = fold.threadStats();
        } finally {
            for (int i = 0; i < all.size(); i++) {
                all.get(i).report = own.get(i);
            }
        }
        RunResult out = new RunResult();
        RunResult first = inputs.get(0);
        out.folded = true;
        out.fioVersion = first.fioVersion;
        out.timestampMs = first.timestampMs;
        out.time = first.time;
        out.globalOptions = first.globalOptions;
        for (JobResult ts : folded) {
            List<JobResult> members = new ArrayList<>();
            for (JobResult j : all) {
                if (j.groupId == ts.groupId) {
                    members.add(j);
                }
            }
            fixRestored(ts, members);
            if (naming.name() != null) {
                ts.name = naming.name();
            }
            if (!naming.keepOptions()) {
                // fio's client sums into a zeroed thread_stat (client.c): "All clients" has pid=0
                ts.pid = 0;
                ts.options = new ArrayList<>();
                ts.jobStartMs = 0;
                ReportOptions r = members.get(0).report.copy();
                r.groupReporting = true;
                ts.report = r;
                ts.description = null;
            }
            out.addJob(ts);
        }
        Set<String> disks = new HashSet<>();
        for (RunResult r : inputs) {
            for (DiskUtil d : r.disks) {
                if (disks.add(d.name)) {
                    out.disks.add(d);
                }
            }
        }
        return out;
    }

    /** Merges with fio's group_reporting naming; labels are "input 1", "input 2", ... */
    public static RunResult merge(List<RunResult> inputs) {
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            labels.add("input " + (i + 1));
        }
        return merge(inputs, labels, Naming.GROUP_REPORTING);
    }

    private static JobResult asGroupMember(JobResult j) {
        // group_reporting on for the fold only (merge() puts the job's own settings back).
        j.report = j.report.copy();
        j.report.groupReporting = true;
        return j;
    }

    private static void requireBins(JobResult j, String label) {
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            DirectionStats ds = j.dir(d);
            check(ds.clat, ds.clatHist, label, j, "clat");
            check(ds.lat, ds.latHist, label, j, "lat", j.report.latPercentiles);
            check(ds.slat, ds.slatHist, label, j, "slat", j.report.slatPercentiles);
        }
        check(j.syncLat, j.syncHist, label, j, "sync lat");
    }

    private static void check(StreamStat s, LatencyHistogram h, String label, JobResult j, String what) {
        check(s, h, label, j, what, true);
    }

    private static void check(StreamStat s, LatencyHistogram h, String label, JobResult j, String what,
                              boolean wanted) {
        if (wanted && s.samples() > 0 && h.count() == 0) {
            throw new NotExactException(label + ": job " + j.name + " has no " + what
                    + " bins (plain json?); an exact merge needs json+ (--output-format=json+)");
        }
    }

    /** Replaces what the fold took from the first member's printed values by merged ones. */
    private static void fixRestored(JobResult ts, List<JobResult> members) {
        boolean cpuRestored = false;
        for (JobResult m : members) {
            cpuRestored |= !Double.isNaN(m.restoredUsrCpu) || !Double.isNaN(m.restoredSysCpu);
        }
        if (cpuRestored) {
            long usr = 0;
            long sys = 0;
            for (JobResult m : members) {
                usr += Double.isNaN(m.restoredUsrCpu) ? m.usrTimeMs : cpuMs(m.restoredUsrCpu, m.totalRunTimeMs);
                sys += Double.isNaN(m.restoredSysCpu) ? m.sysTimeMs : cpuMs(m.restoredSysCpu, m.totalRunTimeMs);
            }
            ts.usrTimeMs = usr;
            ts.sysTimeMs = sys;
            ts.restoredUsrCpu = Double.NaN;
            ts.restoredSysCpu = Double.NaN;
        }
        ts.restoredTerseFirstUsec = Double.NaN;
        mergeDistribution(ts.ioDepth, members, m -> m.ioDepth, m -> m.totalIssued(), m -> m.totalIssued(), 0.1);
        mergeDistribution(ts.submit, members, m -> m.submit, m -> m.totalSubmit, m -> m.totalIssued(), 0.1);
        mergeDistribution(ts.complete, members, m -> m.complete, m -> m.totalComplete, m -> m.totalIssued(), 0.1);
        mergeDistribution(ts.latNs, members, m -> m.latNs, m -> m.totalIssued(), m -> m.totalIssued(), 0.01);
        mergeDistribution(ts.latUs, members, m -> m.latUs, m -> m.totalIssued(), m -> m.totalIssued(), 0.01);
        mergeDistribution(ts.latMs, members, m -> m.latMs, m -> m.totalIssued(), m -> m.totalIssued(), 0.01);
        boolean mixedRestored = false;
        for (JobResult m : members) {
            mixedRestored |= m.restoredMixed != null;
        }
        if (mixedRestored) {
            if (ts.report.unified == ReportOptions.UNIFIED_MIXED) {
                ts.restoredMixed = ts.dir(DirectionStats.READ);
            } else {
                DirectionStats mixed = new DirectionStats();
                for (JobResult m : members) {
                    mixed.merge(m.mixed());
                }
                ts.restoredMixed = mixed;
            }
        }
    }

    /** fio keeps CPU time in whole ms; its JSON prints time * 100 / job_runtime to 6 decimals. */
    private static long cpuMs(double percent, long runtimeMs) {
        return Math.round(percent * (double) runtimeMs / 100.0);
    }

    private interface Pick<T> {
        T of(JobResult m);
    }

    /**
     * Sums a distribution as counts where they are known, else from printed percentages times
     * their denominator (the restored weight where JSON lacks it); the floor marks buckets that
     * are non-zero but below it, as fio prints them.
     */
    private static void mergeDistribution(Distribution dst, List<JobResult> members, Pick<Distribution> pick,
                                          Pick<Long> total, Pick<Long> restoredWeight, double floor) {
        boolean anyRestored = false;
        for (JobResult m : members) {
            anyRestored |= pick.of(m).isRestored();
        }
        if (!anyRestored) {
            return; // counts: the fold summed them exactly
        }
        int n = dst.size();
        double[] weighted = new double[n];
        boolean[] nonZero = new boolean[n];
        double weight = 0;
        for (JobResult m : members) {
            Distribution d = pick.of(m);
            long w = d.isRestored() ? restoredWeight.of(m) : total.of(m);
            weight += w;
            for (int i = 0; i < n; i++) {
                double p = d.percent(i, total.of(m));
                weighted[i] += p * w;
                nonZero[i] |= p > 0;
            }
        }
        double[] pct = new double[n];
        for (int i = 0; i < n; i++) {
            pct[i] = weight == 0 ? 0 : weighted[i] / weight;
            if (nonZero[i] && pct[i] < floor) {
                pct[i] = floor;
            }
        }
        dst.clear();
        dst.restore(pct);
    }
}
