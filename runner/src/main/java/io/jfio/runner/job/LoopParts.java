package io.jfio.runner.job;

import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.runner.data.BufferContent;
import io.jfio.runner.log.JobLogs;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.verify.Verifier;

import java.io.PrintStream;

/**
 * What a job's {@link IoLoop} runs with beside its {@link LoopSettings}: the engine (whether it is
 * sync, diskless, stamps its own issue times), the units, the workload, the job's numbers and
 * state, the clock and the epoch runtime counts from, where errors go, the buffer contents (null
 * when verify fills the writes), what runs between passes, the logs, the steady-state member,
 * latency_target's search and the flow (each null when unused), verify's part, thinktime_iotime /
 * thinkcycles, lockfile's locks (null for lockfile=none), how many files the job has and its
 * ramp_size check (null without), and io_submit_mode=offload's submit workers (null without).
 *
 * @param verifier       verify= is on: it fills writes and checks reads (null otherwise)
 * @param verifyPhase    this is verify's read-back pass (fio's do_verify)
 * @param mixedReadWrite rw mixes reads and writes: only reads of logged writes are checked
 * @param resumed        the I/O phase goes on after a read-back: the measured phase runs already
 */
record LoopParts(IoEngine engine, boolean syncEngine, boolean diskless, boolean setsIssueTime, IoUnit[] units,
                 IoSource source, JobStats stats, JobState state, JobClock clock, long epochNanos, PrintStream err,
                 BufferContent content, Runnable newPass, JobLogs logs, SteadyState.Member steady,
                 LatencyTarget latTarget, Flow flow, Verifier verifier, boolean verifyPhase, boolean mixedReadWrite,
                 ThinkIoTime thinkIoTime, FileLocks fileLocks, int files, boolean resumed,
                 RampPeriod.Member ramp, OffloadSubmit offload) {

    /** The same loop as verify's read-back pass: it reads back the logged writes and nothing else. */
    LoopParts readBack() {
        return new LoopParts(engine, syncEngine, diskless, setsIssueTime, units, source, stats, state, clock, epochNanos,
                err, content, newPass, logs, steady, latTarget, flow, verifier, true, false, thinkIoTime, fileLocks,
                files, false, ramp, offload);
    }

    /**
     * The I/O phase again after a read-back (experimental_verify's iterations, fio's next
     * thread_main loop): the numbers go on, nothing is reset.
     */
    LoopParts nextLoop() {
        return new LoopParts(engine, syncEngine, diskless, setsIssueTime, units, source, stats, state, clock, epochNanos,
                err, content, newPass, logs, steady, latTarget, flow, verifier, false, mixedReadWrite, thinkIoTime,
                fileLocks, files, true, ramp, offload);
    }
}
