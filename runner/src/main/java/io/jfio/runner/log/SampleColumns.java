package io.jfio.runner.log;

/**
 * Which optional columns a sample log has (fio's log_ddir_mask bits, kept in the binary form of
 * log_store_compressed files): offset, priority as hex, avg and max, issue time.
 */
record SampleColumns(boolean offset, boolean prio, boolean avgMax, boolean issueTime) {
    static final int OFFSET_BIT = 0x80000000;
    static final int PRIO_BIT = 0x40000000;
    static final int AVG_MAX_BIT = 0x20000000;
    static final int ISSUE_TIME_BIT = 0x10000000;
    static final int ALL_BITS = OFFSET_BIT | PRIO_BIT | AVG_MAX_BIT | ISSUE_TIME_BIT;

    int ddirBits() {
        return (offset ? OFFSET_BIT : 0) | (prio ? PRIO_BIT : 0) | (avgMax ? AVG_MAX_BIT : 0)
                | (issueTime ? ISSUE_TIME_BIT : 0);
    }

    static SampleColumns ofBits(int ddirWord) {
        return new SampleColumns((ddirWord & OFFSET_BIT) != 0, (ddirWord & PRIO_BIT) != 0,
                (ddirWord & AVG_MAX_BIT) != 0, (ddirWord & ISSUE_TIME_BIT) != 0);
    }

    /** Bytes of one binary sample: fio's struct io_sample (40 on x86-64) plus one u64 per aux field. */
    int binarySize() {
        return 40 + (offset ? 8 : 0) + (issueTime ? 8 : 0);
    }
}
