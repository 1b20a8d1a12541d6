package io.jfio.engine.fileops;

import io.jfio.engine.SimpleEngineFactory;

/** fio's filestat engine: stats each file of the job when it is opened, and times that. */
public final class FileStatEngine extends FileOpEngine {
    public FileStatEngine() {
        super("filestat", false, Op.STAT, false);
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("stats each file when it is opened (no data I/O)", FileStatEngine::new);
        }
    }
}
