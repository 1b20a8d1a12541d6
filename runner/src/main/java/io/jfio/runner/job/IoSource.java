package io.jfio.runner.job;

import io.jfio.engine.IoUnit;

/**
 * Where a job's I/Os come from (the workload's IoPattern): fills ddir, file, offset and length
 * of a free unit. Called on the job thread only, once per I/O, so it must not allocate.
 */
public interface IoSource {
    /** Fills the unit; false when the job has no more I/O to do. */
    boolean next(IoUnit unit);
}
