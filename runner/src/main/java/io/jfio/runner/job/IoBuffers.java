package io.jfio.runner.job;

import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.Native;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import java.util.concurrent.ThreadLocalRandom;

/**
 * One off-heap region per job holding every unit's buffer, aligned for O_DIRECT. The region is
 * referenced here for the job's whole life, so it is never freed while I/O is in flight.
 */
public final class IoBuffers {
    private final Pointer region;
    private final long base;
    private final long length;
    private final IoUnit[] units;

    public IoBuffers(int count, int bufferSize, int alignment, boolean zero) {
        int align = Math.max(4096, Integer.highestOneBit(Math.max(1, alignment)));
        int slot = (int) ((bufferSize + align - 1L) / align * align);
        this.length = (long) slot * count;
        this.region = Memory.allocateDirect(Native.runtime(), length + align, true);
        long a = region.address();
        this.base = (a + align - 1) & -(long) align;
        if (!zero) {
            // fio fills buffers once with random data (scramble_buffers keeps them incompressible).
            byte[] chunk = new byte[Math.min(slot, 1 << 20)];
            ThreadLocalRandom.current().nextBytes(chunk);
            long off = base - a;
            for (long p = 0; p < length; p += chunk.length) {
                region.put(off + p, chunk, 0, (int) Math.min(chunk.length, length - p));
            }
        }
        units = new IoUnit[count];
        for (int i = 0; i < count; i++) {
            units[i] = new IoUnit(i, base + (long) i * slot, bufferSize);
        }
    }

    public IoUnit[] units() {
        return units;
    }

    public long address() {
        return base;
    }

    public long length() {
        return length;
    }
}
