package io.jfio.runner;

import io.jfio.engine.EngineRegistry;
import io.jfio.runner.job.EngineProvider;
import io.jfio.runner.job.PatternSource;
import io.jfio.runner.job.SourceFactory;
import io.jfio.runner.replay.ReplaySource;

/** The production wiring: engines from the registry (ServiceLoader + external:), fio's I/O pattern, or
 * read_iolog's replay. */
public final class Defaults {
    private Defaults() {
    }

    private static final class Registry {
        static final EngineRegistry INSTANCE = EngineRegistry.load();
    }

    public static EngineProvider engines() {
        return EngineProvider.of(Registry.INSTANCE);
    }

    public static SourceFactory sources() {
        return ReplaySource.factory(PatternSource.FACTORY, System.err);
    }
}
