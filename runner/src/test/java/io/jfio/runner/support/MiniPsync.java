package io.jfio.runner.support;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.Native;

import java.util.EnumSet;
import java.util.Set;

/** A minimal pread/pwrite engine for runner tests that must not depend on the engines' own. */
public final class MiniPsync implements IoEngine {
    @Override
    public String name() {
        return "psync";
    }

    @Override
    public Set<EngineFlag> flags() {
        return EnumSet.of(EngineFlag.SYNC_IO);
    }

    @Override
    public void init(EngineContext ctx) {
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws EngineException {
        int fd = Native.libc().open(file.path, openFlags, 0644);
        if (fd < 0) {
            throw new EngineException(Native.errno(), "open", "open " + file.path);
        }
        file.fd = fd;
    }

    @Override
    public void closeFile(IoFile file) {
        if (file.fd >= 0) {
            Native.libc().close(file.fd);
            file.fd = -1;
        }
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        long r;
        if (u.ddir == IoDirection.READ) {
            r = Native.libc().pread64(u.file.fd, u.bufferAddress, u.length, u.offset);
        } else if (u.ddir == IoDirection.WRITE) {
            r = Native.libc().pwrite64(u.file.fd, u.bufferAddress, u.length, u.offset);
        } else if (u.ddir == IoDirection.SYNC) {
            r = Native.libc().fsync(u.file.fd);
        } else {
            r = Native.libc().fdatasync(u.file.fd);
        }
        u.complete(r < 0 ? -Native.errno() : r);
        return QueueStatus.COMPLETED;
    }

    @Override
    public void cleanup() {
    }
}
