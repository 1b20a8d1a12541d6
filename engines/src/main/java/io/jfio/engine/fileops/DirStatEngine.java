package io.jfio.engine.fileops;

import io.jfio.engine.SimpleEngineFactory;

/** fio's dirstat engine: stats each directory of the job when it is opened, and times that. */
public final class DirStatEngine extends FileOpEngine {
    public DirStatEngine() {
        super("dirstat", true, Op.STAT, true);
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("stats each directory when it is opened (no data I/O)", DirStatEngine::new);
        }
    }
}
