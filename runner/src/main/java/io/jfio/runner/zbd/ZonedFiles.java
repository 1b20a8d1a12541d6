package io.jfio.runner.zbd;

import io.jfio.engine.IoFile;

import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The run's zoned files by name (fio's zbd_init_zone_info finds another job's zone information for
 * the same file name and shares it), and which zone information each job's open file uses.
 */
public final class ZonedFiles {
    private final Map<String, ZonedFile> byName = new HashMap<>();
    /** Each job's own IoFile to the shared zones (weak: a finished job's files go). */
    private static final Map<IoFile, ZonedFile> ATTACHED = new WeakHashMap<>();

    /**
     * zbd_init_zone_info for one file of a job: the zones another job of the run made for the same
     * name, else new emulated zones. {@code realSize} is the file's size before layout (-1: missing).
     */
    public synchronized ZonedFile init(IoFile f, long realSize, long zoneSize, long zoneCapacity, int maxOpenZones)
            throws ZbdException {
        ZonedFile z = byName.get(f.path);
        if (z == null) {
            z = ZonedFile.emulate(f.path, Math.max(0, realSize), zoneSize, zoneCapacity, maxOpenZones);
            ZbdDebug.maxWriteZones(f.path, z.maxWriteZones);
            byName.put(f.path, z);
        }
        synchronized (ATTACHED) {
            ATTACHED.put(f, z);
        }
        return z;
    }

    /** The zones a job's file uses, or null when it was not set up with zonemode=zbd. */
    public static ZonedFile of(IoFile f) {
        synchronized (ATTACHED) {
            return ATTACHED.get(f);
        }
    }
}
