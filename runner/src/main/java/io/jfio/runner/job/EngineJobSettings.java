package io.jfio.runner.job;

import io.jfio.engine.EngineContext;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.ThreadOptions;

/** Job options some engines read through their {@link EngineContext}, converted once. */
final class EngineJobSettings {
    private EngineJobSettings() {
    }

    static EngineContext.FadviseHint fadviseHint(JobSpec spec) {
        String hint = ThreadOptions.of(spec).files().fadviseHint();
        return switch (hint == null ? "1" : hint) {
            case "0", "false" -> EngineContext.FadviseHint.NONE;
            case "random" -> EngineContext.FadviseHint.RANDOM;
            case "sequential" -> EngineContext.FadviseHint.SEQUENTIAL;
            case "noreuse" -> EngineContext.FadviseHint.OTHER;
            default -> EngineContext.FadviseHint.TYPE;
        };
    }

    /** The upper end of filesize= (a size or a range), 0 when not set. */
    static long fileSizeHigh(JobSpec spec) {
        var fileSize = ThreadOptions.of(spec).size().fileSize();
        return fileSize == null ? 0 : fileSize.high();
    }
}
