package io.jfio.runner.job;

import io.jfio.engine.nativeio.IoPriority;
import io.jfio.runner.workload.JobError;

/**
 * fio's prio/prioclass: when either is set, the job sets its I/O priority with ioprio_set before
 * its I/O (fio's thread_main, before td_io_init); a refusal is the job's "ioprio_set" error.
 * The job thread's priority is inherited by the commands it starts (exec_prerun).
 */
final class IoPrio {
    private IoPrio() {
    }

    static void apply(int prio, int prioclass) throws JobError {
        if (prio < 0) {
            return;
        }
        int errno = IoPriority.setCurrentThread(IoPriority.value(prioclass, prio, 0));
        if (errno != 0) {
            throw new JobError(errno, "ioprio_set", null);
        }
    }
}
