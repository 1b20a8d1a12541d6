package io.jfio.engine.uring;

import io.jfio.engine.nativeio.RawMemory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The mapped completion ring of one {@link Ring}. Single consumer. Read {@link #ready()} (an
 * acquire load of the kernel's tail), look at CQEs {@code 0..ready-1} relative to the head with the
 * getters, then {@link #advance(int)} (store-release of the head) once they are copied out.
 * The getters read through absolute addresses (no ByteBuffer bounds checks per CQE).
 */
public final class CompletionQueue {
    private static final VarHandle INT =
        MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final ByteBuffer ring;
    private final int overflowOff;
    private final int mask;
    private final int entries;
    private final int cqeSize;
    private final int cqeShift;
    private int head;
    private final long headAddress;
    private final long tailAddress;
    private final long cqesAddress;

    CompletionQueue(ByteBuffer ring, int headOff, int tailOff, int maskOff, int entriesOff, int overflowOff,
                    int cqesOff, int cqeSize) {
        this.ring = ring;
        this.overflowOff = overflowOff;
        this.mask = ring.getInt(maskOff);
        this.entries = ring.getInt(entriesOff);
        this.cqeSize = cqeSize;
        this.cqeShift = Integer.numberOfTrailingZeros(cqeSize);
        this.head = ring.getInt(headOff);
        long base = RawMemory.address(ring);
        this.headAddress = base + headOff;
        this.tailAddress = base + tailOff;
        this.cqesAddress = base + cqesOff;
    }

    public int entries() {
        return entries;
    }

    public int cqeSize() {
        return cqeSize;
    }

    /** Completions the kernel has posted and the app not yet consumed. */
    public int ready() {
        return RawMemory.getIntAcquire(tailAddress) - head;
    }

    private long at(int i) {
        return cqesAddress + ((long) ((head + i) & mask) << cqeShift);
    }

    /** user_data of the i-th ready CQE. */
    public long userData(int i) {
        return RawMemory.getLong(at(i));
    }

    /** res of the i-th ready CQE: bytes, or -errno. */
    public int res(int i) {
        return RawMemory.getInt(at(i) + 8);
    }

    public int flags(int i) {
        return RawMemory.getInt(at(i) + 12);
    }

    /** With CQE32: big_cqe[word] (word 0 or 1) of the i-th ready CQE (uring_cmd result). */
    public long bigCqe(int i, int word) {
        return RawMemory.getLong(at(i) + 16 + 8 * word);
    }

    /** Hands {@code n} CQEs back to the kernel. */
    public void advance(int n) {
        head += n;
        RawMemory.putIntRelease(headAddress, head);
    }

    /** CQEs lost to overflow (only on kernels without FEAT_NODROP). */
    public int overflow() {
        return (int) INT.getAcquire(ring, overflowOff);
    }
}
