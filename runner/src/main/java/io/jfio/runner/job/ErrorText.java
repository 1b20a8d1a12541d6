package io.jfio.runner.job;

import io.jfio.engine.nativeio.Errno;

/** The places and words fio's error lines name for errors jfio raises itself. */
public final class ErrorText {
    public static final int ETIMEDOUT = 110;
    /** fio's lat_fatal function name and where fio 3.42 raises it (io_u.c). */
    public static final String MAX_LATENCY = "max latency exceeded";
    public static final String MAX_LATENCY_FILE = "io_u.c:1551";

    private ErrorText() {
    }

    /**
     * fio's verror of an error that continue_on_error let pass: fio's sync engines set it in
     * their transfer (engines/sync.c), the async ones leave it empty (the report then shows
     * {@code err=28 ()}).
     */
    static String ignored(boolean syncEngine, int errno) {
        return syncEngine ? "file:engines/sync.c:126, func=xfer, error=" + Errno.strerror(errno) : "";
    }
}
