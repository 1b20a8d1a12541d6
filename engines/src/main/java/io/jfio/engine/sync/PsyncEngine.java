package io.jfio.engine.sync;

import io.jfio.engine.IoUnit;
import io.jfio.engine.SimpleEngineFactory;

/** fio's psync (the default engine on Linux): pread/pwrite at the unit's offset. */
public final class PsyncEngine extends SyncEngineBase {
    @Override
    public String name() {
        return "psync";
    }

    @Override
    long transfer(IoUnit u) {
        return u.ddir == io.jfio.engine.IoDirection.READ
            ? libc.pread64(u.file.fd, u.bufferAddress, u.length, u.offset)
            : libc.pwrite64(u.file.fd, u.bufferAddress, u.length, u.offset);
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("pread/pwrite", PsyncEngine::new);
        }
    }
}
