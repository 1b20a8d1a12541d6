package io.jfio.engine.sync;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.Errno;

/**
 * fio's ftruncate engine: a write truncates the file to the write's offset; syncs sync; reads
 * and trims fail with EINVAL (engines/ftruncate.c). No data moves.
 */
public final class FtruncateEngine extends SyncEngineBase {
    @Override
    public String name() {
        return "ftruncate";
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (u.ddir == IoDirection.READ || u.ddir == IoDirection.TRIM) {
            u.complete(-Errno.EINVAL);
            return QueueStatus.COMPLETED;
        }
        return super.queue(u);
    }

    @Override
    long transfer(IoUnit u) {
        return libc.ftruncate(u.file.fd, u.offset) < 0 ? -1 : u.length;
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("ftruncate() to each write's offset instead of data transfer", FtruncateEngine::new);
        }
    }
}
