package io.jfio.engine.sync;

import io.jfio.engine.EngineException;
import io.jfio.engine.GenericFileOps;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.OpenFlags;

/**
 * fio's falloc engine: no data moves; a read is fallocate(KEEP_SIZE) of the block, a write a
 * plain fallocate (which may grow the file), a trim punches the block out (engines/falloc.c).
 * Files are opened O_CREAT|O_RDWR whatever the job's direct/sync settings say, as fio does.
 */
public final class FallocEngine extends SyncEngineBase {
    private static final int FALLOC_FL_KEEP_SIZE = 0x01;
    private static final int FALLOC_FL_PUNCH_HOLE = 0x02;

    @Override
    public String name() {
        return "falloc";
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws EngineException {
        if (file.path.equals("-")) {
            throw new EngineException(Errno.EINVAL, "open", "fio: can't read/write to stdin/out");
        }
        GenericFileOps.open(file, OpenFlags.O_CREAT | OpenFlags.O_RDWR);
        if (file.type != IoFile.Type.REGULAR && file.type != IoFile.Type.BLOCK) {
            GenericFileOps.close(file);
            throw new EngineException(Errno.EINVAL, "open", "fio: only files and blockdev are supported fallocate ");
        }
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (u.ddir == IoDirection.TRIM) {
            end(u, allocate(u, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE));
            return QueueStatus.COMPLETED;
        }
        return super.queue(u);
    }

    @Override
    long transfer(IoUnit u) {
        return allocate(u, u.ddir == IoDirection.READ ? FALLOC_FL_KEEP_SIZE : 0);
    }

    /** fallocate of the unit's block: its length when done (the block counts as transferred), else -1. */
    private long allocate(IoUnit u, int mode) {
        return libc.fallocate(u.file.fd, mode, u.offset, u.length) < 0 ? -1 : u.length;
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("fallocate() of each block instead of data transfer", FallocEngine::new);
        }
    }
}
