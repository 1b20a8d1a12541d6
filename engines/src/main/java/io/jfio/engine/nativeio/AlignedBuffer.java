package io.jfio.engine.nativeio;

import java.nio.ByteBuffer;

import com.kenai.jffi.MemoryIO;
import jnr.ffi.Pointer;

/**
 * Off-heap memory at an aligned address, zeroed, freed only by {@link #close()} (never by a
 * garbage-collector cleaner, so in-flight I/O can't lose its buffer). The owner keeps this
 * object for as long as the kernel may touch the memory.
 */
public final class AlignedBuffer implements AutoCloseable {
    /**
     * posix_memalign(3) through jffi directly (free(3) is jffi's freeMemory), as ResourceUsage
     * calls getrusage(2): every job allocates buffers, and a null job needs no other libc call,
     * so binding jnr's LibC (its ASM class generation, 0.2-0.8 s) only for this would be most of
     * a small job's start-up.
     */
    private static final class Call {
        static final long POSIX_MEMALIGN = com.kenai.jffi.Library.getDefault().getSymbolAddress("posix_memalign");
        static final com.kenai.jffi.CallContext CTX = com.kenai.jffi.CallContext.getCallContext(
                com.kenai.jffi.Type.SINT32, new com.kenai.jffi.Type[] {com.kenai.jffi.Type.POINTER,
                        com.kenai.jffi.Type.UINT64, com.kenai.jffi.Type.UINT64},
                com.kenai.jffi.CallingConvention.DEFAULT, false);
    }

    private long address;
    private final long length;
    private final int alignment;
    /** Gives the memory back when it did not come from posix_memalign (shm, mmap); null: free(3). */
    private final Runnable release;

    private AlignedBuffer(long address, long length, int alignment, Runnable release) {
        this.address = address;
        this.length = length;
        this.alignment = alignment;
        this.release = release;
    }

    /** Memory another allocator handed out (zeroed by the kernel), given back by {@code release}. */
    static AlignedBuffer wrap(long address, long length, int alignment, Runnable release) {
        return new AlignedBuffer(address, length, alignment, release);
    }

    /**
     * @param alignment a power of two, at least 8
     * @throws OutOfMemoryError when posix_memalign fails
     */
    public static AlignedBuffer allocate(long length, int alignment) {
        if (length <= 0) {
            throw new IllegalArgumentException("buffer length must be positive: " + length);
        }
        if (alignment < 8 || Integer.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("alignment must be a power of two >= 8: " + alignment);
        }
        MemoryIO mem = MemoryIO.getInstance();
        long out = mem.allocateMemory(8, true);
        if (out == 0) {
            throw new OutOfMemoryError("malloc(8)");
        }
        long addr;
        try {
            int rc = (int) com.kenai.jffi.Invoker.getInstance().invokeN3(Call.CTX, Call.POSIX_MEMALIGN, out, alignment, length);
            if (rc != 0) {
                throw new OutOfMemoryError("posix_memalign(" + alignment + ", " + length + "): " + Errno.strerror(rc));
            }
            addr = mem.getAddress(out);
        } finally {
            mem.freeMemory(out);
        }
        mem.setMemory(addr, length, (byte) 0);
        return new AlignedBuffer(addr, length, alignment, null);
    }

    /** Start address; 0 after close. */
    public long address() {
        return address;
    }

    public long length() {
        return length;
    }

    public int alignment() {
        return alignment;
    }

    /** A jnr view for bulk access outside the hot path (filling patterns, checking data). */
    public Pointer pointer() {
        checkOpen();
        return Pointer.wrap(Native.runtime(), address, length);
    }

    /** A ByteBuffer view of {@code [offset, offset + len)} (no copy; invalid after close). */
    public ByteBuffer byteBuffer(long offset, int len) {
        checkOpen();
        if (offset < 0 || offset + len > length) {
            throw new IndexOutOfBoundsException(offset + "+" + len + " > " + length);
        }
        return MemoryIO.getInstance().newDirectByteBuffer(address + offset, len);
    }

    /** Copies {@code len} bytes of {@code src} from {@code off} to {@code offset} in this buffer. */
    public void put(long offset, byte[] src, int off, int len) {
        checkOpen();
        if (offset < 0 || offset + len > length || off < 0 || off + len > src.length) {
            throw new IndexOutOfBoundsException(offset + "+" + len + " > " + length);
        }
        MemoryIO.getInstance().putByteArray(address + offset, src, off, len);
    }

    private void checkOpen() {
        if (address == 0) {
            throw new IllegalStateException("buffer already freed");
        }
    }

    /** Frees the memory; call only when no I/O can be in flight (after the engine's cleanup). */
    @Override
    public void close() {
        if (address != 0) {
            if (release != null) {
                release.run();
            } else {
                MemoryIO.getInstance().freeMemory(address);
            }
            address = 0;
        }
    }
}
