package io.jfio.runner.job;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;

/**
 * fsync= and fdatasync= (io_u.c: should_fsync, get_rw_ddir): after every N writes the next unit
 * is a sync of the file last written. Like fio, a sync is only issued when the workload has more
 * to do: the next I/O is fetched first and kept back until the sync is issued.
 */
final class SyncSchedule {
    private final long fsyncEvery;
    private final long fdatasyncEvery;
    private int lastIssuedDdir = -1;
    private IoFile lastFile;
    private boolean stashed;
    private IoDirection stashDdir;
    private IoFile stashFile;
    private long stashOffset;
    private int stashLength;

    SyncSchedule(long fsyncEvery, long fdatasyncEvery) {
        this.fsyncEvery = fsyncEvery;
        this.fdatasyncEvery = fdatasyncEvery;
    }

    /** An I/O went to the engine: a sync follows writes only, and goes to the file last written. */
    void issued(int ddir, IoFile file) {
        lastIssuedDdir = ddir;
        lastFile = file;
    }

    /** The I/O kept back for a sync: fills {@code u} with it; false when none is kept. */
    boolean unstash(IoUnit u) {
        if (!stashed) {
            return false;
        }
        stashed = false;
        u.ddir = stashDdir;
        u.file = stashFile;
        u.offset = stashOffset;
        u.length = stashLength;
        return true;
    }

    /** The sync due after {@code writes} writes, or null. */
    IoDirection due(long writes) {
        if (lastIssuedDdir == 1 && lastFile != null) {
            if (fsyncEvery > 0 && writes > 0 && writes % fsyncEvery == 0) {
                return IoDirection.SYNC;
            } else if (fdatasyncEvery > 0 && writes > 0 && writes % fdatasyncEvery == 0) {
                return IoDirection.DATASYNC;
            }
        }
        return null;
    }

    /** Keeps back the I/O in {@code u} and turns {@code u} into the sync {@code d}. */
    void stashFor(IoUnit u, IoDirection d) {
        stashed = true;
        stashDdir = u.ddir;
        stashFile = u.file;
        stashOffset = u.offset;
        stashLength = u.length;
        u.ddir = d;
        u.file = lastFile;
        u.offset = 0;
        u.length = 0;
    }
}
