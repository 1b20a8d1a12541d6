package io.jfio.engine.aio;

import io.jfio.engine.EngineException;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.RawMemory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A Linux native AIO context through raw syscalls (no libaio.so): io_setup, io_submit,
 * io_getevents, io_destroy, and reaping straight from the completion ring the kernel maps at the
 * context address (fio's engines/libaio.c). Hot-path methods return -errno and allocate nothing.
 */
public final class AioContext implements AutoCloseable {
    private static final LibC C = Native.libc();
    private static final int SYS_IO_SETUP = 206;
    private static final int SYS_IO_DESTROY = 207;
    private static final int SYS_IO_GETEVENTS = 208;
    private static final int SYS_IO_SUBMIT = 209;
    static final int AIO_RING_MAGIC = 0xA10A10A1;
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /** struct io_event is 32 bytes: data, obj, res, res2. */
    public static final int EVENT_SIZE = 32;

    private final long ctx;
    private final ByteBuffer timeout = RawMemory.allocate(16, 16);
    private final long timeoutAddr = RawMemory.address(timeout);
    /** The kernel's completion ring at ctx, or null when its header is not the known layout. */
    private final ByteBuffer userRing;
    private final int ringSlots;
    private boolean destroyed;

    private AioContext(long ctx) {
        this.ctx = ctx;
        ByteBuffer header = RawMemory.wrap(ctx, 32);
        int nr = header.getInt(4);
        if (header.getInt(16) == AIO_RING_MAGIC && header.getInt(24) == 0 && header.getInt(28) == 32 && nr > 0) {
            userRing = RawMemory.wrap(ctx, 32 + nr * EVENT_SIZE);
            ringSlots = nr;
        } else {
            userRing = null;
            ringSlots = 0;
        }
    }

    /** io_setup(nrEvents). */
    public static AioContext setup(int nrEvents) throws EngineException {
        ByteBuffer ctxp = RawMemory.allocate(8, 8); // must be 0 on input
        long r = C.syscall(SYS_IO_SETUP, nrEvents, RawMemory.address(ctxp), 0, 0, 0);
        if (r < 0) {
            int e = Native.errno();
            String hint = e == Errno.EAGAIN ? " (/proc/sys/fs/aio-max-nr reached)" : "";
            throw new EngineException(e, "io_queue_init", "libaio: io_setup(" + nrEvents + ") failed: "
                + Errno.describe(e) + hint);
        }
        return new AioContext(ctxp.getLong(0));
    }

    public long id() {
        return ctx;
    }

    /** io_submit of {@code n} iocb pointers at {@code iocbPtrs}: number accepted, or -errno. */
    public int submit(long iocbPtrs, int n) {
        long r = C.syscall(SYS_IO_SUBMIT, ctx, n, iocbPtrs, 0, 0);
        return r < 0 ? -Native.errno() : (int) r;
    }

    /**
     * io_getevents(min, max) into {@code events}; timeoutNanos &lt; 0 waits forever. Returns the
     * number of events (possibly fewer than min after a timeout), or -errno.
     */
    public int getEvents(int min, int max, long events, long timeoutNanos) {
        long ts = 0;
        if (timeoutNanos >= 0) {
            timeout.putLong(0, timeoutNanos / 1_000_000_000L);
            timeout.putLong(8, timeoutNanos % 1_000_000_000L);
            ts = timeoutAddr;
        }
        long r = C.syscall(SYS_IO_GETEVENTS, ctx, min, max, events, ts);
        return r < 0 ? -Native.errno() : (int) r;
    }

    /** Whether completions can be reaped from user space ({@link #reapUser}). */
    public boolean userReapable() {
        return userRing != null;
    }

    /**
     * Copies up to {@code max} completions from the kernel's ring into {@code out} (io_event
     * layout) without a syscall: acquire-load the tail, copy, release-store the head.
     */
    public int reapUser(ByteBuffer out, int max) {
        ByteBuffer r = userRing;
        int head = (int) INT.getAcquire(r, 8);
        int n = 0;
        while (n < max) {
            int tail = (int) INT.getAcquire(r, 12);
            if (head == tail) {
                break;
            }
            int src = 32 + head * EVENT_SIZE;
            int dst = n * EVENT_SIZE;
            out.putLong(dst, r.getLong(src));
            out.putLong(dst + 8, r.getLong(src + 8));
            out.putLong(dst + 16, r.getLong(src + 16));
            out.putLong(dst + 24, r.getLong(src + 24));
            head = head + 1 == ringSlots ? 0 : head + 1;
            INT.setRelease(r, 8, head);
            n++;
        }
        return n;
    }

    @Override
    public void close() {
        if (!destroyed) {
            destroyed = true;
            C.syscall(SYS_IO_DESTROY, ctx, 0, 0, 0, 0);
        }
    }
}
