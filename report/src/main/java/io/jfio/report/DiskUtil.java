package io.jfio.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Disk utilisation of one block device over the run (fio's diskutil.c): deltas of
 * /sys/block/&lt;dev&gt;/stat. The runner reads the stat file (before, every 250 ms, after) and
 * feeds {@link #update}; devices with slaves (dm, md) list them in {@link #slaves}.
 */
public final class DiskUtil {
    public String name;
    public long readIos;
    public long writeIos;
    public long readMerges;
    public long writeMerges;
    public long readSectors;
    public long writeSectors;
    public long readTicks;
    public long writeTicks;
    public long ioTicks;
    public long inQueue;
    /** Wall-clock ms covered by the deltas. */
    public long msec;
    /** Restored util percentage (readers); NaN: computed from ioTicks / msec. */
    public double restoredUtil = Double.NaN;
    public final List<DiskUtil> slaves = new ArrayList<>();

    private long[] last;

    public DiskUtil() {
    }

    public DiskUtil(String name) {
        this.name = name;
    }

    /**
     * Parses a /sys/block/&lt;dev&gt;/stat line into the 11 counters fio uses (read ios, merges,
     * sectors, ticks, write ios, merges, sectors, ticks, in flight, io_ticks, time_in_queue).
     */
    public static long[] parseStat(String line) {
        String[] f = line.trim().split("\\s+");
        long[] v = new long[11];
        for (int i = 0; i < 11 && i < f.length; i++) {
            v[i] = Long.parseLong(f[i]);
        }
        return v;
    }

    /**
     * Adds the difference to the previous reading (the first call only sets the baseline).
     * Ticks wrap at 32 bits in the kernel's accounting, as fio 3.42 handles them.
     */
    public void update(long[] stat, long elapsedMs) {
        if (last != null) {
            readIos += stat[0] - last[0];
            readMerges += stat[1] - last[1];
            readSectors += stat[2] - last[2];
            readTicks += wrap32(stat[3], last[3]);
            writeIos += stat[4] - last[4];
            writeMerges += stat[5] - last[5];
            writeSectors += stat[6] - last[6];
            writeTicks += wrap32(stat[7], last[7]);
            ioTicks += wrap32(stat[9], last[9]);
            inQueue += wrap32(stat[10], last[10]);
            msec += elapsedMs;
        }
        last = stat.clone();
    }

    private static long wrap32(long now, long before) {
        long d = now - before;
        if (d < 0 && before <= 0xffffffffL) {
            d += 1L << 32;
        }
        return d;
    }

    /** util = 100 * io_ticks / msec, capped at 100. */
    public double util() {
        if (!Double.isNaN(restoredUtil)) {
            return restoredUtil;
        }
        if (msec == 0) {
            return 0.0;
        }
        double u = 100.0 * (double) ioTicks / (double) msec;
        return Math.min(u, 100.0);
    }

    /** Restored slave aggregates from a report (JSON aggr_*), null when computed from {@link #slaves}. */
    public long[] restoredAggregate;
    public double restoredAggrUtil = Double.NaN;

    /**
     * Integer averages over the slaves: read ios, write ios, read sectors, write sectors, read
     * merges, write merges, read ticks, write ticks, in_queue.
     */
    public long[] aggregate() {
        if (restoredAggregate != null) {
            return restoredAggregate.clone();
        }
        long[] a = new long[9];
        if (slaves.isEmpty()) {
            return a;
        }
        for (DiskUtil s : slaves) {
            a[0] += s.readIos;
            a[1] += s.writeIos;
            a[2] += s.readSectors;
            a[3] += s.writeSectors;
            a[4] += s.readMerges;
            a[5] += s.writeMerges;
            a[6] += s.readTicks;
            a[7] += s.writeTicks;
            a[8] += s.inQueue;
        }
        for (int i = 0; i < a.length; i++) {
            a[i] /= slaves.size();
        }
        return a;
    }

    /** Highest slave util, capped at 100. */
    public double aggregateUtil() {
        if (!Double.isNaN(restoredAggrUtil)) {
            return restoredAggrUtil;
        }
        double m = 0;
        for (DiskUtil s : slaves) {
            m = Math.max(m, s.util());
        }
        return Math.min(m, 100.0);
    }

    public boolean hasSlaves() {
        return !slaves.isEmpty() || restoredAggregate != null;
    }
}
