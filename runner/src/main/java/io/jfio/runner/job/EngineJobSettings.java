package io.jfio.runner.job;

import io.jfio.engine.EngineContext;
import io.jfio.jobfile.JobSpec;
import io.jfio.runner.workload.Opts;

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

    /** The upper end of filesize= (a size or a range), 0 when not set. */
    static long fileSizeHigh(JobSpec spec) {
        if (!spec.isSet("filesize")) {
            return 0;
        }
        try {
            return spec.getRanges("filesize")[0].high();
        } catch (RuntimeException e) {
            return Opts.getLong(spec, 0, "filesize");
        }
    }
}
