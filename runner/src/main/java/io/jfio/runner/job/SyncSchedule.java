package io.jfio.runner.job;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;

/**
 * fsync=, fdatasync= and sync_file_range= (io_u.c: should_fsync, get_rw_ddir): after every N
 * writes the next unit is a sync of the file last written. Like fio, a sync is only issued when the workload has more
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

    /** sync_file_range every N writes, its flags, and the written range per file since the last one. */
    private final long sfrEvery;
    private final int sfrFlags;
    private final WrittenRanges written;

    SyncSchedule(long fsyncEvery, long fdatasyncEvery) {
        this(fsyncEvery, fdatasyncEvery, 0, 0, 0);
    }

    SyncSchedule(long fsyncEvery, long fdatasyncEvery, long sfrEvery, int sfrFlags, int files) {
        this.fsyncEvery = fsyncEvery;
        this.fdatasyncEvery = fdatasyncEvery;
        this.sfrEvery = sfrEvery;
        this.sfrFlags = sfrFlags;
        this.written = sfrEvery > 0 ? new WrittenRanges(files) : null;
    }

    /** A write (bytes > 0) or a sync completed: the range the next sync_file_range covers (fio's first/last_write). */
    void completed(IoUnit u, long bytes) {
        if (written != null && u.file != null) {
            if (u.ddir == IoDirection.WRITE) {
                written.wrote(u.file.index, u.offset, bytes);
            } else if (u.ddir.isSync()) {
                written.synced(u.file.index);
            }
        }
    }

    /**
     * Counts an issued unit as fio's td_io_queue does: total_io_u[ddir]. That array has read, write,
     * trim and sync slots only, so fio's fdatasync and sync_file_range units land in the short
     * counts that follow it in memory (read's and write's): `issued rwts: ... short=N,...` as fio
     * 3.33 and 3.42 print it.
     */
    static void countIssued(io.jfio.runner.stats.JobStats stats, IoDirection d) {
        switch (d) {
            case DATASYNC -> stats.shortIoU[0]++;
            case SYNC_FILE_RANGE -> stats.shortIoU[1]++;
            case SYNC -> stats.totalIoU[io.jfio.runner.stats.JobStats.SYNC]++;
            default -> stats.totalIoU[d.ordinal()]++;
        }
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
            } else if (sfrEvery > 0 && writes > 0 && writes % sfrEvery == 0) {
                return IoDirection.SYNC_FILE_RANGE;
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
        if (d == IoDirection.SYNC_FILE_RANGE) {
            // fio's do_sync_file_range: what was written to the file since its last sync
            u.offset = written.first(lastFile.index);
            u.length = (int) Math.min(Integer.MAX_VALUE, written.last(lastFile.index) - u.offset);
            u.rwFlags = sfrFlags;
        }
    }
}
