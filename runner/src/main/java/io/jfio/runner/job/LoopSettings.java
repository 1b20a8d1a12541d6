package io.jfio.runner.job;

import io.jfio.jobfile.options.ErrorOptions;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.workload.RwMode;

/**
 * What a job's {@link IoLoop} reads from the job's options, once per job (the thread_options
 * fio's do_io reads): iodepth_batch and its completion bounds, iodepth_low, the lat/slat
 * histograms, runtime and ramp_time, the fsync/fdatasync cadence, the error policy, direct, and
 * the direction the file/dir engines record their operations' latencies in (read unless
 * write-only), sync_file_range's cadence and flags, fill_device (ENOSPC ends the job without an
 * error), and serialize_overlap with what fio's fixup checks before it keeps it (the job
 * modifies data, no iolog is replayed), atomic (RWF_ATOMIC on writes), io_submit_mode=offload,
 * and the clock ids of json job_start (job_start_clock_id, log_alternate_epoch_clock_id).
 */
record LoopSettings(int batchSubmit, int batchCompleteMin, int batchCompleteMax, int iodepthLow,
                    boolean latHistogram, boolean slatHistogram, long runtimeNanos, long rampNanos,
                    long fsyncEvery, long fdatasyncEvery, ErrorOptions errors, boolean direct, int opLatencyDdir,
                    long sfrEvery, int sfrFlags, boolean fillDevice, boolean serializeOverlap, boolean modifies,
                    boolean replay, boolean atomic, boolean offload, int jobStartClockId, int logEpochClockId) {

    static LoopSettings of(ThreadOptions o, RwMode mode) {
        // offload: fio's job thread never sees a unit issued (its submit workers do), and its
        // fsync/fdatasync/sync_file_range cadence waits for an issued write: none is made
        boolean offload = o.queue().offload();
        return new LoopSettings(o.queue().iodepthBatch(), o.queue().iodepthBatchCompleteMin(),
                o.queue().iodepthBatchCompleteMax(), o.queue().iodepthLow(),
                o.stat().latPercentiles(), o.stat().slatPercentiles(),
                o.runtime().runtimeUs() * 1000L, o.runtime().rampTimeUs() * 1000L,
                offload ? 0 : o.io().fsync(), offload ? 0 : o.io().fdatasync(), o.errors(), o.io().direct(),
                !mode.reads() && mode.writes() ? 1 : 0,
                offload ? 0 : o.io().syncFileRange(), o.io().syncFileRangeFlags(), o.size().fillDevice(),
                o.queue().serializeOverlap(), mode.modifies(), o.iolog().readIolog() != null,
                o.io().atomic() && mode.writes(), offload, o.runtime().jobStartClockId(), o.logs().epochClockId());
    }
}
