package io.jfio.runner.log;

/**
 * The row layout of a bw/iops/lat/clat/slat log entry (fio's struct io_sample): time in ms,
 * value (val0), max of the window (val1), direction, block size, offset, priority and issue time
 * in ns since the epoch.
 */
final class Sample {
    static final int TIME = 0;
    static final int VAL0 = 1;
    static final int VAL1 = 2;
    static final int DDIR = 3;
    static final int BS = 4;
    static final int OFFSET = 5;
    static final int PRIO = 6;
    static final int ISSUE = 7;
    static final int WIDTH = 8;

    private Sample() {
    }
}
