package io.jfio.runner.job;

import io.jfio.engine.EngineContext;
import io.jfio.jobfile.JobSpec;

/** Job options some engines read through their {@link EngineContext}, converted once. */
final class EngineJobSettings {
    private EngineJobSettings() {
    }

    static EngineContext.FadviseHint fadviseHint(JobSpec spec) {
        return switch (Opts.getString(spec, "1", "fadvise_hint")) {
            case "0", "false" -> EngineContext.FadviseHint.NONE;
            case "random" -> EngineContext.FadviseHint.RANDOM;
            case "sequential" -> EngineContext.FadviseHint.SEQUENTIAL;
            case "noreuse" -> EngineContext.FadviseHint.OTHER;
            default -> EngineContext.FadviseHint.TYPE;
        };
    }
}
