package io.jfio.runner.workload;

/** A job whose I/O pattern cannot be set up; the message is the one line shown to the user. */
public final class WorkloadException extends Exception {
    private static final long serialVersionUID = 1L;

    private final boolean setupFiles;

    public WorkloadException(String message) {
        this(message, false);
    }

    private WorkloadException(String message, boolean setupFiles) {
        super(message);
        this.setupFiles = setupFiles;
    }

    /**
     * A refusal of fio's setup_files that sets no error code: fio prints the message, never runs
     * the job and counts it in its exit status (run_threads' reap path).
     */
    static WorkloadException setupFiles(String message) {
        return new WorkloadException(message, true);
    }

    /** See {@link #setupFiles}. */
    public boolean isSetupFiles() {
        return setupFiles;
    }
}
