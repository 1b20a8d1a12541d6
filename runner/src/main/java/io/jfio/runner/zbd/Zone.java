package io.jfio.runner.zbd;

/** One emulated sequential-write-required zone (fio's fio_zone_info for the "none" zoned model). */
final class Zone {
    final long start;
    /** Bytes writable from the start (zonecapacity). */
    final long capacity;
    /** The write pointer. */
    long wp;
    /** In the file's write-target array (fio's z->write). */
    boolean write;
    /** zone_reset_frequency picked this zone for a reset before its next write. */
    boolean resetZone;

    Zone(long start, long capacity) {
        this.start = start;
        this.capacity = capacity;
        this.wp = start;
    }

    long capacityEnd() {
        return start + capacity;
    }

    /** Bytes still writable before the zone is full. */
    long remainder() {
        long end = capacityEnd();
        return wp >= end ? 0 : end - wp;
    }
}
