package io.jfio.engine.fileops;

import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongConsumer;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.PosixLib;
import io.jfio.engine.nativeio.RawMemory;

/**
 * What fio's file and directory operation engines share (engines/fileoperations.c): the
 * engine's work is the file operation done when a file is "opened" (create, stat, delete; of a
 * file or a directory), timed and recorded as a completion latency; the I/Os that follow move
 * no data and add no latencies of their own (FIO_FAKEIO, FIO_NOSTATS), so a job reports one
 * latency sample per file and its I/O counts and bytes as usual.
 */
abstract class FileOpEngine implements IoEngine {
    static final int SFR_DEFAULT = 0x7;
    /** The operation timed per file. */
    enum Op { CREATE, STAT, DELETE }

    private final String name;
    private final boolean directory;
    private final Op op;
    private final boolean diskless;
    protected LibC libc;
    protected PosixLib posix;
    private StatType statType = StatType.STAT;
    private ByteBuffer statBuf;
    private long statBufAddr;
    /** Latencies (ns) of the operations done since the runner last took them. */
    private long[] pending = new long[16];
    private int pendingCount;

    FileOpEngine(String name, boolean directory, Op op, boolean diskless) {
        this.name = name;
        this.directory = directory;
        this.op = op;
        this.diskless = diskless;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public Set<EngineFlag> flags() {
        EnumSet<EngineFlag> f = EnumSet.of(EngineFlag.SYNC_IO, EngineFlag.NO_STATS);
        if (diskless) {
            f.add(EngineFlag.DISK_LESS);
        }
        return f;
    }

    @Override
    public List<EngineOption> options() {
        return op == Op.STAT ? StatType.OPTIONS : List.of();
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        EngineOptions eo = parseOptions(ctx);
        if (op == Op.STAT) {
            statType = StatType.valueOf(eo.getString("stat_type").toUpperCase());
        }
        libc = Native.libc();
        posix = PosixLib.get();
        statBuf = RawMemory.allocate(512, 64);
        statBufAddr = RawMemory.address(statBuf);
        pending = new long[Math.max(16, ctx.files().size())];
        if (directory && op != Op.CREATE) {
            // fio's setup_dirs: the directories to stat or delete are made first (existing ones are fine)
            for (IoFile f : ctx.files()) {
                if (posix.mkdir(f.path, 0700) != 0 && Native.errno() != Errno.EEXIST) {
                    int e = Native.errno();
                    throw new EngineException(e, "setup", "create directory " + f.path + " failed with " + e);
                }
            }
        }
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws EngineException {
        if (file.type != IoFile.Type.REGULAR) {
            throw new EngineException(Errno.EINVAL, "open", "fio: only files are supported");
        }
        if (file.path.equals("-")) {
            throw new EngineException(Errno.EINVAL, "open", "fio: can't read/write to stdin/out");
        }
        long start = System.nanoTime();
        int rc;
        String func;
        switch (op) {
            case CREATE:
                if (directory) {
                    // fio passes S_IFDIR as the mode: the directory gets no permission bits
                    rc = posix.mkdir(file.path, 0040000);
                } else {
                    rc = libc.open(file.path, 0x40 | 0x2, 0600);
                    if (rc >= 0) {
                        // nothing is read or written through it; fio keeps it open only until the file is done
                        libc.close(rc);
                        rc = 0;
                    }
                }
                func = "open(" + file.path + ")";
                break;
            case STAT:
                rc = stat(file.path);
                func = "stat(" + file.path + ") type=" + (statType.ordinal() + 1);
                break;
            default:
                rc = directory ? posix.rmdir(file.path) : libc.unlink(file.path);
                func = "delete(" + file.path + ")";
                break;
        }
        long elapsed = System.nanoTime() - start;
        if (rc < 0) {
            int e = Native.errno();
            // fio prints only its pid line for these (td_verror in engines/fileoperations.c)
            throw new EngineException(e, func, null);
        }
        if (pendingCount == pending.length) {
            pending = java.util.Arrays.copyOf(pending, pending.length * 2);
        }
        pending[pendingCount++] = elapsed;
    }

    private int stat(String path) {
        switch (statType) {
            case LSTAT:
                return posix.lstat(path, statBufAddr);
            case STATX: {
                long abs = posix.realpath(path, 0L);
                if (abs == 0) {
                    return -1;
                }
                String resolved = jnr.ffi.Pointer.wrap(Native.runtime(), abs).getString(0);
                libc.free(abs);
                return posix.statx(-1, resolved, 0, 0xfff, statBufAddr);
            }
            default:
                return posix.stat(path, statBufAddr);
        }
    }

    @Override
    public void drainOpLatencies(LongConsumer sink) {
        for (int i = 0; i < pendingCount; i++) {
            sink.accept(pending[i]);
        }
        pendingCount = 0;
    }

    @Override
    public void closeFile(IoFile file) {
        if (file.fd >= 0) {
            libc.close(file.fd);
            file.fd = -1;
        }
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (u.ddir.isData()) {
            u.complete(u.length);
            return QueueStatus.COMPLETED;
        }
        // syncs are real (fio's do_io_u_sync); without a descriptor they fail as fio's do (EBADF)
        int fd = u.file.fd;
        int rc = u.ddir == IoDirection.SYNC ? libc.fsync(fd)
            : u.ddir == IoDirection.DATASYNC ? libc.fdatasync(fd)
            : libc.sync_file_range(fd, u.offset, u.length, SFR_DEFAULT);
        u.complete(rc < 0 ? -Native.errno() : u.length);
        return QueueStatus.COMPLETED;
    }

    @Override
    public void cleanup() {
        pendingCount = 0;
    }

    /** filestat's and dirstat's stat_type. */
    enum StatType {
        STAT, LSTAT, STATX;

        static final List<EngineOption> OPTIONS = List.of(EngineOption.choice("stat_type", "stat",
            List.of("stat", "lstat", "statx"), List.of("Use stat(2)", "Use lstat(2)", "Use statx(2) if exists"),
            "Specify stat system call type to measure lookup/getattr performance"));
    }
}
