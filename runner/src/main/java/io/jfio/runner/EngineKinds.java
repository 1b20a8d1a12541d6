package io.jfio.runner;

import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineRegistry;
import io.jfio.runner.job.SetUpAhead;

import java.util.Optional;
import java.util.Set;

/** What the report needs to know about an engine before any job has created one. */
final class EngineKinds {
    private static final EngineRegistry REGISTRY = ProductionWiring.registry();

    private EngineKinds() {
    }

    /** True for fio's FIO_NOIO engines (cpuio, exec): no job line in the preamble. */
    static boolean noIo(String ioengine) {
        return has(ioengine, EngineFlag.NO_IO);
    }

    /** True for fio's FIO_BIT_BASED engines (net): unit_base defaults to bits. */
    static boolean bitBased(String ioengine) {
        return has(ioengine, EngineFlag.BIT_BASED);
    }

    /** fio's FIO_DISKLESSIO engines (null, cpuio, exec, net, the create/dir engines): no disk stats. */
    static boolean diskless(String ioengine) {
        return has(ioengine, EngineFlag.DISK_LESS);
    }

    /** An engine that moves data: its jobs need the libc binding (SetUpAhead's test, before any job made one). */
    static boolean doesIo(String ioengine) {
        return flags(ioengine).map(SetUpAhead::needed).orElse(false);
    }

    private static boolean has(String ioengine, EngineFlag flag) {
        return flags(ioengine).map(f -> f.contains(flag)).orElse(false);
    }

    private static Optional<Set<EngineFlag>> flags(String ioengine) {
        return REGISTRY.find(ioengine).map(f -> f.create().flags());
    }
}
