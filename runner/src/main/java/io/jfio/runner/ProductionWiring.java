package io.jfio.runner;

import io.jfio.engine.EngineRegistry;
import io.jfio.runner.job.EngineProvider;
import io.jfio.runner.job.PatternSource;
import io.jfio.runner.job.SourceFactory;
import io.jfio.runner.replay.ReplaySource;

/** The production wiring: engines from the registry (ServiceLoader + external:), fio's I/O pattern, or
 * read_iolog's replay. */
public final class ProductionWiring {
    private ProductionWiring() {
    }

    private static final class Registry {
        static final EngineRegistry INSTANCE = EngineRegistry.load();
    }

    public static EngineProvider engines() {
        return EngineProvider.of(Registry.INSTANCE);
    }

    /**
     * fio's ioengine_load at add_job, before any job starts: the first job whose engine the
     * registry cannot load, with fio's lines for it (a plain name is what fio tried to dlopen), or
     * null when every engine loads.
     */
    static String unloadable(java.util.List<io.jfio.jobfile.JobSpec> jobs) {
        for (io.jfio.jobfile.JobSpec spec : jobs) {
            String name = io.jfio.jobfile.options.ThreadOptions.of(spec).queue().ioengine();
            try {
                Registry.INSTANCE.resolve(name);
            } catch (io.jfio.engine.EngineException e) {
                String lines = name.startsWith("external") ? e.getMessage()
                        : "fio: file:ioengines.c:142, func=dlopen, error=" + name
                        + ": cannot open shared object file: No such file or directory\n" + e.getMessage();
                return lines + "\nfio: failed to load engine";
            }
        }
        return null;
    }

    public static SourceFactory sources() {
        return ReplaySource.factory(PatternSource.FACTORY, System.err);
    }
}
