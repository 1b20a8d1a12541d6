package io.jfio.engine.nativeio;

import java.nio.ByteBuffer;

import com.kenai.jffi.MemoryIO;
import jnr.ffi.Pointer;
import jnr.ffi.byref.PointerByReference;

/**
 * Off-heap memory at an aligned address, zeroed, freed only by {@link #close()} (never by a
 * garbage-collector cleaner, so in-flight I/O can't lose its buffer). The owner keeps this
 * object for as long as the kernel may touch the memory.
 */
public final class AlignedBuffer implements AutoCloseable {
    private long address;
    private final long length;
    private final int alignment;

    private AlignedBuffer(long address, long length, int alignment) {
        this.address = address;
        this.length = length;
        this.alignment = alignment;
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
        PointerByReference ref = new PointerByReference();
        int rc = Native.libc().posix_memalign(ref, alignment, length);
        if (rc != 0) {
            throw new OutOfMemoryError("posix_memalign(" + alignment + ", " + length + "): " + Errno.strerror(rc));
        }
        long addr = ref.getValue().address();
        MemoryIO.getInstance().setMemory(addr, length, (byte) 0);
        return new AlignedBuffer(addr, length, alignment);
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
            Native.libc().free(address);
            address = 0;
        }
    }
}
