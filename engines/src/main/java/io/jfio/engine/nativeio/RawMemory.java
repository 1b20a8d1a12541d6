package io.jfio.engine.nativeio;

import com.kenai.jffi.MemoryIO;

import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Off-heap memory as little-endian direct ByteBuffers: control blocks the kernel reads (iocbs,
 * iovecs, io_uring params) and views over kernel-mapped rings. A ByteBuffer (rather than a jnr
 * Pointer) is what {@code MethodHandles.byteBufferViewVarHandle} needs for acquire/release access.
 * Callers keep the returned buffer strongly referenced while the kernel
 * may touch it: the memory is freed when the buffer becomes unreachable.
 */
public final class RawMemory {
    private static final MemoryIO IO = MemoryIO.getInstance();

    private RawMemory() {
    }

    /** Zeroed, {@code align}-aligned (power of two) direct memory of {@code size} bytes. */
    public static ByteBuffer allocate(int size, int align) {
        // alignedSlice rounds the end down too, so allocate whole alignment units plus one.
        int rounded = (size + align - 1) & -align;
        ByteBuffer raw = ByteBuffer.allocateDirect(rounded + align);
        return raw.alignedSlice(align).limit(size).slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** A view of memory the process does not own (an mmap'ed ring); not freed by the buffer. */
    public static ByteBuffer wrap(long address, int length) {
        return IO.newDirectByteBuffer(address, length).order(ByteOrder.LITTLE_ENDIAN);
    }

    public static long address(ByteBuffer direct) {
        return IO.getDirectBufferAddress(direct);
    }

    // Absolute accesses for the hot paths over kernel-shared rings (SQEs, CQEs, ring indices): no
    // bounds or buffer-state checks per access, which a ByteBuffer pays on every get/put. The
    // address must lie in memory the caller keeps mapped. Native (little-endian) byte order.

    public static long getLong(long address) {
        return IO.getLong(address);
    }

    public static int getInt(long address) {
        return IO.getInt(address);
    }

    public static byte getByte(long address) {
        return IO.getByte(address);
    }

    public static void putLong(long address, long value) {
        IO.putLong(address, value);
    }

    public static void putInt(long address, int value) {
        IO.putInt(address, value);
    }

    public static void putShort(long address, short value) {
        IO.putShort(address, value);
    }

    public static void putByte(long address, byte value) {
        IO.putByte(address, value);
    }

    /** Load-acquire: later loads and stores are not reordered before it (a kernel-written index). */
    public static int getIntAcquire(long address) {
        int v = IO.getInt(address);
        VarHandle.acquireFence();
        return v;
    }

    /** Store-release: earlier loads and stores are visible before it (publishing an index to the kernel). */
    public static void putIntRelease(long address, int value) {
        VarHandle.releaseFence();
        IO.putInt(address, value);
    }
}
