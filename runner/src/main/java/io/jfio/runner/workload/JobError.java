package io.jfio.runner.workload;

/**
 * A failure that ends a job the way fio reports it: an errno and the function fio names in
 * {@code err=N (file:..., func=..., error=...)}, plus an optional message line fio logs first.
 */
public final class JobError extends Exception {
    private final int errno;
    private final String function;
    private final String logLine;

    public JobError(int errno, String function, String logLine) {
        super(logLine != null ? logLine : function + ": errno " + errno);
        this.errno = errno;
        this.function = function;
        this.logLine = logLine;
    }

    public int errno() {
        return errno;
    }

    public String function() {
        return function;
    }

    /** The line to print on stderr before the report, or null. */
    public String logLine() {
        return logLine;
    }
}
