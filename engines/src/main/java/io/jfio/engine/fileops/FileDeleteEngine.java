package io.jfio.engine.fileops;

import io.jfio.engine.SimpleEngineFactory;

/** fio's filedelete engine: deletes each file of the job when it is opened, and times that. */
public final class FileDeleteEngine extends FileOpEngine {
    public FileDeleteEngine() {
        super("filedelete", false, Op.DELETE, false);
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("deletes each file when it is opened (no data I/O)", FileDeleteEngine::new);
        }
    }
}
