package io.jfio.runner.job;


import io.jfio.engine.nativeio.Errno;
import io.jfio.runner.files.FileSetup;
import io.jfio.runner.verify.Verifier;

/** The places and words fio's error lines name for errors jfio raises itself. */
public final class ErrorText {
    public static final int ETIMEDOUT = 110;
    /** fio's lat_fatal function name and where fio 3.42 raises it (io_u.c). */
    public static final String MAX_LATENCY = "max latency exceeded";
    public static final String MAX_LATENCY_FILE = "io_u.c:1551";

    private ErrorText() {
    }

    /** The fio source line fio 3.42 names for an error raised in {@code function} (3.33's in comments). */
    static String fileOf(String function) {
        return switch (function == null ? "" : function) {
            case "total_file_size" -> "filesetup.c:1155";
            case FileSetup.LAYOUT_WRITE -> "filesetup.c:241"; // 3.33: filesetup.c:240
            case MAX_LATENCY -> MAX_LATENCY_FILE;
            case "io_u error" -> Job.IO_U_ERROR_FILE;
            case "io_u_sync_complete" -> "io_u.c:2290";
            case "io_u_queued_complete" -> "io_u.c:2328";
            case Verifier.ASYNC_FUNCTION -> "verify.c:1554";
            case "io commit" -> "ioengines.c:516"; // 3.33: ioengines.c:496
            case "workqueue_init" -> "workqueue.c:372";
            default -> function != null && function.startsWith("open") ? "filesetup.c:805" : "backend.c:1";
        };
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
