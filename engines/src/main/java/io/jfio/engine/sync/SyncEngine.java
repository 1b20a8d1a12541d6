package io.jfio.engine.sync;

import java.util.List;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.SimpleEngineFactory;

/**
 * fio's sync: read/write on the file position. Like fio it seeks only when the offset differs
 * from where the previous transfer on that file ended (remembered per file index).
 */
public final class SyncEngine extends SyncEngineBase {
    /** End of the last transfer per file index; -1 = unknown (seek). */
    private long[] lastPos = new long[0];

    @Override
    public String name() {
        return "sync";
    }

    @Override
    public void init(io.jfio.engine.EngineContext ctx) throws io.jfio.engine.EngineException {
        super.init(ctx);
        int n = 1;
        for (IoFile f : ctx.files()) {
            n = Math.max(n, f.index + 1);
        }
        lastPos = new long[n];
        java.util.Arrays.fill(lastPos, -1);
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws io.jfio.engine.EngineException {
        super.openFile(file, openFlags);
        if (file.index >= lastPos.length) {
            long[] grown = java.util.Arrays.copyOf(lastPos, file.index + 1);
            java.util.Arrays.fill(grown, lastPos.length, grown.length, -1);
            lastPos = grown;
        }
        // a fresh descriptor sits at 0, so an I/O at offset 0 needs no seek (fio's engine_pos is 0 too)
        lastPos[file.index] = 0;
    }

    @Override
    long transfer(IoUnit u) {
        int fd = u.file.fd;
        int idx = u.file.index;
        if (lastPos[idx] != u.offset && libc.lseek(fd, u.offset, SEEK_SET) < 0) {
            lastPos[idx] = -1;
            return -1;
        }
        long ret = u.ddir == IoDirection.READ
            ? libc.read(fd, u.bufferAddress, u.length)
            : libc.write(fd, u.bufferAddress, u.length);
        lastPos[idx] = ret >= 0 ? u.offset + ret : -1;
        return ret;
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("read/write with lseek", SyncEngine::new);
        }
    }
}
