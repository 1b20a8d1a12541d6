package io.jfio.engine;

import java.util.EnumSet;
import java.util.Set;

/**
 * An engine flagged {@link EngineFlag#NO_IO}: each queue() is one unit of its work (a CPU burn
 * cycle, a poll of a child program); the runner asks it how long to think after each one (fio's
 * cpuio sets td->o.thinktime from cpuload) and whether it has finished.
 */
public interface NoIoEngine extends IoEngine {
    /** fio's cpuio and exec: FIO_SYNCIO | FIO_DISKLESSIO | FIO_NOIO. */
    @Override
    default Set<EngineFlag> flags() {
        return EnumSet.of(EngineFlag.SYNC_IO, EngineFlag.DISK_LESS, EngineFlag.NO_IO);
    }

    /** No files: a job without I/O opens nothing. */
    @Override
    default void openFile(IoFile file, int openFlags) {
    }

    @Override
    default void closeFile(IoFile file) {
    }

    /** Microseconds to sleep after the unit just completed (0 = none). */
    long thinkTimeUsec();

    /** True once the engine wants its job to end (fio sets td->done). */
    boolean finished();
}
