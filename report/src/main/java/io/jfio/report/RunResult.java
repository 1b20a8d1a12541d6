package io.jfio.report;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * One fio run: what the report writers print (fio's stat.c). The runner adds one
 * {@link JobResult} per job in job-definition order (numjobs clones after their parent), the
 * disks it tracked, the global options, then calls a writer. Readers produce a RunResult
 * whose jobs are already the reported thread_stats ({@link #folded} true).
 */
public final class RunResult {
    /** The version string fio prints, e.g. "fio-3.42" (default flavour of every writer). */
    public String fioVersion = "fio-3.42";
    /** Report time, ms since the epoch (JSON timestamp/timestamp_ms). */
    public long timestampMs;
    /** ctime() of the report time without newline; null: derived from timestampMs in local time. */
    public String time;
    /** [global] and command-line options before the first job, as typed. */
    public List<JobOption> globalOptions = new ArrayList<>();
    /** Jobs (or, when {@link #folded}, the thread_stats as reported). */
    public final List<JobResult> jobs = new ArrayList<>();
    /** Tracked block devices in discovery order. */
    public final List<DiskUtil> disks = new ArrayList<>();
    /** --idle-prof's measurement, printed after the disks; null without --idle-prof. */
    public CpuIdleness idleness;
    /**
     * Highest group id of the run when jobs with stats=0 are left out of {@link #jobs}; fio
     * prints a (title-only) "Run status group" for every id up to it. -1: from the jobs.
     */
    public int lastGroupId = -1;
    /** True when {@link #jobs} are already folded by group_reporting (read from a report). */
    public boolean folded;

    public void addJob(JobResult job) {
        jobs.add(job);
    }

    /** The compatibility flavour chosen by the version string. */
    public FioFlavor flavor() {
        return FioFlavor.of(fioVersion);
    }

    /** ctime()-style time of the report. */
    public String time() {
        if (time != null) {
            return time;
        }
        return ctime(timestampMs);
    }

    /** C ctime() text (local zone) without the trailing newline: "Sun Nov  1 18:43:37 2026". */
    public static String ctime(long epochMs) {
        Instant at = Instant.ofEpochMilli(epochMs);
        ZoneOffset offset = ZoneId.systemDefault().getRules().getOffset(at);
        LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(epochMs, 1000L), 0, offset);
        // Built by hand: a DateTimeFormatter with day and month names loads the JDK's locale
        // and calendar data, ~8 % of a short run's start-up; ctime(3)'s names are C-locale English.
        StringBuilder b = new StringBuilder(24);
        b.append(CTIME_DAYS[t.getDayOfWeek().ordinal()]).append(' ')
                .append(CTIME_MONTHS[t.getMonthValue() - 1]).append(' ');
        int day = t.getDayOfMonth();
        b.append(day < 10 ? " " : "").append(day).append(' ');
        two(b, t.getHour()).append(':');
        two(two(b, t.getMinute()).append(':'), t.getSecond()).append(' ');
        return b.append(t.getYear()).toString();
    }

    private static final String[] CTIME_DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] CTIME_MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
        "Oct", "Nov", "Dec"};

    private static StringBuilder two(StringBuilder b, int v) {
        return b.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
    }

    /**
     * The thread_stats to report, in order: with group_reporting, consecutive jobs of one
     * group id fold into one result (name, pid, description from the first member; options
     * and percentile settings from the last, as fio does); otherwise one per job.
     */
    public List<JobResult> threadStats() {
        if (folded) {
            return jobs;
        }
        List<JobResult> out = new ArrayList<>();
        JobResult cur = null;
        for (JobResult j : jobs) {
            // fio joins a job to the previous thread_stat when *it* has group_reporting and the
            // group id is unchanged (groups are runs of consecutive jobs).
            boolean join = cur != null && j.report.groupReporting && cur.groupId == j.groupId;
            if (!join) {
                cur = copyHead(j);
                out.add(cur);
                cur.merge(j);
                continue;
            }
            cur.members++;
            cur.options = j.options;
            ReportOptions r = cur.report.copy();
            r.setPercentileList(j.report.percentileListText());
            r.clatPercentiles = j.report.clatPercentiles;
            r.latPercentiles = j.report.latPercentiles;
            r.slatPercentiles = j.report.slatPercentiles;
            r.continueOnError = j.report.continueOnError;
            cur.report = r;
            adoptError(cur, j);
            cur.firstError = j.firstError;
            copyLatencyTarget(cur, j);
            cur.eta = Math.max(cur.eta, j.eta);
            cur.merge(j);
        }
        return out;
    }

    private static JobResult copyHead(JobResult j) {
        JobResult c = new JobResult();
        c.name = j.name;
        c.groupId = j.groupId;
        c.description = j.description;
        c.pid = j.pid;
        c.members = 1;
        adoptError(c, j);
        c.firstError = j.firstError;
        c.eta = j.eta;
        c.elapsedSec = j.elapsedSec;
        c.jobStartMs = j.jobStartMs;
        c.headerTime = j.headerTime;
        c.options = j.options;
        c.report = j.report.copy();
        copyLatencyTarget(c, j);
        c.restoredUsrCpu = j.restoredUsrCpu;
        c.restoredSysCpu = j.restoredSysCpu;
        c.restoredTerseFirstUsec = j.restoredTerseFirstUsec;
        c.restoredMixed = j.restoredMixed;
        return c;
    }

    /** The latency target fields a thread_stat takes from each member as it joins (the last one wins). */
    private static void copyLatencyTarget(JobResult ts, JobResult j) {
        ts.latencyDepth = j.latencyDepth;
        ts.latencyTargetNs = j.latencyTargetNs;
        ts.latencyWindowUs = j.latencyWindowUs;
        ts.latencyPercentile = j.latencyPercentile;
    }

    /**
     * fio's rule for a thread_stat's error: the first member with one; a job that went on
     * after errors (continue_on_error) reports its first error.
     */
    private static void adoptError(JobResult ts, JobResult j) {
        if (ts.error != 0) {
            return;
        }
        if (j.error == 0 && j.report.continueOnError && j.firstError != 0) {
            ts.error = j.firstError;
            // fio sets no error text for errors it went on after (td_verror is never called): "err=84 ()"
            ts.errorMessage = j.errorMessage == null ? "" : j.errorMessage;
        } else if (j.error != 0) {
            ts.error = j.error;
            ts.errorMessage = j.errorMessage;
        }
    }

    /** One GroupResult per group id from 0 to the highest (fio prints every one). */
    public List<GroupResult> groups() {
        return groups(threadStats());
    }

    /**
     * The groups of thread_stats the caller already has from {@link #threadStats()}: a writer that
     * needs both folds the jobs once (a 252-job group's merge was half of its terse report).
     */
    public List<GroupResult> groups(List<JobResult> ts) {
        int max = lastGroupId;
        for (JobResult j : jobs) {
            max = Math.max(max, j.groupId);
        }
        List<GroupResult> out = new ArrayList<>();
        for (int g = 0; g <= max; g++) {
            out.add(GroupResult.of(g, ts));
        }
        return out;
    }
}
