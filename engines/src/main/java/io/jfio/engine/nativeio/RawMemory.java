package io.jfio.engine.nativeio;

import com.kenai.jffi.MemoryIO;

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
}
