package io.jfio.runner.support;

import io.jfio.engine.EngineException;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.RawMemory;

import java.util.zip.CRC32;

/**
 * Wraps a real engine and records every I/O it is handed (a write_iolog for tests): direction,
 * file index, offset, length, and optionally a CRC of the buffer — of written data when queued,
 * of read data when completed.
 */
public final class RecordingEngine extends ForwardingEngine {
    private final boolean checksum;
    public int count;
    /** CPU the job thread ran on at the last queue() (for cpus_allowed). */
    public volatile int lastCpu = -1;
    public int[] ddir = new int[1024];
    public int[] fileIndex = new int[1024];
    public long[] offset = new long[1024];
    public int[] length = new int[1024];
    public long[] crc = new long[1024];
    private final java.util.Map<Integer, Integer> slotOf = new java.util.HashMap<>();

    public RecordingEngine(IoEngine inner, boolean checksum) {
        super(inner);
        this.checksum = checksum;
    }

    private synchronized int record(IoUnit u) {
        if (count == ddir.length) {
            int n = count * 2;
            ddir = java.util.Arrays.copyOf(ddir, n);
            fileIndex = java.util.Arrays.copyOf(fileIndex, n);
            offset = java.util.Arrays.copyOf(offset, n);
            length = java.util.Arrays.copyOf(length, n);
            crc = java.util.Arrays.copyOf(crc, n);
        }
        int i = count++;
        ddir[i] = u.ddir.ordinal();
        fileIndex[i] = u.file == null ? -1 : u.file.index;
        offset[i] = u.offset;
        length[i] = u.length;
        return i;
    }

    static long crcOf(IoUnit u, int len) {
        byte[] b = new byte[len];
        RawMemory.wrap(u.bufferAddress, len).get(b);
        CRC32 c = new CRC32();
        c.update(b);
        return c.getValue();
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        lastCpu = Native.libc().sched_getcpu();
        int i = record(u);
        if (checksum && u.ddir.ordinal() == 1) {
            crc[i] = crcOf(u, u.length);
        }
        QueueStatus s = inner.queue(u);
        if (s == QueueStatus.BUSY) {
            count--;
        } else if (s == QueueStatus.COMPLETED) {
            afterComplete(u, i);
        } else {
            slotOf.put(u.index, i);
        }
        return s;
    }

    private void afterComplete(IoUnit u, int i) {
        if (checksum && u.ddir.ordinal() == 0 && u.result > 0) {
            crc[i] = crcOf(u, (int) u.result);
        }
    }

    @Override
    public int getEvents(int min, int max, long timeoutNanos) throws EngineException {
        int n = inner.getEvents(min, max, timeoutNanos);
        for (int k = 0; k < n; k++) {
            IoUnit u = inner.event(k);
            Integer i = slotOf.remove(u.index);
            if (i != null) {
                afterComplete(u, i);
            }
        }
        return n;
    }

}
