package io.jfio.runner;

import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineRegistry;

/** What the report needs to know about an engine before any job has created one. */
final class EngineKinds {
    private static final EngineRegistry REGISTRY = EngineRegistry.load();

    private EngineKinds() {
    }

    /** True for fio's FIO_NOIO engines (cpuio, exec): no job line in the preamble. */
    static boolean noIo(String ioengine) {
        return REGISTRY.find(ioengine).map(f -> f.create().flags().contains(EngineFlag.NO_IO)).orElse(false);
    }
}
