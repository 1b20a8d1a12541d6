package io.jfio.engine;

/** fio's data directions (ddir). The ordinal order matches fio's DDIR_* indices for read/write/trim. */
public enum IoDirection {
    READ, WRITE, TRIM, SYNC, DATASYNC, SYNC_FILE_RANGE;

    /** True for the three directions that move data and are counted in io_bytes. */
    public boolean isData() {
        return this == READ || this == WRITE || this == TRIM;
    }

    public boolean isSync() {
        return !isData();
    }
}
