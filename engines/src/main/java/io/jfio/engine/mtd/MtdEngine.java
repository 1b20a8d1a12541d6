package io.jfio.engine.mtd;

import java.nio.ByteBuffer;
import java.util.List;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.GenericFileOps;
import io.jfio.engine.IoDirection;
import io.jfio.engine.SyncIoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.RawMemory;

/**
 * fio's mtd engine (engines/mtd.c over oslib/libmtd.c) for MTD character devices (/dev/mtdN):
 * each I/O is cut at erase-block boundaries; a read is lseek + read, a write lseek + write (its
 * offset and length must be multiples of the sub-page size), a trim erases the block
 * (MEMERASE64; a trim that is not exactly one erase block fails with EINVAL, and the block is
 * erased all the same, as fio's). {@code skip_bad} asks MEMGETBADBLOCK first on NAND and fails
 * the piece on a bad block with EIO, silently; an EIO from the device marks its block bad
 * (MEMSETBADBLOCK), as fio's. Errors are recorded as fio's td_verror in the engine does: the
 * function that failed (mtd_read, mtd_write, mtd_erase, ...) names the job's error, and fio
 * prints no io_u error line for them. Syncs fail with ENOTSUP. The geometry comes from sysfs
 * ({@link MtdInfo}); nothing is allocated per I/O.
 */
public final class MtdEngine implements SyncIoEngine {
    static final List<EngineOption> OPTIONS = List.of(
        EngineOption.bool("skip_bad", "Skip operations against known bad blocks."));
    private static final int SEEK_SET = 0;
    /** _IOW('M', 20, struct erase_info_user64) */
    private static final long MEMERASE64 = 0x40104d14L;
    /** _IOW('M', 11, __kernel_loff_t) */
    private static final long MEMGETBADBLOCK = 0x40084d0bL;
    /** _IOW('M', 12, __kernel_loff_t) */
    private static final long MEMSETBADBLOCK = 0x40084d0cL;
    static final String ALIGNED_TRIM = "trim on MTD must be erase block-aligned";
    static final String NO_SYNC = "operation not supported on mtd";

    /** Bound in init, not at construction: the engine registry makes one of each engine to read its options. */
    private LibC libc;
    private final ByteBuffer scratch = RawMemory.allocate(64, 8);
    private final long scratchAddr = RawMemory.address(scratch);
    private boolean skipBad;
    private MtdInfo[] infos;
    /** Per unit: the function fio's td_verror names for its error (the first one), or null. */
    private String[] errorFunction;

    @Override
    public String name() {
        return "mtd";
    }

    @Override
    public List<EngineOption> options() {
        return OPTIONS;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        libc = Native.libc();
        skipBad = parseOptions(ctx).getBool("skip_bad");
        infos = new MtdInfo[ctx.files().size()];
        errorFunction = new String[Math.max(1, ctx.iodepth())];
    }

    @Override
    public long fileSize(IoFile file) throws EngineException {
        try {
            return MtdInfo.of(file.path).size;
        } catch (EngineException e) {
            // fio's get_file_sizes prints the verror its hook recorded, then fails the job
            String verror = "file:engines/mtd.c:199, func=mtd_get_dev_info, error=" + Errno.strerror(e.errno());
            throw new EngineException(e.errno(), e.function(),
                e.getMessage() == null ? verror : e.getMessage() + "\n" + verror);
        }
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws EngineException {
        GenericFileOps.open(file, openFlags);
        try {
            infos[file.index] = MtdInfo.of(file.path);
        } catch (EngineException e) {
            GenericFileOps.close(file);
            throw e;
        }
    }

    @Override
    public void closeFile(IoFile file) throws EngineException {
        infos[file.index] = null;
        GenericFileOps.close(file);
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        MtdInfo m = infos[u.file.index];
        int fd = u.file.fd;
        int error = 0;
        String function = null;
        int done = 0;
        while (done < u.length) {
            long pos = u.offset + done;
            int eb = (int) (pos / m.ebSize);
            int ebOffs = (int) (pos % m.ebSize);
            int len = Math.min(u.length - done, m.ebSize - ebOffs);
            long buf = u.bufferAddress + done;
            done += len;
            if (skipBad) {
                int bad = isBad(m, fd, eb);
                if (bad < 0) {
                    error = Native.errno();
                    function = function != null ? function : "mtd_is_bad";
                    break;
                } else if (bad == 1) {
                    error = Errno.EIO; // fio's silent failure: no td_verror
                    continue;
                }
            }
            String failed = null;
            if (u.ddir == IoDirection.READ) {
                failed = read(m, fd, eb, ebOffs, buf, len) ? null : "mtd_read";
            } else if (u.ddir == IoDirection.WRITE) {
                failed = write(m, fd, eb, ebOffs, buf, len) ? null : "mtd_write";
            } else if (u.ddir == IoDirection.TRIM) {
                if (ebOffs != 0 || len != m.ebSize) {
                    error = Errno.EINVAL;
                    function = function != null ? function : ALIGNED_TRIM;
                }
                failed = erase(m, fd, eb) ? null : "mtd_erase";
            } else {
                error = Errno.EOPNOTSUPP;
                function = function != null ? function : NO_SYNC;
                continue;
            }
            if (failed != null) {
                error = Native.errno();
                function = function != null ? function : failed;
                if (error == Errno.EIO && !markBad(m, fd, eb)) {
                    error = Native.errno();
                    break;
                }
            }
        }
        errorFunction[u.index] = function;
        u.complete(error != 0 ? -error : u.length);
        return QueueStatus.COMPLETED;
    }

    @Override
    public String errorFunction(IoUnit unit) {
        return errorFunction[unit.index];
    }

    private static boolean validBlock(MtdInfo m, int eb) {
        if (eb < 0 || eb >= m.ebCount) {
            System.err.println("libmtd: error!: bad eraseblock number " + eb + ", mtd" + m.number + " has " + m.ebCount
                + " eraseblocks");
            Native.setErrno(Errno.EINVAL);
            return false;
        }
        return true;
    }

    /** libmtd's mtd_read: one lseek, then read until len bytes came (fio's libmtd asks for len each time). */
    private boolean read(MtdInfo m, int fd, int eb, int offs, long buf, int len) {
        if (!validBlock(m, eb)) {
            return false;
        }
        long seek = (long) eb * m.ebSize + offs;
        if (libc.lseek(fd, seek, SEEK_SET) != seek) {
            return false;
        }
        for (long rd = 0; rd < len; ) {
            long r = libc.read(fd, buf, len);
            if (r < 0) {
                return false;
            }
            rd += r;
        }
        return true;
    }

    /** libmtd's mtd_write without OOB data: offset and length in whole sub-pages, one lseek + write. */
    private boolean write(MtdInfo m, int fd, int eb, int offs, long buf, int len) {
        if (!validBlock(m, eb)) {
            return false;
        }
        if (offs % m.subpageSize != 0 || len % m.subpageSize != 0) {
            Native.setErrno(Errno.EINVAL);
            return false;
        }
        long seek = (long) eb * m.ebSize + offs;
        if (libc.lseek(fd, seek, SEEK_SET) != seek) {
            return false;
        }
        long w = libc.write(fd, buf, len);
        if (w != len) {
            if (w >= 0) {
                Native.setErrno(0);
            }
            return false;
        }
        return true;
    }

    private boolean erase(MtdInfo m, int fd, int eb) {
        if (!validBlock(m, eb)) {
            return false;
        }
        scratch.putLong(0, (long) eb * m.ebSize);
        scratch.putLong(8, m.ebSize);
        return libc.ioctl(fd, MEMERASE64, scratchAddr) == 0;
    }

    /** 1 bad, 0 good (always, on devices without bad blocks), -1 failed. */
    private int isBad(MtdInfo m, int fd, int eb) {
        if (!validBlock(m, eb)) {
            return -1;
        }
        if (!m.badBlocksAllowed) {
            return 0;
        }
        scratch.putLong(16, (long) eb * m.ebSize);
        return libc.ioctl(fd, MEMGETBADBLOCK, scratchAddr + 16);
    }

    private boolean markBad(MtdInfo m, int fd, int eb) {
        if (!m.badBlocksAllowed) {
            Native.setErrno(Errno.EINVAL);
            return false;
        }
        if (!validBlock(m, eb)) {
            return false;
        }
        scratch.putLong(16, (long) eb * m.ebSize);
        return libc.ioctl(fd, MEMSETBADBLOCK, scratchAddr + 16) == 0;
    }

    @Override
    public void cleanup() {
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("MTD character devices (/dev/mtdN): erase-block pieces, trims erase", MtdEngine::new);
        }
    }
}
