package io.jfio.engine.fileops;

import io.jfio.engine.SimpleEngineFactory;

/** fio's dircreate engine: creates each directory of the job when it is opened, and times that. */
public final class DirCreateEngine extends FileOpEngine {
    public DirCreateEngine() {
        super("dircreate", true, Op.CREATE, true);
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("creates each directory when it is opened (no data I/O)", DirCreateEngine::new);
        }
    }
}
