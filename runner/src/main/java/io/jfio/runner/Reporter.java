package io.jfio.runner;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.BlockSizeOptions;
import io.jfio.jobfile.options.LatencyTargetOptions;
import io.jfio.jobfile.options.StatOptions;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.report.DirectionStats;
import io.jfio.report.DiskUtil;
import io.jfio.report.JobOption;
import io.jfio.report.JobResult;
import io.jfio.report.ReportOptions;
import io.jfio.report.RunResult;
import io.jfio.report.format.OutputFormat;
import io.jfio.report.format.Preamble;
import io.jfio.engine.nativeio.Errno;
import io.jfio.runner.job.Job;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.workload.RwMode;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the jobs' measurements into the report module's model and prints fio's formats with
 * its writers: the preamble before the run, the final report, and --status-interval reports.
 */
final class Reporter {
    private final RunRequest request;
    private final Run run;
    private final Set<OutputFormat> formats;

    Reporter(RunRequest request, Run run) {
        this.request = request;
        this.run = run;
        this.formats = formats(request);
    }

    static Set<OutputFormat> formats(RunRequest request) {
        if (request.outputFormats() == null || request.outputFormats().isEmpty()) {
            return EnumSet.of(OutputFormat.NORMAL);
        }
        return OutputFormat.parse(String.join(",", request.outputFormats()));
    }

    boolean normal() {
        return formats.contains(OutputFormat.NORMAL);
    }

    /** fio's setup-time lines: job lines, "...", version, "Starting N ...". */
    void printPreamble(PrintStream out) {
        StringBuilder b = new StringBuilder();
        int threads = 0;
        int processes = 0;
        // fio prints its version once the job files are read; a profile's jobs come after it, and
        // with no other job there is no version line at all (init.c returns before it)
        boolean version = false;
        boolean parsed = false;
        Map<String, Integer> fileDebugGlobals = new java.util.HashMap<>();
        for (Job j : run.jobs()) {
            JobSpec s = j.spec();
            ThreadOptions o = j.options();
            if (s.fromProfile() && parsed && !version) {
                b.append(Preamble.versionLine(new RunResult().fioVersion));
                version = true;
            }
            parsed |= !s.fromProfile();
            if (o.process().thread()) {
                threads++;
            } else {
                processes++;
            }
            int numjobs = o.process().numjobs();
            if (s.cloneIndex() == 0 && EngineKinds.noIo(o.queue().ioengine())) {
                // fio prints no job line for cpuio/exec jobs (FIO_NOIO)
                continue;
            }
            if (io.jfio.runner.workload.FileDebug.on()) {
                b.append(io.jfio.runner.workload.FileDebug.added(s, io.jfio.runner.files.FileNames.forJob(s), fileDebugGlobals));
            }
            if (s.cloneIndex() == 0) {
                // as written: fio prints the line before a replay's trace is read
                b.append(jobLine(j.writtenSpec()));
            } else if (s.cloneIndex() == numjobs - 1) {
                b.append(Preamble.clonesLine());
            }
        }
        if (parsed && !version) {
            b.append(Preamble.versionLine(new RunResult().fioVersion));
        }
        b.append(HelperThreadDebug.started()); // fio starts its helper thread before run_threads says "Starting"
        b.append(Preamble.startingLine(threads, processes));
        out.print(b);
        out.flush();
    }

    /** fio's job line ({@code NAME: (g=G): rw=..., bs=..., ioengine=E, iodepth=N}) of a job as written. */
    static String jobLine(JobSpec written) {
        ThreadOptions o = ThreadOptions.of(written);
        long[][] bs = blockSizes(written);
        ReportOptions ro = reportOptions(written);
        return Preamble.jobLine(written.name(), written.groupId(), RwMode.of(o.io().rw()).name(), bs[0], bs[1],
                o.bs().bsIsSeqRand(), o.queue().ioengine(), o.queue().iodepth(), ro.sigFigs, ro.kbBase);
    }

    /** Minimum and maximum block size per direction, as fio prints them in the job line. */
    static long[][] blockSizes(JobSpec s) {
        BlockSizeOptions bs = ThreadOptions.of(s).bs();
        long[] min = new long[3];
        long[] max = new long[3];
        for (int d = 0; d < 3; d++) {
            min[d] = bs.min(d);
            max[d] = bs.max(d);
        }
        return new long[][] {min, max};
    }

    /** The final (or an interim) report in every selected format. */
    RunResult write(PrintStream out, List<DiskTracker.Entry> disks, long nowMillis) {
        RunResult r = build(disks, nowMillis);
        out.print(OutputFormat.render(r, formats, request.terseVersion()));
        out.flush();
        return r;
    }

    RunResult build(List<DiskTracker.Entry> disks, long nowMillis) {
        RunResult r = new RunResult();
        r.timestampMs = nowMillis;
        long elapsedMs = (System.nanoTime() - run.runStartNanos()) / 1_000_000L;
        if (!run.jobs().isEmpty()) {
            r.globalOptions = globalOptions(run.jobs().get(0).spec());
        }
        for (Job j : run.jobs()) {
            if (j.options().stat().stats()) { // stats=0: fio leaves the job out of the report
                r.addJob(jobResult(j, elapsedMs));
            }
        }
        for (DiskTracker.Entry e : disks) {
            DiskUtil d = diskUtil(e);
            for (DiskTracker.Entry s : e.slaves) {
                d.slaves.add(diskUtil(s));
            }
            r.disks.add(d);
        }
        // in interim reports too, as fio (its idleness figures are 0 until the run ends)
        r.idleness = run.idleness();
        return r;
    }

    private static DiskUtil diskUtil(DiskTracker.Entry e) {
        DiskUtil d = new DiskUtil(e.name);
        d.update(e.first, 0);
        d.update(e.last, (e.lastNanos - e.firstNanos) / 1_000_000L);
        return d;
    }

    private List<JobOption> globalOptions(JobSpec first) {
        List<JobOption> out = new ArrayList<>();
        if (request.globalOptions() != null) {
            for (Map.Entry<String, String> e : request.globalOptions()) {
                out.add(new JobOption(e.getKey(), e.getValue()));
            }
        }
        return out;
    }

    /** Report options per numjobs group: the clones share their options, so one parse of each. */
    private final Map<JobSpec, ReportOptions> byFirstClone = new java.util.IdentityHashMap<>();

    private synchronized ReportOptions groupReportOptions(JobSpec s) {
        return byFirstClone.computeIfAbsent(s.firstClone(), Reporter::reportOptions);
    }

    static ReportOptions reportOptions(JobSpec s) {
        ThreadOptions o = ThreadOptions.of(s);
        StatOptions st = o.stat();
        ReportOptions ro = new ReportOptions();
        ro.kbBase = st.kbBase();
        ro.unitBase = st.unitBase();
        ro.sigFigs = st.significantFigures();
        ro.setPercentiles(st.percentileList(), st.percentileDigits());
        ro.clatPercentiles = st.clatPercentiles();
        ro.latPercentiles = st.latPercentiles();
        ro.slatPercentiles = st.slatPercentiles();
        ro.unified = st.unified();
        ro.groupReporting = st.groupReporting();
        // ignore_error turns continue_on_error on for its types too (the errors line follows).
        ro.continueOnError = o.errors().continueOnError() != 0;
        if (!s.isSet("unit_base") && EngineKinds.bitBased(o.queue().ioengine())) {
            ro.unitBase = 1;
        }
        // fio's zbd_setup_files counts zone resets for jobs that write or trim
        ro.zonedBlockDevice = o.zone().zbdMode() && (o.io().rw().writes() || o.io().rw().trims());
        return ro;
    }

    private JobResult jobResult(Job job, long runElapsedMs) {
        JobSpec s = job.spec();
        JobStats st = job.stats();
        JobResult r = new JobResult();
        r.name = s.name();
        r.groupId = s.groupId();
        r.description = job.options().process().description();
        r.pid = io.jfio.runner.job.ProcessId.current();
        r.error = st.error;
        if (st.error != 0) {
            r.errorMessage = "file:" + (st.errorFile != null ? st.errorFile : Job.IO_U_ERROR_FILE) + ", func="
                    + st.errorFunction + ", error=" + Errno.strerror(st.error);
        } else if (st.firstError != 0) {
            // fio's sum_thread_stats: a job that continued past errors reports its first one.
            r.error = st.firstError;
            r.errorMessage = st.firstErrorText == null ? "" : st.firstErrorText;
        }
        r.totalErrors = st.totalErrors;
        r.zoneResets = st.zoneResets;
        r.firstError = st.firstError;
        r.elapsedSec = (runElapsedMs + 999) / 1000;
        r.eta = runElapsedMs < 3000 ? Integer.MAX_VALUE : 0;
        r.jobStartMs = st.jobStartEpochMillis;
        r.blockStates = st.blockStates;
        List<JobOption> opts = new ArrayList<>();
        for (Map.Entry<String, String> e : s.givenOptions()) {
            opts.add(new JobOption(e.getKey(), e.getValue()));
        }
        r.options = opts;
        r.report = groupReportOptions(s).copy();
        if (job.setupFailed()) {
            r.report.zonedBlockDevice = false; // zbd_setup_files never got to count zone resets
        }
        for (int d = 0; d < 3; d++) {
            DirectionStats ds = r.dir(d);
            ds.ioBytes = st.ioBytes[d];
            ds.totalIos = st.totalIoU[d];
            ds.shortIos = st.shortIoU[d];
            ds.dropIos = st.dropIoU[d];
            long us = st.runtimeMicros[d];
            if (!job.isFinished() && st.measureStartNanos != 0 && st.ioBytes[d] > 0) {
                // An interim report (--status-interval) of a running job: its runtime so far.
                us = (System.nanoTime() - st.measureStartNanos) / 1000L;
            }
            ds.runtimeMs = (us + 999) / 1000;
            ds.slat.copyFrom(st.slat[d]);
            ds.clat.copyFrom(st.clat[d]);
            ds.lat.copyFrom(st.lat[d]);
            ds.clatHist.merge(st.clatHist[d]);
            ds.slatHist.merge(st.slatHist[d]);
            ds.latHist.merge(st.latHist[d]);
            ds.bw.copyFrom(st.bw[d]);
            ds.iops.copyFrom(st.iops[d]);
            ds.ioprio = st.ioprio;
            ds.prios = st.prios[d] == null ? null : st.prios[d].copy();
        }
        r.syncTotalIos = st.totalIoU[JobStats.SYNC];
        r.syncLat.copyFrom(st.syncStat);
        r.syncHist.merge(st.syncHist);
        r.totalRunTimeMs = job.isFinished() || job.startNanos() == 0 ? st.totalRunTimeMillis
                : (System.nanoTime() - job.startNanos()) / 1_000_000L;
        r.usrTimeMs = st.usrMillis;
        r.sysTimeMs = st.sysMillis;
        r.ctx = st.ctxSwitches;
        r.majf = st.majorFaults;
        r.minf = st.minorFaults;
        for (int i = 0; i < 7; i++) {
            r.ioDepth.add(i, st.depthMap[i]);
            r.submit.add(i, st.submitMap[i]);
            r.complete.add(i, st.completeMap[i]);
        }
        r.totalSubmit = st.totalSubmit;
        r.totalComplete = st.totalComplete;
        for (int i = 0; i < 10; i++) {
            r.latNs.add(i, st.latNsec[i]);
            r.latUs.add(i, st.latUsec[i]);
        }
        for (int i = 0; i < 12; i++) {
            r.latMs.add(i, st.latMsec[i]);
        }
        LatencyTargetOptions lt = job.options().latency();
        r.latencyDepth = job.latencyDepth();
        r.latencyTargetNs = lt.targetUs() * 1000L;
        r.latencyWindowUs = lt.windowUs();
        r.latencyPercentile = lt.percentile();
        if (job.steadyState() != null) {
            r.steadyState = job.steadyState().result();
        }
        return r;
    }
}
