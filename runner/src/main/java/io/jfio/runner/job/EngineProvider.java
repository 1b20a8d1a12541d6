package io.jfio.runner.job;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineRegistry;
import io.jfio.engine.IoEngine;
import io.jfio.jobfile.JobSpec;
import io.jfio.runner.workload.JobError;
import io.jfio.runner.workload.Opts;

/**
 * Creates the engine a job asked for (ioengine=). Production always goes through the engines
 * module's {@link EngineRegistry} ({@link #of}); the interface is the runner's seam for tests
 * that wrap or replace the engine of a job.
 */
@FunctionalInterface
public interface EngineProvider {
    IoEngine create(JobSpec spec) throws JobError;

    /** The registry's engine for the job's ioengine (built-ins and external:), failing as fio does. */
    static EngineProvider of(EngineRegistry registry) {
        return spec -> {
            String name = Opts.getString(spec, "psync", "ioengine");
            try {
                return registry.resolve(name).create();
            } catch (EngineException e) {
                throw new JobError(e.errno() == 0 ? 22 : e.errno(), "ioengine", e.getMessage());
            }
        };
    }
}
