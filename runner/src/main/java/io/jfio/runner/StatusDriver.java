package io.jfio.runner;

import io.jfio.engine.IoFile;
import io.jfio.jobfile.JobSpec;
import io.jfio.report.ReportOptions;
import io.jfio.report.format.StatusLine;
import io.jfio.runner.job.Job;
import io.jfio.runner.job.RunState;
import io.jfio.runner.stats.JobStats;

import java.io.PrintStream;
import java.util.List;

/**
 * Drives fio's live status line (fio's eta.c) on stdout while jobs run
 * (--eta=auto: only when stdout is a terminal; always; never), --eta-newline, and
 * --status-interval reports (one complete report, or one complete JSON document, per interval).
 */
final class StatusDriver {
    private static final long ETA_INTERVAL_MS = 1000;

    private final RunRequest request;
    private final Run run;
    private final PrintStream terminal;
    private final Reporter reporter;
    private final PrintStream report;
    private final DiskTracker disks;
    private final boolean enabled;
    private final StatusLine line = new StatusLine();
    private long nextLineMs = ETA_INTERVAL_MS;
    private long nextNewlineMs;
    private long nextStatusMs;
    private long lastMs;
    private final long[] lastBytes = new long[3];
    private final long[] lastIos = new long[3];
    private boolean printed;
    private final IntervalOutput intervals;

    StatusDriver(RunRequest request, Run run, PrintStream terminal, Reporter reporter, PrintStream report,
                 DiskTracker disks, IntervalOutput intervals) {
        this.intervals = intervals;
        this.request = request;
        this.run = run;
        this.terminal = terminal;
        this.reporter = reporter;
        this.report = report;
        this.disks = disks;
        String eta = request.eta() == null ? "auto" : request.eta();
        this.enabled = eta.equals("always") || (eta.equals("auto") && stdoutIsTerminal());
        this.nextNewlineMs = request.etaNewlineMillis() > 0 ? request.etaNewlineMillis() : Long.MAX_VALUE;
        this.nextStatusMs = request.statusIntervalMillis() > 0 ? request.statusIntervalMillis() : Long.MAX_VALUE;
    }

    /** fio's isatty(STDOUT_FILENO) (System.console() also requires stdin to be a terminal). */
    static boolean stdoutIsTerminal() {
        try {
            String target = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/1")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
    }

    void tick() {
        long ms = (System.nanoTime() - run.runStartNanos()) / 1_000_000L;
        if (ms >= nextStatusMs) {
            nextStatusMs += request.statusIntervalMillis();
            if (intervals != null) {
                intervals.interval(); // first: rendering the report may take a while on a busy machine
            }
            reporter.write(report, disks.results(), System.currentTimeMillis());
        }
        if (!enabled || ms < nextLineMs) {
            return;
        }
        nextLineMs += ETA_INTERVAL_MS;
        if (ms >= nextNewlineMs) {
            line.requestNewLine();
            nextNewlineMs += request.etaNewlineMillis();
        }
        terminal.print(line.format(snapshot(ms)));
        terminal.flush();
        printed = true;
    }

    void finish() {
        if (printed) {
            terminal.println();
            terminal.flush();
        }
    }

    private StatusLine.Snapshot snapshot(long ms) {
        List<Job> jobs = run.jobs();
        int running = 0;
        int files = 0;
        int ramp = 0;
        int setup = 0;
        long rateMin = 0;
        long rateMax = 0;
        long iopsMin = 0;
        long iopsMax = 0;
        long[] bytes = new long[3];
        long[] ios = new long[3];
        StringBuilder states = new StringBuilder();
        for (Job j : jobs) {
            RunState rs = j.state().runState();
            states.append(stateChar(j));
            JobStats st = j.stats();
            for (int d = 0; d < 3; d++) {
                bytes[d] += st.progress.get(d);
                ios[d] += st.progress.get(3 + d);
            }
            if (rs.running()) {
                running++;
                files += j.state().openFiles();
                if (rs == RunState.RAMP) {
                    ramp++;
                }
                if (rs == RunState.SETUP) {
                    setup++;
                }
                var r = j.options().rate();
                rateMin += sum(j, r.rateMin());
                rateMax += sum(j, r.rate());
                iopsMin += sum(j, r.rateIopsMin());
                iopsMax += sum(j, r.rateIops());
            }
        }
        long dms = Math.max(1, ms - lastMs);
        long[] rate = new long[3];
        long[] iops = new long[3];
        for (int d = 0; d < 3; d++) {
            rate[d] = StatusLine.rateKiB(bytes[d] - lastBytes[d], dms);
            iops[d] = StatusLine.iops(ios[d] - lastIos[d], dms);
        }
        System.arraycopy(bytes, 0, lastBytes, 0, 3);
        System.arraycopy(ios, 0, lastIos, 0, 3);
        lastMs = ms;
        ReportOptions ro = jobs.isEmpty() ? new ReportOptions() : Reporter.reportOptions(jobs.get(0).spec());
        return new StatusLine.Snapshot(running, files, rateMin, rateMax, iopsMin, iopsMax, states.toString(),
                eta(ms), (ms + 999) / 1000, ramp, setup, rate, iops, ro.kbBase, ro.unitBase == 1, ro.sigFigs);
    }

    /** fio sums a job's limits over the directions it does. */
    private static long sum(Job j, long[] a) {
        return (j.mode().reads() ? a[0] : 0) + (j.mode().writes() ? a[1] : 0) + (j.mode().trims() ? a[2] : 0);
    }

    /** fio's run-state letters: R/r W/w M/m D/d by direction and sequential/random. */
    private static char stateChar(Job j) {
        RunState s = j.state().runState();
        if (s != RunState.RUNNING) {
            return s.letter;
        }
        var m = j.mode();
        char base;
        if (m.reads() && m.writes()) {
            long mix = j.options().io().rwmixread();
            base = mix == 100 ? 'R' : mix == 0 ? 'W' : 'M';
        } else if (m.writes()) {
            base = 'W';
        } else if (m.trims()) {
            base = 'D';
        } else {
            base = 'R';
        }
        return m.random() ? Character.toLowerCase(base) : base;
    }

    /**
     * Overall ETA in seconds as fio's eta.c: every job counts INT_MAX for the first 3 s of the run;
     * then a running job its remaining time, a pending one its runtime (+ ramp_time, startdelay).
     * The result is the largest running ETA plus the sum of the pending ones (whence fio's
     * 49710d quirk: two INT_MAX when a stonewalled job waits during the first 3 s).
     */
    private long eta(long ms) {
        boolean early = ms < 3000;
        long max = 0;
        long pending = 0;
        for (Job j : run.jobs()) {
            RunState c = j.state().runState();
            var rt = j.options().runtime();
            long runtimeSec = rt.runtimeUs() / 1_000_000L;
            if (c == RunState.PENDING) {
                pending += early ? StatusLine.ETA_UNKNOWN_YET
                        : runtimeSec + rt.rampTimeUs() / 1_000_000L;
                continue;
            }
            if (!c.running()) {
                continue;
            }
            if (early) {
                max = Math.max(max, StatusLine.ETA_UNKNOWN_YET);
                continue;
            }
            long elapsed = Math.max(0, ((System.nanoTime() - j.startNanos()) / 1_000_000L + 999) / 1000);
            long eta;
            if (rt.timeBased() && runtimeSec > 0) {
                eta = Math.max(0, runtimeSec - elapsed);
            } else {
                long total = 0;
                for (IoFile f : j.files()) {
                    total += f.ioSize;
                }
                long doneBytes = j.stats().progress.get(0) + j.stats().progress.get(1) + j.stats().progress.get(2);
                double done = total > 0 ? Math.min(1.0, (double) doneBytes / total) : 0;
                eta = done > 0 ? (long) (elapsed / done - elapsed) : runtimeSec;
                if (runtimeSec > 0) {
                    eta = Math.min(eta, Math.max(0, runtimeSec - elapsed));
                }
            }
            max = Math.max(max, eta);
        }
        return max + pending;
    }
}
