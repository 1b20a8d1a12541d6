package io.jfio.runner.zbd;

/**
 * The zones of one file under zonemode=zbd (fio's zoned_block_device_info), shared by every job
 * of the run that opens the same file name. A regular file or a block device that is not zoned
 * gets emulated sequential-write-required zones of the job's zonesize, all empty at set-up, as
 * fio's init_zone_info makes them. Jobs change it holding {@link #lock} (fio locks zones one by
 * one; one lock per file keeps the same order of events for a job and is simpler).
 */
public final class ZonedFile {
    final java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock();
    /** fio's ZBD_MAX_WRITE_ZONES: the largest max_open_zones. */
    static final int MAX_WRITE_ZONES = 4096;

    final String name;
    final long zoneSize;
    final int nrZones;
    /** nrZones zones plus a sentinel whose start is the end of the last one. */
    final Zone[] zones;
    /** The write-target zones (fio's write_zones); entries past numWriteZones are stale as in fio. */
    final int[] writeZones = new int[MAX_WRITE_ZONES];
    int numWriteZones;
    /** The limit on write-target zones (0: none; then the array is not kept). */
    final int maxWriteZones;
    /** zone_reset_threshold's valid data bytes in the write range, and the range it was summed over. */
    long validDataBytes;
    int writeMinZone;
    int writeMaxZone;
    /** Writes left before zone_reset_frequency resets the next zone (fio's write_cnt, 32 bits). */
    long writeCnt;

    private ZonedFile(String name, long zoneSize, long zoneCapacity, long realSize, int maxWriteZones) {
        this.name = name;
        this.zoneSize = zoneSize;
        this.nrZones = (int) ((realSize + zoneSize - 1) / zoneSize);
        this.zones = new Zone[nrZones + 1];
        for (int i = 0; i < nrZones; i++) {
            zones[i] = new Zone(i * zoneSize, zoneCapacity);
        }
        zones[nrZones] = new Zone(nrZones * zoneSize, 0);
        this.maxWriteZones = maxWriteZones;
    }

    /**
     * init_zone_info and zbd_set_max_write_zones for a file that is not a zoned block device:
     * {@code realSize} is the size before any layout (a file that does not exist yet is 0 bytes).
     */
    static ZonedFile emulate(String name, long realSize, long zoneSize, long zoneCapacity, int maxOpenZones)
            throws ZbdException {
        if (zoneSize == 0) {
            throw new ZbdException(name + ": Specifying the zone size is mandatory for regular file/block device"
                    + " with --zonemode=zbd\n", 0, null);
        }
        if (zoneSize < 512) {
            throw new ZbdException(name + ": zone size must be at least 512 bytes for --zonemode=zbd\n", 0, null);
        }
        long cap = zoneCapacity == 0 ? zoneSize : zoneCapacity;
        if (cap > zoneSize) {
            throw new ZbdException(name + ": job parameter zonecapacity " + zoneCapacity + " is larger than zone size "
                    + zoneSize, 0, null);
        }
        if (realSize < zoneSize) {
            throw new ZbdException(name + ": file/device size " + realSize + " is smaller than zone size " + zoneSize,
                    22, "zbd_create_zone_info() failed");
        }
        return new ZonedFile(name, zoneSize, cap, realSize, maxOpenZones);
    }

    /** zbd_offset_to_zone_idx: the zone holding {@code offset}, the sentinel just past the end. */
    int zoneIndex(long offset) {
        long i = Long.divideUnsigned(offset, zoneSize);
        return (int) Math.min(i, nrZones);
    }

    /** Bytes written in a zone (its write pointer's distance from its start), for tests and the report. */
    public long written(int zone) {
        lock.lock();
        try {
            return zones[zone].wp - zones[zone].start;
        } finally {
            lock.unlock();
        }
    }

    public int zoneCount() {
        return nrZones;
    }

    /** Removes a zone from the write-target array (zbd_write_zone_put); true when it was there. */
    boolean writeZonePut(int zi) {
        Zone z = zones[zi];
        if (!z.write) {
            return false;
        }
        int i = 0;
        while (i < numWriteZones && writeZones[i] != zi) {
            i++;
        }
        if (i == numWriteZones) {
            return false;
        }
        // as fio's memmove over the whole array: the last entry stays where it was
        System.arraycopy(writeZones, i + 1, writeZones, i, MAX_WRITE_ZONES - (i + 1));
        ZbdDebug.writeZone(name, zi, false);
        numWriteZones--;
        z.write = false;
        return true;
    }
}
