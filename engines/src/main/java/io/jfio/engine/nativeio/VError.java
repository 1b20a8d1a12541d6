package io.jfio.engine.nativeio;

/**
 * fio's error text for a failed job (its td_verror string) and the lines fio prints around it.
 * The location names the fio source place fio itself would print, so reports stay comparable
 * with fio's (scripts grep for them); {@link #IO_U_ERROR} is the one every per-I/O error uses.
 *
 * <pre>
 * verror:  file:io_u.c:2018, func=io_u error, error=Operation not supported
 * header:  err=95 (file:io_u.c:2018, func=io_u error, error=Operation not supported)
 * stderr:  fio: pid=8974, err=95/file:io_u.c:2018, func=io_u error, error=Operation not supported
 * </pre>
 */
public final class VError {
    /** Where fio records errors that I/O units complete with (fio 3.42 io_u.c, io_u_error path; 3.33: io_u.c:1876). */
    public static final String IO_U_ERROR_FILE = "io_u.c:2018";
    public static final String IO_U_ERROR_FUNC = "io_u error";

    private final int errno;
    private final String text;

    private VError(int errno, String text) {
        this.errno = errno;
        this.text = text;
    }

    /** An error recorded at {@code file} (e.g. "filesetup.c:123") by {@code func} (e.g. "open"). */
    public static VError of(int errno, String file, String func) {
        return new VError(errno, "file:" + file + ", func=" + func + ", error=" + Errno.strerror(errno));
    }

    /** The error an I/O unit completed with, as fio records it. */
    public static VError ioUnit(int errno) {
        return of(errno, IO_U_ERROR_FILE, IO_U_ERROR_FUNC);
    }

    public int errno() {
        return errno;
    }

    /** The verror string: {@code file:..., func=..., error=...}. */
    public String text() {
        return text;
    }

    /** For the job header: {@code err=95 (file:..., func=..., error=...)}. */
    public String headerField() {
        return String.format("err=%2d (%s)", errno, text);
    }

    /** The stderr line fio prints when a job ends with this error. */
    public String pidLine(long pid) {
        return "fio: pid=" + pid + ", err=" + errno + "/" + text;
    }

    /**
     * The stderr line fio prints for each failed I/O unit, e.g.
     * {@code fio: io_u error on file /dev/loop0: Operation not supported: read offset=0, buflen=4096}.
     */
    public static String ioUnitLine(String file, int errno, String ddir, long offset, long buflen) {
        return "fio: io_u error on file " + file + ": " + Errno.strerror(errno) + ": " + ddir
            + " offset=" + offset + ", buflen=" + buflen;
    }

    @Override
    public String toString() {
        return text;
    }
}
