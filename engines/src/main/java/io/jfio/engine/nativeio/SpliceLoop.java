package io.jfio.engine.nativeio;

/**
 * The "move until len" loop of the splice and netsplice engines, as fio's splice.c and net.c run
 * splice(2) and vmsplice(2): call again with what is left until all of it moved, a call moves
 * nothing (end of data), or a call fails. The iovec lives in memory the caller allocated once, so
 * nothing is allocated per I/O.
 */
public final class SpliceLoop {
    private static final com.kenai.jffi.MemoryIO MEM = com.kenai.jffi.MemoryIO.getInstance();

    private SpliceLoop() {
    }

    /**
     * splice(2) of {@code len} bytes from {@code in} to {@code out} ({@code offOut}: an loff_t the
     * kernel advances, or 0). Returns the bytes moved; on a failure, -1 (errno set) when nothing
     * moved or {@code failWhole}, else what moved before it.
     */
    public static long splice(PosixLib p, int in, int out, long offOut, long len, int flags, boolean failWhole) {
        long done = 0;
        while (len > 0) {
            long r = p.splice(in, 0, out, offOut, len, flags);
            if (r < 0) {
                return done == 0 || failWhole ? -1 : done;
            } else if (r == 0) {
                break;
            }
            done += r;
            len -= r;
        }
        return done;
    }

    /**
     * vmsplice(2) of {@code [buf, buf + len)} with {@code fd}, the one-segment iovec written at
     * {@code iov} (16 bytes) before each call. Returns as {@link #splice}.
     */
    public static long vmsplice(PosixLib p, int fd, long iov, long buf, long len, int flags, boolean failWhole) {
        long done = 0;
        while (len > 0) {
            MEM.putLong(iov, buf + done);
            MEM.putLong(iov + 8, len);
            long r = p.vmsplice(fd, iov, 1, flags);
            if (r < 0) {
                return done == 0 || failWhole ? -1 : done;
            } else if (r == 0) {
                break;
            }
            done += r;
            len -= r;
        }
        return done;
    }
}
