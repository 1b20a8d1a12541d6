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
    SETS_ISSUE_TIME,
    /**
     * The engine refuses io_submit_mode=offload (fio's FIO_NO_OFFLOAD: io_uring and io_uring_cmd,
     * whose rings fio does not share between submit threads).
     */
    NO_OFFLOAD,
    /**
     * An asynchronous engine without a commit hook (posixaio): fio counts one submit and one
     * completion for every queued I/O and none at commit (td_io_queue without ->commit).
     */
    NO_COMMIT,
    /**
     * fio's FIO_NOSTATS (the file and directory operation engines): completions count I/Os and
     * bytes but add no latencies; the engine times its own operation (see IoEngine#takeOpLatency).
     */
    NO_STATS,
    /**
     * fio's FIO_NOIO (cpuio, exec): the engine does no I/O at all; its "I/Os" carry no offset or
     * length, the job has no job line in the preamble, and the engine is a {@link NoIoEngine}.
     */
    NO_IO,
    /** fio's FIO_BIT_BASED (net): bandwidth is reported in bits unless unit_base says otherwise. */
    BIT_BASED,
    /**
     * fio's FIO_ATOMICWRITES (pvsync2, libaio, io_uring): the engine passes {@link IoUnit#rwFlags}
     * to its writes, so atomic=1 can set RWF_ATOMIC on them; any other engine refuses atomic=1.
     */
    ATOMIC_WRITES,
    /**
     * A trim may carry several ranges (fio's FIO_MULTI_RANGE_TRIM, num_range above 1): the
     * unit's buffer then holds {@link IoUnit#numRanges} (start, length) pairs of native 64-bit
     * words, fio's struct trim_range, and its length is their sum.
     */
    MULTI_RANGE_TRIM,
    /**
     * The device checks the verify reads (io_uring_cmd with verify_mode=compare, fio's
     * IO_U_F_VER_IN_DEV): the runner fills each read of a logged write with the data it expects
     * and marks it {@link IoUnit#verifyInDevice}; the engine sends it as a compare, whose
     * miscompare is the unit's error, and the runner checks nothing itself.
     */
    VERIFY_IN_DEVICE
}
