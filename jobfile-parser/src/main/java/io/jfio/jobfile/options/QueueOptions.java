package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * The engine and how deep and in what batches the job queues to it (fio's ioengine, iodepth,
 * iodepth_batch, iodepth_batch_complete_min/max, iodepth_low; the parser has applied fio's
 * defaults-from-iodepth fix-ups). The engine's own options belong to the engine.
 *
 * @param serializeOverlap serialize_overlap as given: no I/O is issued while an in-flight one overlaps it
 *                         (the runner switches it off where fio's fixup does: iodepth 1, or a job that
 *                         neither writes nor trims and replays no log)
 * @param ioscheduler      ioscheduler= as given (the block-layer scheduler of the files' disks), or null
 * @param offload          io_submit_mode=offload: units are queued and completed by a submit thread, not the
 *                         job's own (fio's workqueue in rate-submit.c)
 */
public record QueueOptions(String ioengine, int iodepth, int iodepthBatch, int iodepthBatchCompleteMin,
                           int iodepthBatchCompleteMax, int iodepthLow, boolean serializeOverlap,
                           String ioscheduler, boolean offload) {

    public static QueueOptions from(JobSpec spec) {
        String engine = spec.getString("ioengine");
        int depth = (int) Math.max(1, spec.getLong("iodepth"));
        return new QueueOptions(engine == null ? "psync" : engine, depth, spec.getInt("iodepth_batch"),
                spec.getInt("iodepth_batch_complete_min"), spec.getInt("iodepth_batch_complete_max"),
                spec.getInt("iodepth_low"), spec.getBool("serialize_overlap"), spec.getString("ioscheduler"),
                "offload".equals(spec.getString("io_submit_mode")));
    }
}
