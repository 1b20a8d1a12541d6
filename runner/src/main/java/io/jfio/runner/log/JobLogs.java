package io.jfio.runner.log;

import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.IoLogOptions;
import io.jfio.jobfile.options.LogOptions;
import io.jfio.runner.stats.JobStats;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Every log one job writes: fio's bw, iops, lat, clat, slat and clat_hist logs and its
 * write_iolog trace. The I/O loop calls in at fio's sampling points (issue, submission,
 * completion, start of the measured phase); each call stores primitives into a preallocated
 * chunk and returns, and the {@link LogWriter} thread writes the files.
 */
public final class JobLogs {
    /** A sample window that never ends: the report's bw/iops samples then come per I/O. */
    private static final long NEVER_MS = Long.MAX_VALUE / 4_000_000L;
    private static final int UNIT_CHUNK = 4096;
    private static final int UNIT_POOL = 8;

    private final JobStats stats;
    private final PrintStream err;
    private final List<LogStream> streams = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final SampleLog bw;
    private final SampleLog iops;
    private final SampleLog lat;
    private final SampleLog clat;
    private final SampleLog slat;
    private final HistLog hist;
    private final RateWindow bwWindow;
    private final RateWindow iopsWindow;
    private final LogStream iolog;
    private final long iologStartNanos;
    private final boolean alternateEpoch;
    private final int nfiles;
    /** Files whose open write_iolog recorded and whose close it has not. */
    private final boolean[] openLogged;
    private final int clockId;
    private long epochNanos;
    private boolean started;

    private JobLogs(JobSpec spec, LogOptions o, IoLogOptions io, JobStats stats, List<IoFile> files, int iodepth,
                    PrintStream err, boolean lazyOpens) throws IOException {
        this.stats = stats;
        this.err = err;
        this.alternateEpoch = o.alternateEpoch();
        this.clockId = o.epochClockId();
        this.nfiles = files.size();
        this.openLogged = new boolean[nfiles];
        int thread = spec.index() + 1;
        boolean gz = o.storeCompressed();
        SampleColumns cols = new SampleColumns(o.offset(), o.prio(), o.window() == LogOptions.Window.BOTH,
                o.issueTime());
        int chunk = o.avgMsec() == 0 ? Math.max(UNIT_CHUNK, Math.max(o.entries(), iodepth)) : Math.max(64, o.entries());
        int pool = o.avgMsec() == 0 ? UNIT_POOL : 2;
        SampleLog lt = null;
        SampleLog ct = null;
        SampleLog st = null;
        if (o.latPrefix() != null) {
            // fio's disable_lat/clat/slat drop the matching file; jfio measures all three always.
            lt = sampleLog(o, cols, o.latPrefix(), "lat", thread, gz, chunk, pool, o.avgMsec(), true);
            st = sampleLog(o, cols, o.latPrefix(), "slat", thread, gz, chunk, pool, o.avgMsec(), true);
            ct = sampleLog(o, cols, o.latPrefix(), "clat", thread, gz, chunk, pool, o.avgMsec(), true);
        }
        this.lat = lt;
        this.slat = st;
        this.clat = ct;
        if (o.histPrefix() != null) {
            String name = LogFiles.name(o.histPrefix(), "clat_hist", thread, o.perJobLogs(), false);
            OutputStream out = LogFiles.open(name, o.perJobLogs(), thread);
            LogStream s = new LogStream(HistSink.BUCKETS + HistLog.columns(o.histCoarseness()), 16, 4,
                    new HistSink(out));
            register(s, name);
            hist = new HistLog(s, o.histMsec(), o.histCoarseness());
        } else {
            hist = null;
        }
        this.bw = o.bwPrefix() == null ? null
                : sampleLog(o, cols, o.bwPrefix(), "bw", thread, gz, chunk, pool, o.bwAvgMsec(), false);
        this.iops = o.iopsPrefix() == null ? null
                : sampleLog(o, cols, o.iopsPrefix(), "iops", thread, gz, chunk, pool, o.iopsAvgMsec(), false);
        this.bwWindow = bw == null || bw.perUnit() ? null : new RateWindow(bw, false, o.bwAvgMsec());
        this.iopsWindow = iops == null || iops.perUnit() ? null : new RateWindow(iops, true, o.iopsAvgMsec());
        if (bw != null || iops != null) {
            stats.setSampleWindows(bw == null ? o.bwAvgMsec() : bw.perUnit() ? NEVER_MS : o.bwAvgMsec(),
                    iops == null ? o.iopsAvgMsec() : iops.perUnit() ? NEVER_MS : o.iopsAvgMsec());
        }
        if (io.writeIolog() != null) {
            List<String> paths = new ArrayList<>();
            for (IoFile f : files) {
                paths.add(f.path);
            }
            // fio opens write_iolog for appending ("a") and starts with its version line.
            OutputStream out = new java.io.BufferedOutputStream(new FileOutputStream(io.writeIolog(), true), 1 << 16);
            LogStream s = new LogStream(IoLogSink.WIDTH, UNIT_CHUNK, UNIT_POOL, new IoLogSink(out, paths));
            register(s, io.writeIolog());
            iolog = s;
            iologStartNanos = System.nanoTime();
            for (IoFile f : files) {
                fileAction(f, IoLogSink.ADD);
            }
            if (!lazyOpens) {
                for (IoFile f : files) {
                    fileOpened(f);
                }
            }
        } else {
            iolog = null;
            iologStartNanos = 0;
        }
    }

    private SampleLog sampleLog(LogOptions o, SampleColumns cols, String prefix, String type, int thread, boolean gz,
                                int chunk, int pool, long avgMsec, boolean inline) throws IOException {
        String name = LogFiles.name(prefix, type, thread, o.perJobLogs(), gz);
        OutputStream out = LogFiles.open(name, o.perJobLogs(), thread);
        LogSink sink = gz ? new BinarySampleSink(out, cols, name) : new TextSampleSink(out, cols);
        if (avgMsec == 0) {
            sink = new SpillSink(sink, name);
        }
        LogStream s = new LogStream(Sample.WIDTH, chunk, pool, sink);
        register(s, name);
        return new SampleLog(s, avgMsec, inline, o.window());
    }

    private void register(LogStream s, String name) {
        streams.add(s);
        names.add(name);
        LogWriter.instance().add(s);
    }

    /**
     * The logs of a job, or null when it writes none. Files are created here, as fio creates them
     * at set-up; {@code err} gets jfio's deviations (with file:line) for the first clone only.
     */
    public static JobLogs open(JobSpec spec, JobStats stats, List<IoFile> files, int iodepth, PrintStream err) {
        return open(spec, stats, files, iodepth, err, false);
    }

    /**
     * As {@link #open(JobSpec, JobStats, List, int, PrintStream)}; {@code lazyOpens}: the files are
     * opened and closed as the job reaches them (openfiles), told through {@link #fileOpened} and
     * {@link #fileClosed}, instead of all at the start.
     */
    public static JobLogs open(JobSpec spec, JobStats stats, List<IoFile> files, int iodepth, PrintStream err,
                               boolean lazyOpens) {
        LogOptions o = ThreadOptions.of(spec).logs();
        IoLogOptions io = ThreadOptions.of(spec).iolog();
        if (spec.cloneIndex() == 0) {
            for (String w : o.warnings()) {
                err.println("fio: warning: " + w);
            }
        }
        if (!o.any() && io.writeIolog() == null) {
            return null;
        }
        try {
            return new JobLogs(spec, o, io, stats, files, iodepth, err, lazyOpens);
        } catch (IOException e) {
            err.println("fio: fopen log: " + e.getMessage());
            return null;
        }
    }

    /** Start of the measured phase (the job's start, or the end of ramp_time): fio's td->epoch. */
    public void start(long nowNanos) {
        epochNanos = nowNanos;
        started = true;
        long offset = 0;
        if (alternateEpoch) {
            // fio's alternate_epoch: clock_gettime on log_alternate_epoch_clock_id, in ms
            offset = io.jfio.engine.nativeio.PosixClock.millis(clockId);
            if (offset == Long.MIN_VALUE) {
                offset = System.currentTimeMillis();
            }
        }
        for (SampleLog l : new SampleLog[] {bw, iops, lat, clat, slat}) {
            if (l != null) {
                l.restart(offset);
            }
        }
        if (hist != null) {
            hist.restart(offset);
        }
        if (bwWindow != null) {
            bwWindow.restart(nowNanos);
        }
        if (iopsWindow != null) {
            iopsWindow.restart(nowNanos);
        }
    }

    /** An I/O handed to the engine (fio's log_io_u in td_io_queue): one write_iolog line. */
    public void issued(IoUnit u) {
        if (iolog == null) {
            return;
        }
        int i = iolog.next();
        long[] a = iolog.chunk();
        a[i + IoLogSink.TIME] = (u.startTimeNanos - iologStartNanos) / 1000L;
        a[i + IoLogSink.FILE] = u.file == null ? 0 : u.file.index;
        a[i + IoLogSink.ACTION] = u.ddir.ordinal();
        a[i + IoLogSink.OFFSET] = u.offset;
        a[i + IoLogSink.LENGTH] = u.length;
    }

    /** A file opened: write_iolog's "open" line. */
    public void fileOpened(IoFile f) {
        if (iolog != null && !openLogged[f.index]) {
            openLogged[f.index] = true;
            fileAction(f, IoLogSink.OPEN);
        }
    }

    /** A file closed before the job's end: write_iolog's "close" line. */
    public void fileClosed(IoFile f) {
        if (iolog != null && openLogged[f.index]) {
            openLogged[f.index] = false;
            fileAction(f, IoLogSink.CLOSE);
        }
    }

    private void fileAction(IoFile f, int action) {
        int i = iolog.next();
        long[] a = iolog.chunk();
        a[i + IoLogSink.TIME] = (System.nanoTime() - iologStartNanos) / 1000L;
        a[i + IoLogSink.FILE] = f.index;
        a[i + IoLogSink.ACTION] = action;
    }

    /** The priority the I/O ran with (fio's io_u->ioprio): its per-I/O one, else the job's. */
    private int ioprio(int ddir, IoUnit u) {
        var p = ddir < stats.prios.length ? stats.prios[ddir] : null;
        return p != null ? p.ioprio(u.clatPrioIndex) : stats.ioprio;
    }

    /** Submission latency of a data I/O, measured (fio's add_slat_sample). */
    public void slat(IoUnit u, long slatNs) {
        if (slat == null) {
            return;
        }
        long issue = Math.max(0, u.issueTimeNanos - epochNanos);
        slat.add(elapsedMs(u.issueTimeNanos), u.ddir.ordinal(), slatNs, u.length, u.offset, ioprio(u.ddir.ordinal(), u),
            issue);
    }

    /** A data I/O completed at {@code t}, measured (fio's account_io_completion). */
    public void completion(int ddir, long bytes, long clatNs, long latNs, IoUnit u, long t) {
        long ms = elapsedMs(t);
        if (lat != null) {
            lat.add(ms, ddir, latNs, bytes, u.offset, ioprio(ddir, u), 0);
        }
        if (clat != null) {
            clat.add(ms, ddir, clatNs, bytes, u.offset, ioprio(ddir, u), Math.max(0, u.issueTimeNanos - epochNanos));
        }
        if (hist != null) {
            hist.completion(ms, ddir, bytes, stats.clatHist[ddir]);
        }
        if (bw != null && bw.perUnit()) {
            long rate = clatNs > 0 ? bytes * 1_000_000L / clatNs : 0;
            stats.bw[ddir].add(rate);
            bw.add(ms, ddir, rate, bytes, u.offset, 0, 0);
        }
        if (iops != null && iops.perUnit()) {
            stats.iops[ddir].add(1);
            iops.add(ms, ddir, 1, bytes, u.offset, 0, 0);
        }
        if (bwWindow != null) {
            bwWindow.check(ms, t, stats.ioBytes, stats.ioCompleted);
        }
        if (iopsWindow != null) {
            iopsWindow.check(ms, t, stats.ioBytes, stats.ioCompleted);
        }
    }


    private long elapsedMs(long t) {
        long d = t - epochNanos;
        return d <= 0 ? 0 : d / 1_000_000L;
    }

    /** End of the job: the open windows get their rows (fio's finalize_logs) and every file is written. */
    public void finish(long endNanos) {
        if (started) {
            long ms = elapsedMs(endNanos);
            if (bwWindow != null) {
                bwWindow.check(ms, endNanos, stats.ioBytes, stats.ioCompleted);
            }
            if (iopsWindow != null) {
                iopsWindow.check(ms, endNanos, stats.ioBytes, stats.ioCompleted);
            }
            for (SampleLog l : new SampleLog[] {lat, slat, clat, bw, iops}) {
                if (l != null) {
                    l.finish(ms);
                }
            }
        }
        if (iolog != null) {
            for (int f = 0; f < nfiles; f++) {
                if (!openLogged[f]) {
                    continue;
                }
                int i = iolog.next();
                long[] a = iolog.chunk();
                a[i + IoLogSink.TIME] = (System.nanoTime() - iologStartNanos) / 1000L;
                a[i + IoLogSink.FILE] = f;
                a[i + IoLogSink.ACTION] = IoLogSink.CLOSE;
            }
        }
        if (Boolean.getBoolean("jfio.logstats")) {
            err.println("jfio: logs: " + selfDrains() + " chunk write-outs on the job thread");
        }
        for (int i = 0; i < streams.size(); i++) {
            IOException e = streams.get(i).close();
            if (e != null) {
                err.println("fio: log " + names.get(i) + ": " + e.getMessage());
            }
        }
    }

    /** Times the job thread wrote its own chunks out because the writer thread fell behind. */
    public long selfDrains() {
        long n = 0;
        for (LogStream s : streams) {
            n += s.selfDrains();
        }
        return n;
    }
}
