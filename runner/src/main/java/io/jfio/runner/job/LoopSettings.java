package io.jfio.runner.job;

import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.options.ErrorOptions;
import io.jfio.runner.data.BufferContent;
import io.jfio.runner.log.JobLogs;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.verify.Verifier;

import java.io.PrintStream;

/** Settings of a job's {@link IoLoop}; built once per job. */
public final class LoopSettings {
    IoEngine engine;
    boolean syncEngine;
    boolean diskless;
    boolean setsIssueTime;
    IoUnit[] units;
    int batchSubmit = 1;
    int batchCompleteMin = 1;
    int batchCompleteMax = 0;
    int iodepthLow;
    IoSource source;
    JobStats stats;
    JobState state;
    SteadyState.Member steady;
    LatencyTarget latTarget;
    Flow flow;
    boolean latHistogram;
    boolean slatHistogram;
    JobClock clock = JobClock.SYSTEM;
    long epochNanos;
    long runtimeNanos;
    long rampNanos;
    long fsyncEvery;
    Runnable newPass = () -> { };
    long fdatasyncEvery;
    ThinkIoTime thinkIoTime = ThinkIoTime.NONE;
    FileLocks fileLocks;
    boolean serializeOverlap;
    boolean modifies;
    boolean replay;
    long sfrEvery;
    int sfrFlags;
    int sfrFiles;
    ErrorOptions errors = ErrorOptions.NONE;
    boolean fillDevice;
    PrintStream err = System.err;
    boolean direct;
    Verifier verifier;
    boolean verifyPhase;
    boolean mixedReadWrite;

    /** verify= is on ({@code v} fills writes and checks reads); {@code phase}: this is the read-back pass. */
    public LoopSettings verify(Verifier v, boolean phase, boolean mixed) {
        verifier = v;
        verifyPhase = phase;
        mixedReadWrite = mixed;
        return this;
    }

    /** The job's part in its steady-state check (fio's steadystate_check), or null. */
    public LoopSettings steadyState(SteadyState.Member m) {
        steady = m;
        return this;
    }

    /** latency_target's search (fio's lat_target_*), or null. */
    LoopSettings latencyTarget(LatencyTarget t) {
        latTarget = t;
        return this;
    }

    /** flow control between jobs (fio's flow.c), or null. */
    LoopSettings flow(Flow f) {
        flow = f;
        return this;
    }

    int opLatencyDdir;

    /** The direction fio's file/dir engines record their operations' latencies in (read unless write-only). */
    public LoopSettings opLatencyDirection(int ddir) {
        opLatencyDdir = ddir;
        return this;
    }

    BufferContent content;
    JobLogs logs;

    /** The job's logs, or null when it writes none. */
    public LoopSettings logs(JobLogs l) {
        logs = l;
        return this;
    }

    public LoopSettings engine(IoEngine e, boolean sync, boolean diskLess, boolean setsIssue) {
        engine = e;
        syncEngine = sync;
        diskless = diskLess;
        setsIssueTime = setsIssue;
        return this;
    }

    /** direct=1: an EINVAL on the first I/O of a direction gets fio's O_DIRECT hint. */
    public LoopSettings direct(boolean d) {
        direct = d;
        return this;
    }

    public LoopSettings units(IoUnit[] u) {
        units = u;
        return this;
    }

    public LoopSettings batches(int submit, int completeMin, int completeMax, int low) {
        batchSubmit = submit;
        batchCompleteMin = completeMin;
        batchCompleteMax = completeMax;
        iodepthLow = low;
        return this;
    }

    public LoopSettings source(IoSource s) {
        source = s;
        return this;
    }

    public LoopSettings stats(JobStats s, JobState st, boolean lat, boolean slat) {
        stats = s;
        state = st;
        latHistogram = lat;
        slatHistogram = slat;
        return this;
    }

    public LoopSettings time(long epoch, long runtime, long ramp) {
        epochNanos = epoch;
        runtimeNanos = runtime;
        rampNanos = ramp;
        return this;
    }

    /** The clock {@code epoch} is read from (the loop's reads and waits go through it too). */
    public LoopSettings clock(JobClock c) {
        clock = c;
        return this;
    }

    public LoopSettings syncs(long fsync, long fdatasync) {
        fsyncEvery = fsync;
        fdatasyncEvery = fdatasync;
        return this;
    }

    /** lockfile: the job's file locks (none for lockfile=none). */
    public LoopSettings lockfile(io.jfio.jobfile.JobSpec spec, io.jfio.jobfile.options.FileOptions.LockMode mode,
                                 java.util.List<io.jfio.engine.IoFile> files) {
        fileLocks = FileLocks.of(spec, mode, files);
        return this;
    }

    /** serialize_overlap, and what fio's fixup checks before it keeps it. */
    public LoopSettings serializeOverlap(boolean on, boolean jobModifies, boolean replaysLog) {
        serializeOverlap = on;
        modifies = jobModifies;
        replay = replaysLog;
        return this;
    }

    /** thinktime_iotime and thinkcycles. */
    public LoopSettings think(io.jfio.jobfile.options.ThinkTimeOptions t) {
        thinkIoTime = new ThinkIoTime(t);
        return this;
    }

    /** sync_file_range=: every N writes, with these flags, over a job of {@code files} files. */
    public LoopSettings syncFileRange(long every, int flags, int files) {
        sfrEvery = every;
        sfrFlags = flags;
        sfrFiles = files;
        return this;
    }

    /** fill_device: ENOSPC ends the job without an error. */
    public LoopSettings fillDevice(boolean fill) {
        fillDevice = fill;
        return this;
    }

    public LoopSettings errors(ErrorOptions policy, PrintStream errStream) {
        errors = policy;
        err = errStream;
        return this;
    }

    /** What to do between passes (fio drops the files' cached pages again with invalidate=1). */
    public LoopSettings onNewPass(Runnable action) {
        newPass = action;
        return this;
    }

    /** The job's buffer contents: every write unit is refilled or scrambled as fio does. */
    public LoopSettings content(BufferContent c) {
        content = c;
        return this;
    }

    public IoLoop build() {
        return new IoLoop(this);
    }
}
