package io.jfio.runner.job;

import io.jfio.engine.IoEngine;
import io.jfio.engine.IoEngineFactory;
import io.jfio.jobfile.JobSpec;

import java.util.ServiceLoader;

/** Creates the engine a job asked for (ioengine=). */
@FunctionalInterface
public interface EngineProvider {
    IoEngine create(JobSpec spec) throws JobError;

    /** The engines found on the class path through ServiceLoader (fio's built-in engines). */
    EngineProvider SERVICE_LOADER = spec -> {
        String name = Opts.getString(spec, "psync", "ioengine");
        for (IoEngineFactory f : ServiceLoader.load(IoEngineFactory.class)) {
            if (f.name().equals(name) || f.aliases().contains(name)) {
                return f.create();
            }
        }
        throw new JobError(22, "ioengine", "fio: engine " + name + " not loadable");
    };
}
