package io.jfio.engine;

/** Properties of an engine that change how the runner drives it (fio's FIO_* engine flags). */
public enum EngineFlag {
    /** queue() completes every I/O before it returns (fio's FIO_SYNCIO): issue_time is taken before queue. */
    SYNC_IO,
    /** The engine does no real I/O on files (null): no file creation or layout. */
    DISK_LESS,
    /**
     * The engine stamps {@link IoUnit#issueTimeNanos} itself when the kernel takes a unit (fio's
     * FIO_ASYNCIO_SETS_ISSUE_TIME: libaio, io_uring, io_uring_cmd, and null with iodepth > 1),
     * every unit it completes included, so the runner does not.
     */
    SETS_ISSUE_TIME
}
