package io.jfio.runner;

import io.jfio.runner.job.EngineProvider;
import io.jfio.runner.job.JobError;
import io.jfio.runner.job.SourceFactory;

/** The production wiring of engines and workload. */
final class Defaults {
    private Defaults() {
    }

    static EngineProvider engines() {
        return EngineProvider.SERVICE_LOADER;
    }

    static SourceFactory sources() {
        return (spec, files) -> {
            throw new JobError(38, "workload", "jfio: the I/O pattern generator is not available in this build");
        };
    }
}
