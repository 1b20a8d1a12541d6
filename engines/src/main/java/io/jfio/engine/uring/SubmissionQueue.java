package io.jfio.engine.uring;

import io.jfio.engine.nativeio.RawMemory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The mapped submission ring and SQE array of one {@link Ring}. Single producer: the thread that
 * owns the ring. SQE slot = ring position ({@code tail & mask}); when the kernel has an SQ index
 * array it is filled once with the identity at setup (as t/io_uring does), so filling an SQE never
 * touches the array.
 *
 * <p>Protocol (fio's engines/io_uring.c): {@link #next()} hands out a zeroed slot, the caller fills it
 * with the put methods, {@link #publish()} release-stores the tail, the ring's enter consumes
 * {@link #unsubmitted()} entries and {@link #consumed(int)} records how many it took.
 *
 * <p>The per-SQE paths ({@link #claim()}, {@link #next()}, {@link #prep}, the puts) write through
 * absolute addresses (no ByteBuffer bounds checks) and read the kernel's head only when the cached
 * one says the ring is full: the head only grows, so a stale copy can only under-count the space.
 */
public final class SubmissionQueue {
    private static final VarHandle INT =
        MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final ByteBuffer ring;
    private final ByteBuffer sqes;
    private final int headOff;
    private final int flagsOff;
    private final int droppedOff;
    private final int mask;
    private final int entries;
    private final int sqeSize;
    private final int sqeShift;
    private final long sqesAddress;
    private final long headAddress;
    private final long tailAddress;
    /** The kernel's head as last read: {@code localTail - cachedHead} never under-counts the SQEs in use. */
    private int cachedHead;

    /** Next tail to publish: slots below it are filled. */
    private int localTail;
    /** Tail value last release-stored into the ring. */
    private int publishedTail;
    /** Tail up to which enter has consumed (non-SQPOLL bookkeeping). */
    private int submittedTail;

    SubmissionQueue(ByteBuffer ring, int headOff, int tailOff, int maskOff, int entriesOff, int flagsOff,
                    int droppedOff, int arrayOff, ByteBuffer sqes, long sqesAddress, int sqeSize) {
        this.ring = ring;
        this.sqes = sqes;
        this.sqesAddress = sqesAddress;
        this.headOff = headOff;
        this.flagsOff = flagsOff;
        this.droppedOff = droppedOff;
        this.mask = ring.getInt(maskOff);
        this.entries = ring.getInt(entriesOff);
        this.sqeSize = sqeSize;
        this.sqeShift = Integer.numberOfTrailingZeros(sqeSize);
        long ringAddress = RawMemory.address(ring);
        this.headAddress = ringAddress + headOff;
        this.tailAddress = ringAddress + tailOff;
        this.cachedHead = ring.getInt(headOff);
        this.localTail = ring.getInt(tailOff);
        this.publishedTail = localTail;
        this.submittedTail = localTail;
        if (arrayOff > 0) {
            for (int i = 0; i < entries; i++) {
                ring.putInt(arrayOff + 4 * i, i);
            }
        }
        for (int i = 0; i < entries * sqeSize; i += 8) {
            sqes.putLong(i, 0L);
        }
    }

    public int entries() {
        return entries;
    }

    public int sqeSize() {
        return sqeSize;
    }

    /** The SQE array (little endian); slot s starts at {@code s * sqeSize()}. */
    public ByteBuffer sqeBuffer() {
        return sqes;
    }

    public long sqeAddress(int slot) {
        return sqesAddress + ((long) slot << sqeShift);
    }

    /** Free slots the application may still fill before the kernel consumes more. */
    public int space() {
        return entries - (localTail - (int) INT.getAcquire(ring, headOff));
    }

    /**
     * A zeroed SQE slot (stale fields from a previous use make the kernel return -EINVAL),
     * or -1 when the ring is full.
     */
    public int next() {
        int slot = claim();
        if (slot >= 0) {
            long a = sqeAddress(slot);
            for (int i = 0; i < sqeSize; i += 8) {
                RawMemory.putLong(a + i, 0L);
            }
        }
        return slot;
    }

    /**
     * An SQE slot as the previous use left it, or -1 when the ring is full: for a caller that
     * writes the whole SQE with {@link #prep} before anything else.
     */
    public int claim() {
        if (localTail - cachedHead >= entries) {
            cachedHead = RawMemory.getIntAcquire(headAddress);
            if (localTail - cachedHead >= entries) {
                return -1;
            }
        }
        return localTail++ & mask;
    }

    /**
     * Up to {@code max} consecutive SQE slots as their previous use left them, starting at
     * {@code tail & mask}; returns how many (0 when the ring is full). For a caller whose SQEs
     * never change between uses (written once at set-up), so a batch is one tail bump.
     */
    public int claim(int max) {
        int free = entries - (localTail - cachedHead);
        if (free < max) {
            cachedHead = RawMemory.getIntAcquire(headAddress);
            free = entries - (localTail - cachedHead);
        }
        int n = Math.min(max, free);
        if (n <= 0) {
            return 0;
        }
        localTail += n;
        return n;
    }

    /**
     * The common read/write/fsync fields in one call; every other field of the SQE (ioprio,
     * buf_index, personality, file_index, addr3, and the second half of a 128-byte SQE) is zeroed,
     * so the slot may come from {@link #claim()}. Eight 64-bit stores for a 64-byte SQE.
     */
    public void prep(int slot, int opcode, int sqeFlags, int fd, long off, long addr, int len, int opFlags,
                     long userData) {
        long a = sqeAddress(slot);
        RawMemory.putLong(a, (opcode & 0xffL) | (sqeFlags & 0xffL) << 8 | (long) fd << 32);
        RawMemory.putLong(a + Uring.SQE_OFF, off);
        RawMemory.putLong(a + Uring.SQE_ADDR, addr);
        RawMemory.putLong(a + Uring.SQE_LEN, (len & 0xffffffffL) | (long) opFlags << 32);
        RawMemory.putLong(a + Uring.SQE_USER_DATA, userData);
        RawMemory.putLong(a + Uring.SQE_BUF_INDEX, 0L);
        RawMemory.putLong(a + Uring.SQE_ADDR3, 0L);
        RawMemory.putLong(a + 56, 0L);
        for (int i = 64; i < sqeSize; i += 8) {
            RawMemory.putLong(a + i, 0L);
        }
    }

    public void putByte(int slot, int field, int value) {
        RawMemory.putByte(sqeAddress(slot) + field, (byte) value);
    }

    public void putShort(int slot, int field, int value) {
        RawMemory.putShort(sqeAddress(slot) + field, (short) value);
    }

    public void putInt(int slot, int field, int value) {
        RawMemory.putInt(sqeAddress(slot) + field, value);
    }

    public void putLong(int slot, int field, long value) {
        RawMemory.putLong(sqeAddress(slot) + field, value);
    }

    /** Makes every filled SQE visible to the kernel (store-release of the tail); returns {@link #unsubmitted()}. */
    public int publish() {
        if (publishedTail != localTail) {
            RawMemory.putIntRelease(tailAddress, localTail);
            publishedTail = localTail;
        }
        return publishedTail - submittedTail;
    }

    /** Published SQEs not yet handed to io_uring_enter. */
    public int unsubmitted() {
        return publishedTail - submittedTail;
    }

    /** Filled but not yet published SQEs. */
    public int unpublished() {
        return localTail - publishedTail;
    }

    /** user_data of the i-th published SQE not yet recorded as consumed. */
    public long unsubmittedUserData(int i) {
        return RawMemory.getLong(sqeAddress((submittedTail + i) & mask) + Uring.SQE_USER_DATA);
    }

    /** Records that io_uring_enter consumed {@code n} SQEs. */
    public void consumed(int n) {
        submittedTail += n;
    }

    /**
     * SQPOLL: whether the kernel thread sleeps and needs ENTER_SQ_WAKEUP. The full fence orders
     * the preceding tail store before this load (store-load), without which a wake-up can be missed.
     */
    public boolean needsWakeup() {
        VarHandle.fullFence();
        return ((int) INT.getVolatile(ring, flagsOff) & Uring.SQ_NEED_WAKEUP) != 0;
    }

    /** sq.flags: CQ_OVERFLOW / TASKRUN tell the app to enter with GETEVENTS. */
    public int flags() {
        return (int) INT.getAcquire(ring, flagsOff);
    }

    public int dropped() {
        return (int) INT.getAcquire(ring, droppedOff);
    }

    /** Kernel's consumer index (acquire). With SQPOLL it says which SQEs the kernel has read. */
    public int kernelHead() {
        return (int) INT.getAcquire(ring, headOff);
    }
}
