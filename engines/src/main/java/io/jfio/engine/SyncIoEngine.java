package io.jfio.engine;

import java.util.EnumSet;
import java.util.Set;

/**
 * An engine flagged as fio flags its FIO_SYNCIO engines (the sync family, mmap, mtd, e4defrag):
 * issue time is taken before queue(), which completes each I/O itself (vsync, flagged so as in
 * fio, still queues: the runner follows queue()'s status, not the flag).
 */
public interface SyncIoEngine extends IoEngine {
    @Override
    default Set<EngineFlag> flags() {
        return EnumSet.of(EngineFlag.SYNC_IO);
    }
}
