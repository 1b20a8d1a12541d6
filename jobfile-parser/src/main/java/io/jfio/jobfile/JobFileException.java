package io.jfio.jobfile;

/**
 * A job file or command line fio would refuse. The message is one line that names the place
 * (file:line) and the option; {@link #exitStatus()} is the status fio exits with.
 */
public final class JobFileException extends Exception {
    private final SourceLocation location;
    private final String option;
    private final int exitStatus;
    private final String showcmdSoFar;

    public JobFileException(SourceLocation location, String option, String message, int exitStatus,
                            String showcmdSoFar) {
        super(message);
        this.location = location;
        this.option = option;
        this.exitStatus = exitStatus;
        this.showcmdSoFar = showcmdSoFar == null ? "" : showcmdSoFar;
    }

    public SourceLocation location() {
        return location;
    }

    /** The option (or line) at fault, or null. */
    public String option() {
        return option;
    }

    public int exitStatus() {
        return exitStatus;
    }

    /** What fio's --showcmd had printed on stdout before it stopped (fio ends the line even on errors). */
    public String showcmdSoFar() {
        return showcmdSoFar;
    }

    /** The line for stderr: "file:line: message". */
    public String line() {
        return location == null ? getMessage() : location + ": " + getMessage();
    }
}
