package io.jfio.engine.uring;

import io.jfio.engine.EngineOption;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoEngineFactory;

import java.util.List;

public final class IoUringEngineFactory implements IoEngineFactory {
    @Override
    public String name() {
        return "io_uring";
    }

    @Override
    public String description() {
        return "io_uring with hand-written rings (no liburing)";
    }

    @Override
    public List<EngineOption> options() {
        return IoUringOptions.OPTIONS;
    }

    @Override
    public IoEngine create() {
        return new IoUringEngine();
    }
}
