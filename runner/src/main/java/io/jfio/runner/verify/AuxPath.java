package io.jfio.runner.verify;

import java.nio.file.Path;

/**
 * fio's {@code --aux-path}: the directory of the files fio generates for its own state, which
 * are the verify state files ({@code local-JOB-N-verify.state}, saved and loaded) and the
 * verify_dump buffers ({@code FILE.OFFSET.received}/{@code .expected}), as fio's verify.c and
 * backend.c name them. Without it they go to the working directory. One setting per process,
 * as fio's, set by the command line before jobs start.
 */
public final class AuxPath {
    private static volatile Path dir;

    private AuxPath() {
    }

    /** Sets the directory (null: the working directory again). */
    public static void set(String path) {
        dir = path == null ? null : Path.of(path);
    }

    /** {@code name} inside the aux path, or as given without one. */
    static Path resolve(Path name) {
        Path d = dir;
        return d == null ? name : d.resolve(name);
    }

    /** The directory state files go to when the job gives {@code given} (the working directory). */
    static Path stateDir(Path given) {
        Path d = dir;
        return d == null ? given : d;
    }
}
