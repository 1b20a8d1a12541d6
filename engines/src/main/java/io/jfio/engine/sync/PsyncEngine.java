package io.jfio.engine.sync;

import java.util.List;

import io.jfio.engine.EngineOption;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoEngineFactory;
import io.jfio.engine.IoUnit;

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
    public static final class Factory implements IoEngineFactory {
        @Override
        public String name() {
            return "psync";
        }

        @Override
        public String description() {
            return "pread/pwrite";
        }

        @Override
        public List<EngineOption> options() {
            return new PsyncEngine().options();
        }

        @Override
        public IoEngine create() {
            return new PsyncEngine();
        }
    }
}
