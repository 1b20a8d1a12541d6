package io.jfio.engine.uring;

import io.jfio.engine.SimpleEngineFactory;

/** ServiceLoader entry. */
public final class IoUringEngineFactory extends SimpleEngineFactory {
    public IoUringEngineFactory() {
        super("io_uring", "io_uring with hand-written rings (no liburing)",
            IoUringOptions.OPTIONS, IoUringEngine::new);
    }
}
