package io.jfio.runner.files;

/**
 * fill_device's sizes: without size= fio's size is (unsigned) -1, so a job's files have no end
 * short of a full file system. jfio keeps a large positive size instead (offsets stay signed
 * longs) and prints fio's figure where fio prints it (the layout line).
 */
final class FillDevice {
    /** The job's whole size: far beyond any file system, with room for offsets added to it. */
    static final long UNBOUNDED = Long.MAX_VALUE / 4;

    private FillDevice() {
    }

    /** fio's per-file size for the layout line: 2^64-1 divided among the files, unsigned. */
    static long reportedSize(int nrfiles) {
        return Long.divideUnsigned(-1L, Math.max(1, nrfiles));
    }
}
