package io.jfio.engine.sync;

import java.nio.ByteBuffer;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.PosixLib;
import io.jfio.engine.nativeio.RawMemory;
import io.jfio.engine.nativeio.SpliceLoop;

/**
 * fio's splice engine (engines/splice.c): data moves through a pipe the engine owns. A read
 * splices the file into the pipe in 64 KiB pieces and vmsplices each piece out into the unit's
 * buffer; a write vmsplices the buffer into the pipe (non-blocking, after poll says it has room)
 * and splices the pipe into the file at the unit's offset. Syncs and trims are the sync family's.
 *
 * fio first tries its reads into an anonymous read-only mapping placed over the buffer; the
 * kernel refuses to copy into it (EFAULT) and fio falls back to the buffer itself for the rest of
 * the job. That first attempt moves no data, so reads go to the buffer from the start here.
 */
public final class SpliceEngine extends SyncEngineBase {
    private static final int SPLICE_F_MOVE = 1;
    private static final int SPLICE_F_NONBLOCK = 2;
    private static final int SPLICE_F_MORE = 4;
    private static final short POLLOUT = 4;
    /** fio's SPLICE_DEF_SIZE on Linux. */
    private static final int SPLICE_CHUNK = 64 * 1024;

    private PosixLib posix;
    /** pipe fds, the splice offset and the pollfd: native memory allocated once. */
    private ByteBuffer scratch;
    private long fdsAddr;
    private long offsetAddr;
    private long pollAddr;
    private int pipeRead = -1;
    private int pipeWrite = -1;

    @Override
    public String name() {
        return "splice";
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        super.init(ctx);
        posix = PosixLib.get();
        scratch = RawMemory.allocate(32, 8);
        long base = RawMemory.address(scratch);
        fdsAddr = base;
        offsetAddr = base + 8;
        pollAddr = base + 16;
        if (posix.pipe(fdsAddr) < 0) {
            int e = Native.errno();
            throw new EngineException(e, "pipe", "fio: pipe: " + libc.strerror(e));
        }
        pipeRead = scratch.getInt(0);
        pipeWrite = scratch.getInt(4);
        scratch.putInt(16, pipeWrite);
        scratch.putShort(20, POLLOUT);
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        QueueStatus s = super.queue(u);
        if (u.ddir == IoDirection.TRIM && u.result < 0) {
            // fio's splice takes do_io_u_trim's 0 for a short transfer: a full residual, no errno
            u.complete(0);
        }
        return s;
    }

    @Override
    long transfer(IoUnit u) {
        return u.ddir == IoDirection.READ ? read(u) : write(u);
    }

    /** File to pipe, pipe to buffer; bytes moved or -1 (errno set). */
    private long read(IoUnit u) {
        int fd = u.file.fd;
        scratch.putLong(8, u.offset);
        long done = 0;
        long iov = setIovec(0, u);
        while (done < u.length) {
            int len = (int) Math.min(u.length - done, SPLICE_CHUNK);
            int flags = u.length - done > SPLICE_CHUNK ? SPLICE_F_MORE : 0;
            long in = posix.splice(fd, offsetAddr, pipeWrite, 0, len, flags);
            if (in < 0) {
                int e = Native.errno();
                if (e == Errno.ENODATA || e == Errno.EAGAIN) {
                    continue;
                }
                return -1;
            }
            if (in == 0) {
                return done; // end of file: a short read (fio would spin here)
            }
            long out = SpliceLoop.vmsplice(posix, pipeRead, iov, u.bufferAddress + done, in, SPLICE_F_MOVE, true);
            if (out < 0) {
                return -1;
            }
            if (out < in) {
                Native.setErrno(Errno.ENODATA); // the pipe gave back less than went in
                return -1;
            }
            done += out;
        }
        return done;
    }

    /** Buffer to pipe, pipe to file; bytes moved or -1 (errno set). */
    private long write(IoUnit u) {
        int fd = u.file.fd;
        scratch.putLong(8, u.offset);
        long iov = setIovec(0, u);
        long done = 0;
        while (done < u.length) {
            if (posix.poll(pollAddr, 1, -1) < 0) {
                return -1;
            }
            Mem.putLong(iov, u.bufferAddress + done);
            Mem.putLong(iov + 8, u.length - done);
            long in = posix.vmsplice(pipeWrite, iov, 1, SPLICE_F_NONBLOCK);
            if (in < 0) {
                return -1;
            }
            done += in;
            if (SpliceLoop.splice(posix, pipeRead, fd, offsetAddr, in, 0, true) < 0) {
                return -1;
            }
        }
        return done;
    }

    @Override
    public String errorHint(int errno) {
        return errno == Errno.EINVAL ? "fio: looks like splice doesn't work on this file system" : null;
    }

    @Override
    public void cleanup() {
        if (pipeRead >= 0) {
            libc.close(pipeRead);
            libc.close(pipeWrite);
            pipeRead = pipeWrite = -1;
        }
        super.cleanup();
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("splice/vmsplice through a pipe", SpliceEngine::new);
        }
    }
}
