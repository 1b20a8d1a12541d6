package io.jfio.engine;

import java.util.List;

/**
 * One I/O (fio's io_u). A job allocates its units once, each with a fixed slice of the job's
 * off-heap buffer, and reuses them: nothing here is allocated per I/O.
 */
public final class IoUnit {
    /** Slot in the job's pool; engines use it as user_data / aio_data to find the unit again. */
    public final int index;
    /** Native address of this unit's data buffer (aligned as the job asked). */
    public final long bufferAddress;
    /** Capacity of the buffer in bytes (the job's largest block size). */
    public final int bufferCapacity;

    public IoDirection ddir;
    public IoFile file;
    public long offset;
    /** Bytes to transfer (fio's xfer_buflen). */
    public int length;
    /**
     * A trim of several ranges (num_range above 1): how many (start, length) pairs its buffer
     * holds (fio's number_trim); 0 for every other unit, whose offset and length say it all.
     */
    public int numRanges;
    /** Bytes transferred, or a negative errno; set by the engine on completion. */
    public long result;
    /**
     * Per-I/O flags added to the engine's own: RWF_* for reads and writes, sync_file_range flags for
     * SYNC_FILE_RANGE units (0: the engine's default; the runner sets sync_file_range='s flags,
     * with the unit's offset and length the range to sync). Engines decide per-I/O flags such as
     * pvsync2's hipri_percentage themselves.
     */
    public int rwFlags;
    /**
     * A read of a logged write whose buffer already holds the data the write left (fio's
     * IO_U_F_VER_LIST with IO_U_F_VER_IN_DEV): an engine with {@link EngineFlag#VERIFY_IN_DEVICE}
     * has the device compare it. Set only for such engines, by the runner.
     */
    public boolean verifyInDevice;

    /**
     * Which of the job's per-priority stats this I/O counts in (fio's clat_prio_index): 0, the
     * job's own priority, unless the engine gave it a per-I/O one (cmdprio). Set by the engine.
     */
    public int clatPrioIndex;

    /** fio's start_time: the unit is fully prepared (ns, monotonic). */
    public long startTimeNanos;
    /** fio's issue_time: the unit is considered submitted (ns, monotonic). */
    public long issueTimeNanos;

    public IoUnit(int index, long bufferAddress, int bufferCapacity) {
        this.index = index;
        this.bufferAddress = bufferAddress;
        this.bufferCapacity = bufferCapacity;
    }

    /**
     * The units as an array indexed by {@link #index}, so an engine finds a completion's unit from
     * its user_data without searching; an index no unit has stays null.
     */
    public static IoUnit[] byIndex(List<IoUnit> units) {
        int maxIndex = 0;
        for (IoUnit u : units) {
            maxIndex = Math.max(maxIndex, u.index);
        }
        IoUnit[] byIndex = new IoUnit[maxIndex + 1];
        for (IoUnit u : units) {
            byIndex[u.index] = u;
        }
        return byIndex;
    }

    /** Sets the outcome from a syscall-style return value: bytes moved, or -errno. */
    public void complete(long res) {
        this.result = res;
    }

    public boolean failed() {
        return result < 0;
    }

    /** The errno of a failed unit (positive), or 0. */
    public int errno() {
        return result < 0 ? (int) -result : 0;
    }
}
