package io.jfio.engine.sync;

import io.jfio.engine.IoUnit;
import io.jfio.engine.SimpleEngineFactory;

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
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("preadv/pwritev", PvsyncEngine::new);
        }
    }
}
