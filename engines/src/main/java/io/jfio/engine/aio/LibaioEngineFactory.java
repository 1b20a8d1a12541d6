package io.jfio.engine.aio;

import io.jfio.engine.SimpleEngineFactory;

/** ServiceLoader entry. */
public final class LibaioEngineFactory extends SimpleEngineFactory {
    public LibaioEngineFactory() {
        super("libaio", "Linux native asynchronous I/O (raw syscalls, no libaio.so)",
            LibaioOptions.OPTIONS, LibaioEngine::new);
    }
}
