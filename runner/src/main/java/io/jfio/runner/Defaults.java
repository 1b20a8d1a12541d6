package io.jfio.runner;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineRegistry;
import io.jfio.runner.job.EngineProvider;
import io.jfio.runner.job.JobError;
import io.jfio.runner.job.Opts;
import io.jfio.runner.job.PatternSource;
import io.jfio.runner.job.SourceFactory;

/** The production wiring: engines from the registry (ServiceLoader + external:), fio's I/O pattern. */
public final class Defaults {
    private Defaults() {
    }

    private static final class Registry {
        static final EngineRegistry INSTANCE = EngineRegistry.load();
    }

    public static EngineProvider engines() {
        return spec -> {
            String name = Opts.getString(spec, "psync", "ioengine");
            try {
                return Registry.INSTANCE.resolve(name).create();
            } catch (EngineException e) {
                throw new JobError(e.errno() == 0 ? 22 : e.errno(), "ioengine", e.getMessage());
            }
        };
    }

    public static SourceFactory sources() {
        return PatternSource.FACTORY;
    }
}
