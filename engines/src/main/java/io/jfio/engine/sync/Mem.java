package io.jfio.engine.sync;

import com.kenai.jffi.MemoryIO;

/** Absolute-address stores for iovecs and ioctl arguments (jffi's Unsafe path, no allocation). */
final class Mem {
    private static final MemoryIO IO = MemoryIO.getInstance();

    private Mem() {
    }

    static void putLong(long addr, long v) {
        IO.putLong(addr, v);
    }
}
