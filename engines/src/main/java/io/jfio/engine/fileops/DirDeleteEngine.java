package io.jfio.engine.fileops;

import io.jfio.engine.SimpleEngineFactory;

/** fio's dirdelete engine: deletes each directory of the job when it is opened, and times that. */
public final class DirDeleteEngine extends FileOpEngine {
    public DirDeleteEngine() {
        super("dirdelete", true, Op.DELETE, true);
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("deletes each directory when it is opened (no data I/O)", DirDeleteEngine::new);
        }
    }
}
