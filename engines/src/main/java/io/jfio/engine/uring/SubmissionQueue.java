package io.jfio.engine.uring;

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
 */
public final class SubmissionQueue {
    private static final VarHandle INT =
        MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final ByteBuffer ring;
    private final ByteBuffer sqes;
    private final int headOff;
    private final int tailOff;
    private final int flagsOff;
    private final int droppedOff;
    private final int mask;
    private final int entries;
    private final int sqeSize;
    private final int sqeShift;
    private final long sqesAddress;

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
        this.tailOff = tailOff;
        this.flagsOff = flagsOff;
        this.droppedOff = droppedOff;
        this.mask = ring.getInt(maskOff);
        this.entries = ring.getInt(entriesOff);
        this.sqeSize = sqeSize;
        this.sqeShift = Integer.numberOfTrailingZeros(sqeSize);
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
        if (localTail - (int) INT.getAcquire(ring, headOff) >= entries) {
            return -1;
        }
        int slot = localTail & mask;
        int base = slot << sqeShift;
        for (int i = 0; i < sqeSize; i += 8) {
            sqes.putLong(base + i, 0L);
        }
        localTail++;
        return slot;
    }

    /** The common read/write/fsync fields in one call (the SQE is already zeroed by {@link #next()}). */
    public void prep(int slot, int opcode, int sqeFlags, int fd, long off, long addr, int len, int opFlags,
                     long userData) {
        int b = slot << sqeShift;
        sqes.put(b + Uring.SQE_OPCODE, (byte) opcode);
        sqes.put(b + Uring.SQE_FLAGS, (byte) sqeFlags);
        sqes.putInt(b + Uring.SQE_FD, fd);
        sqes.putLong(b + Uring.SQE_OFF, off);
        sqes.putLong(b + Uring.SQE_ADDR, addr);
        sqes.putInt(b + Uring.SQE_LEN, len);
        sqes.putInt(b + Uring.SQE_RW_FLAGS, opFlags);
        sqes.putLong(b + Uring.SQE_USER_DATA, userData);
    }

    public void putByte(int slot, int field, int value) {
        sqes.put((slot << sqeShift) + field, (byte) value);
    }

    public void putShort(int slot, int field, int value) {
        sqes.putShort((slot << sqeShift) + field, (short) value);
    }

    public void putInt(int slot, int field, int value) {
        sqes.putInt((slot << sqeShift) + field, value);
    }

    public void putLong(int slot, int field, long value) {
        sqes.putLong((slot << sqeShift) + field, value);
    }

    /** Makes every filled SQE visible to the kernel (store-release of the tail); returns {@link #unsubmitted()}. */
    public int publish() {
        if (publishedTail != localTail) {
            INT.setRelease(ring, tailOff, localTail);
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
        return sqes.getLong((((submittedTail + i) & mask) << sqeShift) + Uring.SQE_USER_DATA);
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
