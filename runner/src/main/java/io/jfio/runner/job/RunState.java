package io.jfio.runner.job;

/**
 * A job's run state as fio's status line shows it, one letter each (fio's eta.c): running jobs
 * show R/r W/w M/m D/d by direction, which the status line derives from {@link #RUNNING}.
 */
public enum RunState {
    /** Not yet started. */
    PENDING('P'),
    SETUP('I'),
    RAMP('/'),
    RUNNING('R'),
    /** fio's verify read-back pass (TD_VERIFYING). */
    VERIFYING('V'),
    FSYNCING('F'),
    FINISHING('f'),
    EXITED('E'),
    REAPED('_'),
    REAPED_ERROR('X');

    /** The status-line letter. */
    public final char letter;

    RunState(char letter) {
        this.letter = letter;
    }

    /** Between start and exit: counted as running in the status line. */
    public boolean running() {
        return this != PENDING && this != EXITED && this != REAPED && this != REAPED_ERROR;
    }
}
