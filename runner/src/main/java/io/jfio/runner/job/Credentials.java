package io.jfio.runner.job;

import io.jfio.engine.nativeio.Native;
import io.jfio.jobfile.options.ProcessOptions;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.workload.JobError;

/**
 * fio's uid=/gid=: the job process calls setgid then setuid before its set-up (backend.c's
 * thread_main), so its files are opened, and created when it lays them out itself, as that user.
 * A jfio job is a thread: glibc's setuid/setgid change every thread of the process, the raw
 * setresuid/setresgid system calls only the calling one (Linux keeps credentials per thread), so
 * the job thread makes those calls with all three ids, as setuid does for root. The job thread
 * ends with the job, so nothing else runs with them.
 */
final class Credentials {
    private static final long SYS_SETRESUID = 117;
    private static final long SYS_SETRESGID = 119;

    private Credentials() {
    }

    static void apply(ProcessOptions p, JobStats stats) throws JobError {
        if (p.gid() != -1) {
            set(SYS_SETRESGID, p.gid(), "setgid", "backend.c:1864", stats);
        }
        if (p.uid() != -1) {
            set(SYS_SETRESUID, p.uid(), "setuid", "backend.c:1868", stats);
        }
    }

    private static void set(long nr, int id, String function, String where, JobStats stats) throws JobError {
        long v = id & 0xffffffffL;
        if (Native.libc().syscall(nr, v, v, v, 0, 0) != 0) {
            int errno = Native.errno();
            stats.errorFile = where;
            throw new JobError(errno, function, null);
        }
    }
}
