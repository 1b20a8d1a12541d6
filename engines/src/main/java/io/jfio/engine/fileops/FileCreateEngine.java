package io.jfio.engine.fileops;

import io.jfio.engine.SimpleEngineFactory;

/** fio's filecreate engine: creates each file of the job when it is opened, and times that. */
public final class FileCreateEngine extends FileOpEngine {
    public FileCreateEngine() {
        super("filecreate", false, Op.CREATE, true);
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("creates each file when it is opened (no data I/O)", FileCreateEngine::new);
        }
    }
}
