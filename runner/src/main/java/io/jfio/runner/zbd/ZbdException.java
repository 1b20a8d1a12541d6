package io.jfio.runner.zbd;

/**
 * zonemode=zbd refused a job at set-up, as fio's zbd_init_files / zbd_setup_files do: the lines
 * fio logs, and the errno and function of its td_verror (0 and null where fio only logs and fails).
 */
public final class ZbdException extends Exception {
    private final int errno;
    private final String function;

    public ZbdException(String log, int errno, String function) {
        super(log);
        this.errno = errno;
        this.function = function;
    }

    public int errno() {
        return errno;
    }

    public String function() {
        return function;
    }
}
