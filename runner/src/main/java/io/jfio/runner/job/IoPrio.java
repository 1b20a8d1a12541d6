package io.jfio.runner.job;

import io.jfio.engine.nativeio.IoPriority;
import io.jfio.jobfile.options.ProcessOptions;
import io.jfio.runner.workload.JobError;

/**
 * fio's prio/prioclass/priohint: when any is set, the job sets its I/O priority with ioprio_set
 * before its I/O (fio's thread_main, before td_io_init); a refusal is the job's "ioprio_set"
 * error. That value is also the job's own priority (fio's td->ioprio), which io_uring puts in
 * every read and write and the per-priority stats list first. The job thread's priority is
 * inherited by the commands it starts (exec_prerun).
 */
final class IoPrio {
    private IoPrio() {
    }

    static void apply(ProcessOptions p) throws JobError {
        if (!p.ioprioSet()) {
            return;
        }
        int errno = IoPriority.setCurrentThread(jobIoprio(p));
        if (errno != 0) {
            throw new JobError(errno, "ioprio_set", null);
        }
    }

    /** fio's td->ioprio: ioprio_value(prioclass, prio, priohint) when one is set, else 0. */
    static int jobIoprio(ProcessOptions p) {
        return p.ioprioSet() ? IoPriority.value(p.prioclass(), Math.max(0, p.prio()), p.priohint()) : 0;
    }
}
