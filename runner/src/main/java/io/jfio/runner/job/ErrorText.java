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

    /** fio's td_io_queue, which records an error its engine's ->queue left on the unit. */
    static final String TD_IO_QUEUE = "td_io_queue";

    private ErrorText() {
    }

    /** The fio source line fio 3.42 names for an error raised in {@code function} (3.33's in comments). */
    static String fileOf(String function) {
        return switch (function == null ? "" : function) {
            case "total_file_size" -> "filesetup.c:1217"; // 3.33: filesetup.c:1155
            case "open" -> "filesetup.c:175"; // extend_file (3.33: filesetup.c:174)
            case "cpu_set_affinity" -> "backend.c:1905";
            case TrimBlocks.FUNCTION -> "filesetup.c:1349";
            case "blockdev_size" -> "filesetup.c:476";
            case "cgroup open weight", "cgroup write pid" -> "cgroup.c:136";
            case "cgroup mkdir" -> "cgroup.c:185";
            case FileSetup.LAYOUT_WRITE -> "filesetup.c:241"; // 3.33: filesetup.c:240
            case MAX_LATENCY -> MAX_LATENCY_FILE;
            case "io_u error" -> Job.IO_U_ERROR_FILE;
            case "io_u_sync_complete" -> "io_u.c:2290";
            case "full resid" -> "backend.c:479"; // 3.33: backend.c:471; io_completed's zero-byte transfer
            case "io_u_queued_complete" -> "io_u.c:2328";
            case Verifier.ASYNC_FUNCTION -> "verify.c:1554";
            case TD_IO_QUEUE -> "ioengines.c:415";
            case "io commit" -> "ioengines.c:516"; // 3.33: ioengines.c:496
            // the td_verror calls in fio 3.42's engines/mtd.c
            case "mtd_mark_bad" -> "engines/mtd.c:54";
            case "mtd_is_bad" -> "engines/mtd.c:68";
            case "mtd_read" -> "engines/mtd.c:113";
            case "mtd_write" -> "engines/mtd.c:122";
            case "trim on MTD must be erase block-aligned" -> "engines/mtd.c:129";
            case "mtd_erase" -> "engines/mtd.c:135";
            case "operation not supported on mtd" -> "engines/mtd.c:141";
            case "mtd_get_dev_info" -> "engines/mtd.c:199";
            case "workqueue_init" -> "workqueue.c:372";
            // fio 3.42's io_uring_cmd open checks name one function from four places; the
            // block size check's line stands for all (md_per_io_size's is 1767, verify's 1809)
            case "fio_ioring_cmd_open_file" -> "engines/io_uring.c:1759";
            // zonemode=zbd's td_verror calls in fio 3.42's zbd.c
            case "zbd_create_zone_info() failed" -> "zbd.c:1165";
            case "I/O buflen exceeds zone size" -> "zbd.c:2231";
            case "ZCAP is less min_bs" -> "zbd.c:2287";
            case "invalid WP value" -> "zbd.c:2298";
            case "zone remainder too small" -> "zbd.c:2324";
            // td_io_open_file names open(PATH)
            default -> function != null && function.startsWith("open(") ? "filesetup.c:800" : "backend.c:1";
        };
    }

    /** The verror of an error an engine recorded itself in {@code function}. */
    static String engine(String function, int errno) {
        return "file:" + fileOf(function) + ", func=" + function + ", error=" + Errno.strerror(errno);
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
