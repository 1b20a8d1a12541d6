package io.jfio.runner.workload;

/**
 * A failure that ends a job the way fio reports it: an errno and the function fio names in
 * {@code err=N (file:..., func=..., error=...)}, plus an optional message line fio logs first.
 */
public final class JobError extends Exception {
    private final int errno;
    private final String function;
    private final String logLine;
    private final boolean refused;

    public JobError(int errno, String function, String logLine) {
        this(errno, function, logLine, false);
    }

    private JobError(int errno, String function, String logLine, boolean refused) {
        super(logLine != null ? logLine : function + ": errno " + errno);
        this.errno = errno;
        this.function = function;
        this.logLine = logLine;
        this.refused = refused;
    }

    /**
     * fio's setup_files refused the job without an error code: the message only, no report line
     * for the error, and the job still counts in fio's exit status.
     */
    public static JobError refused(String function, String logLine) {
        return new JobError(0, function, logLine, true);
    }

    /** The run was stopped while the job set up (fio's td->terminate): it ends without an error or a line. */
    public static JobError stopped() {
        return new JobError(0, null, null, false);
    }

    /** See {@link #refused}. */
    public boolean isRefused() {
        return refused;
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
