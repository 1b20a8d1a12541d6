package io.jfio.engine.mmap;

import java.util.List;

import com.kenai.jffi.MemoryIO;

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
import io.jfio.engine.nativeio.BlkDiscard;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.PosixLib;

/**
 * fio's mmap engine: each file is mapped (the whole region the job uses, or, when that cannot be
 * mapped, just the block of the current I/O), and reads and writes are memcpy from and to the
 * mapping. Syncs are msync of the mapping; direct=1 msyncs and drops each block after the copy,
 * as fio's engines/mmap.c does. Per-file mapping state lives in arrays indexed by file, so an I/O
 * that stays inside the current mapping costs one memcpy and nothing else.
 */
public final class MmapEngine implements SyncIoEngine {
    /** fio caps the mappings of a job at 1 GiB in total when it has to map block by block. */
    private static final long MMAP_TOTAL_SIZE = 1L << 30;
    private static final int PAGE_SIZE = 4096;

    static final List<EngineOption> OPTIONS = List.of(
        EngineOption.integer("thp", null, 0, 0, "Memory Advise Huge Page"));

    private static final MemoryIO MEM = MemoryIO.getInstance();

    private LibC libc;
    private PosixLib posix;
    private final BlkDiscard discard = new BlkDiscard();
    private boolean thp;
    private boolean direct;
    private boolean readOnly;
    private int madviseHint;
    private long mapSizeLimit;
    private long[] mapAddr;
    private long[] mapSize;
    private long[] mapOffset;
    private boolean[] partial;

    @Override
    public String name() {
        return "mmap";
    }

    @Override
    public List<EngineOption> options() {
        return OPTIONS;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        EngineOptions eo = parseOptions(ctx);
        thp = eo.getLong("thp") != 0;
        direct = ctx.direct();
        readOnly = ctx.readOnly();
        int[] bs = ctx.blockSizes();
        if (bs.length > 0 && (bs[0] & (PAGE_SIZE - 1)) != 0 && (direct || ctx.syncEveryBlocks())) {
            throw new EngineException("fio: mmap options dictate a minimum block size of " + PAGE_SIZE + " bytes");
        }
        madviseHint = switch (ctx.fadviseHint()) {
            case NONE -> 0;
            case TYPE -> ctx.randomIo() ? PosixLib.POSIX_MADV_RANDOM : PosixLib.POSIX_MADV_SEQUENTIAL;
            case RANDOM -> PosixLib.POSIX_MADV_RANDOM;
            case SEQUENTIAL -> PosixLib.POSIX_MADV_SEQUENTIAL;
            // fio's mmap engine knows no other hint: it fails the mapping with this line
            case OTHER -> -1;
        };
        int n = Math.max(1, ctx.files().size());
        mapSizeLimit = MMAP_TOTAL_SIZE / n;
        int slots = 0;
        for (IoFile f : ctx.files()) {
            slots = Math.max(slots, f.index + 1);
        }
        mapAddr = new long[slots];
        mapSize = new long[slots];
        mapOffset = new long[slots];
        partial = new boolean[slots];
        libc = Native.libc();
        posix = PosixLib.get();
    }

    @Override
    public void closeFile(IoFile file) throws EngineException {
        unmap(file.index);
        partial[file.index] = false;
        GenericFileOps.close(file);
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        int i = u.file.index;
        if (u.ddir == IoDirection.READ || u.ddir == IoDirection.WRITE) {
            int err = prepare(u, i);
            if (err != 0) {
                u.complete(-err);
                return QueueStatus.COMPLETED;
            }
            long at = mapAddr[i] + (u.offset - mapOffset[i]);
            if (u.ddir == IoDirection.READ) {
                MEM.copyMemory(at, u.bufferAddress, u.length);
            } else {
                MEM.copyMemory(u.bufferAddress, at, u.length);
            }
            if (direct) {
                // not O_DIRECT, but the block leaves the page cache as it would
                if (posix.msync(at, u.length, PosixLib.MS_SYNC) < 0) {
                    u.complete(-Native.errno());
                    return QueueStatus.COMPLETED;
                }
                int rc = posix.posix_madvise(at, u.length, PosixLib.POSIX_MADV_DONTNEED);
                if (rc != 0) {
                    u.complete(-rc);
                    return QueueStatus.COMPLETED;
                }
            }
            u.complete(u.length);
        } else if (u.ddir == IoDirection.TRIM) {
            // fio's do_io_u_trim is BLKDISCARD whatever the file is (ENOTTY on a regular file)
            u.complete(discard.discard(u.file.fd, u.offset, u.length));
        } else {
            // fsync, fdatasync and sync_file_range all become an msync of the current mapping
            if (mapAddr[i] != 0 && posix.msync(mapAddr[i], mapSize[i], PosixLib.MS_SYNC) < 0) {
                u.complete(-Native.errno());
            } else {
                u.complete(u.length);
            }
        }
        return QueueStatus.COMPLETED;
    }

    /** fio's mmap prep: keep the mapping if the block is inside it, else map the whole region, else just the block. */
    private int prepare(IoUnit u, int i) {
        if (mapAddr[i] != 0 && u.offset >= mapOffset[i] && u.offset + u.length <= mapOffset[i] + mapSize[i]) {
            return 0;
        }
        if (mapAddr[i] != 0) {
            if (libc.munmap(mapAddr[i], mapSize[i]) < 0) {
                return Native.errno();
            }
            mapAddr[i] = 0;
        }
        IoFile f = u.file;
        if (!partial[i]) {
            if (map(f, i, f.ioSize, f.fileOffset) == 0) {
                return 0;
            }
            partial[i] = true;
        }
        if (u.length > mapSizeLimit) {
            return Errno.EIO;
        }
        return map(f, i, u.length, u.offset);
    }

    private int map(IoFile f, int i, long length, long offset) {
        int prot = readOnly ? PosixLib.PROT_READ : PosixLib.PROT_READ | PosixLib.PROT_WRITE;
        long addr = libc.mmap(0L, length, prot, thp ? PosixLib.MAP_PRIVATE : PosixLib.MAP_SHARED, f.fd, offset);
        if (addr == -1L) {
            return Native.errno();
        }
        if (thp) {
            posix.madvise(addr, length, PosixLib.MADV_HUGEPAGE); // advisory: errors ignored, as fio does
        }
        int rc = 0;
        if (madviseHint < 0) {
            rc = Errno.EINVAL;
        } else if (madviseHint > 0) {
            rc = posix.posix_madvise(addr, length, madviseHint);
        }
        if (rc == 0) {
            rc = posix.posix_madvise(addr, length, PosixLib.POSIX_MADV_DONTNEED);
        }
        if (rc != 0) {
            libc.munmap(addr, length);
            return rc;
        }
        if (f.type == IoFile.Type.BLOCK) {
            posix.madvise(addr, length, PosixLib.MADV_FREE);
        }
        mapAddr[i] = addr;
        mapSize[i] = length;
        mapOffset[i] = offset;
        return 0;
    }

    private void unmap(int i) {
        if (mapAddr != null && i < mapAddr.length && mapAddr[i] != 0) {
            libc.munmap(mapAddr[i], mapSize[i]);
            mapAddr[i] = 0;
            mapSize[i] = 0;
            mapOffset[i] = 0;
        }
    }

    @Override
    public void cleanup() {
        if (mapAddr != null) {
            for (int i = 0; i < mapAddr.length; i++) {
                unmap(i);
            }
        }
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("memcpy to and from a memory-mapped file", MmapEngine::new);
        }
    }
}
