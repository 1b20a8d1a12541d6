package io.jfio.engine.aio;

import io.jfio.engine.EngineOption;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoEngineFactory;

import java.util.List;

public final class LibaioEngineFactory implements IoEngineFactory {
    @Override
    public String name() {
        return "libaio";
    }

    @Override
    public String description() {
        return "Linux native asynchronous I/O (raw syscalls, no libaio.so)";
    }

    @Override
    public List<EngineOption> options() {
        return LibaioOptions.OPTIONS;
    }

    @Override
    public IoEngine create() {
        return new LibaioEngine();
    }
}
