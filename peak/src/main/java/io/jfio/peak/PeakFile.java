package io.jfio.peak;

/** One file a submitter reads (t/io_uring's struct file), copied per submitter so its counters are private. */
final class PeakFile {
    final String path;
    final int realFd;
    /** Random offsets pick a block in [0, maxBlocks): bs-sized blocks, minus the last one. */
    final long maxBlocks;
    /** Bytes; sequential offsets wrap before running past it. */
    final long maxSize;
    /** Passthrough: namespace id and log2 of the LBA size. */
    final int nsid;
    final int lbaShift;
    int fixedFd = -1;
    int pendingIos;
    long curOff;

    PeakFile(String path, int realFd, long maxBlocks, long maxSize, int nsid, int lbaShift) {
        this.path = path;
        this.realFd = realFd;
        this.maxBlocks = maxBlocks;
        this.maxSize = maxSize;
        this.nsid = nsid;
        this.lbaShift = lbaShift;
    }

    PeakFile copy() {
        return new PeakFile(path, realFd, maxBlocks, maxSize, nsid, lbaShift);
    }
}
