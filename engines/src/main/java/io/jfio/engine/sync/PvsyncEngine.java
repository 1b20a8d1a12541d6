package io.jfio.engine.sync;

import java.util.List;

import io.jfio.engine.EngineOption;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoEngineFactory;
import io.jfio.engine.IoUnit;

/** fio's pvsync: preadv/pwritev with one iovec (no coalescing). */
public final class PvsyncEngine extends SyncEngineBase {
    @Override
    public String name() {
        return "pvsync";
    }

    @Override
    long transfer(IoUnit u) {
        long iov = setIovec(0, u);
        return u.ddir == io.jfio.engine.IoDirection.READ
            ? libc.preadv(u.file.fd, iov, 1, u.offset)
            : libc.pwritev(u.file.fd, iov, 1, u.offset);
    }

    /** ServiceLoader entry. */
    public static final class Factory implements IoEngineFactory {
        @Override
        public String name() {
            return "pvsync";
        }

        @Override
        public String description() {
            return "preadv/pwritev";
        }

        @Override
        public List<EngineOption> options() {
            return new PvsyncEngine().options();
        }

        @Override
        public IoEngine create() {
            return new PvsyncEngine();
        }
    }
}
