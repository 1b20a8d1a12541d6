package io.jfio.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.jfio.engine.nativeio.BlockDevice;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.FileStat;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.nativeio.VError;

/**
 * fio's generic_open_file / generic_close_file (filesetup.c) for engines that do I/O on plain
 * file descriptors: opens with the flags the runner's file set-up computed with
 * {@link io.jfio.engine.nativeio.OpenFlags#forJob}, and records the file's type and size
 * (BLKGETSIZE64 for block devices).
 */
public final class GenericFileOps {
    /** Where fio 3.42 records open failures (td_io_open_file; 3.33: filesetup.c:805). */
    public static final String OPEN_ERROR_FILE = "filesetup.c:800";
    /** fio prints this on stderr before the error when an O_DIRECT open fails with EINVAL. */
    public static final String DIRECT_UNSUPPORTED_LINE =
        "fio: looks like your file system does not support direct=1/buffered=0";

    private GenericFileOps() {
    }

    /**
     * Opens the file and records its type and size. A failure carries fio's verror text
     * ({@code file:filesetup.c:800, func=open(PATH), error=...}) as its message.
     */
    public static void open(IoFile file, int openFlags) throws EngineException {
        int fd = openRetryingAtime(file.path, openFlags, 0644);
        if (fd < 0) {
            int errno = Native.errno();
            String func = "open(" + file.path + ")";
            throw new EngineException(errno, func, VError.of(errno, OPEN_ERROR_FILE, func).text());
        }
        file.fd = fd;
        Path p = Path.of(file.path);
        try {
            FileStat st = FileStat.of(p); // one stat for the type and the size
            if (st == null) {
                Files.size(p); // the reason, as an IOException
                throw new IOException("cannot stat");
            }
            if (st.isBlockDevice()) {
                file.type = IoFile.Type.BLOCK;
                file.realSize = BlockDevice.size(fd);
            } else if (st.isCharDevice()) {
                file.type = IoFile.Type.CHAR;
            } else {
                file.type = IoFile.Type.REGULAR;
                // A file laid out without contents (fallocate=none, no overwrite) is still shorter
                // than the size set-up gave it; the writes extend it, as in fio, where opening
                // never shrinks real_file_size.
                file.realSize = Math.max(file.realSize, st.size());
            }
        } catch (IOException e) {
            Native.libc().close(fd);
            file.fd = -1;
            throw new EngineException(Errno.EIO, "stat", "cannot size " + file.path + ": " + e.getMessage());
        }
    }

    /**
     * open(2), and again without O_NOATIME when that flag was refused (EPERM: it needs the file's
     * owner or CAP_FOWNER), as fio's generic_open_file. Returns the fd, or -1 with errno set.
     */
    public static int openRetryingAtime(String path, int flags, int mode) {
        int fd = Native.libc().open(path, flags, mode);
        if (fd < 0 && (flags & OpenFlags.O_NOATIME) != 0 && Native.errno() == Errno.EPERM) {
            fd = Native.libc().open(path, flags & ~OpenFlags.O_NOATIME, mode);
        }
        return fd;
    }

    public static void close(IoFile file) throws EngineException {
        if (file.fd < 0) {
            return;
        }
        int rc = Native.libc().close(file.fd);
        file.fd = -1;
        if (rc != 0) {
            int errno = Native.errno();
            // fio ignores close errors in its report; say what happened in one line
            throw new EngineException(errno, "close", "close(" + file.path + "): " + Errno.strerror(errno));
        }
    }
}
