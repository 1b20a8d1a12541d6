package io.jfio.runner.job;

import io.jfio.engine.nativeio.Native;
import io.jfio.runner.workload.JobError;

/**
 * fio's nice=N: the job adds N to its niceness before its I/O (fio's thread_main calls nice(3)).
 * Linux keeps niceness per thread, and setpriority(PRIO_PROCESS, 0) acts on the calling thread, so
 * jfio's job thread gets what a fio job process gets; commands it starts (exec_prerun) inherit it.
 */
final class Nice {
    private static final int PRIO_PROCESS = 0;

    private Nice() {
    }

    static void apply(int increment) throws JobError {
        if (increment == 0) {
            return;
        }
        int now = Native.libc().getpriority(PRIO_PROCESS, 0);
        int target = Math.max(-20, Math.min(19, now + increment));
        if (Native.libc().setpriority(PRIO_PROCESS, 0, target) != 0) {
            throw new JobError(Native.errno(), "nice", null);
        }
    }
}
