package io.jfio.runner.job;

/**
 * What other threads may see of a running job: its run-state letter for the status line (fio's
 * runstate characters, spec/output-format.md 6.2) and the stop request.
 */
public final class JobState {
    /** Not yet started. */
    public static final char PENDING = 'P';
    public static final char SETUP = 'I';
    public static final char RAMP = '/';
    public static final char FSYNCING = 'F';
    public static final char FINISHING = 'f';
    public static final char EXITED = 'E';
    public static final char REAPED = '_';
    public static final char REAPED_ERROR = 'X';

    private volatile char runState = PENDING;
    private volatile boolean terminate;
    private volatile int openFiles;

    public char runState() {
        return runState;
    }

    public void setRunState(char c) {
        runState = c;
    }

    /** Asks the job to stop issuing I/O (Ctrl-C, exitall, runtime of another job). */
    public void terminate() {
        terminate = true;
    }

    public boolean terminated() {
        return terminate;
    }

    public int openFiles() {
        return openFiles;
    }

    public void setOpenFiles(int n) {
        openFiles = n;
    }
}
