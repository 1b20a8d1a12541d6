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

    /** The engines on the classpath, loaded once for the run's checks and its jobs alike. */
    static EngineRegistry registry() {
        return Registry.INSTANCE;
    }

    /**
     * Loads the registry on a side thread while the command line and job files are parsed: every
     * engine factory is instantiated (ServiceLoader), ~20 ms of the main thread's start otherwise,
     * before the run's first check could begin the libc binding. A caller that gets there first
     * waits for the class initialiser the side thread runs.
     */
    public static void preload() {
        Thread t = new Thread(() -> Registry.INSTANCE.factories(), "jfio-engines"); // not a method reference: that reads INSTANCE here
        t.setDaemon(true);
        t.start();
    }

    public static EngineProvider engines() {
        return EngineProvider.of(Registry.INSTANCE);
    }

    /**
     * fio's ioengine_load at add_job, before any job starts: for the first job whose engine the
     * registry cannot load, fio's lines: for a plain name the dlopen failure fio prints on stdout
     * (its td_verror goes through log_info), then "not loadable" and "failed to load engine" on
     * stderr. Null when every engine loads.
     */
    static String[] unloadable(java.util.List<io.jfio.jobfile.JobSpec> jobs) {
        for (io.jfio.jobfile.JobSpec spec : jobs) {
            String name = io.jfio.jobfile.options.ThreadOptions.of(spec).queue().ioengine();
            try {
                Registry.INSTANCE.resolve(name);
            } catch (io.jfio.engine.EngineException e) {
                String out = name.startsWith("external") ? null : "fio: file:ioengines.c:142, func=dlopen, error="
                        + name + ": cannot open shared object file: No such file or directory";
                return new String[] {out, e.getMessage() + "\nfio: failed to load engine"};
            }
        }
        return null;
    }

    public static SourceFactory sources() {
        return ReplaySource.factory(PatternSource.FACTORY, System.err);
    }
}
