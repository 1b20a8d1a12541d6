package io.jfio.runner.workload;

/** A job whose I/O pattern cannot be set up; the message is the one line shown to the user. */
public final class WorkloadException extends Exception {
    private static final long serialVersionUID = 1L;

    public WorkloadException(String message) {
        super(message);
    }
}
