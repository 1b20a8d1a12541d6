package io.jfio.runner.job;

/**
 * What other threads may see of a running job: its {@link RunState} for the status line and the
 * stop request.
 */
public final class JobState {
    private volatile RunState runState = RunState.PENDING;
    private volatile boolean terminate;
    private volatile int openFiles;
    /** fio's state name and pid as --debug=process last printed them (ProcessDebug). */
    volatile String fioState = "NOT_CREATED";
    volatile String fioSavedState;
    volatile long fioPid;
    volatile boolean fioHeld;
    /** --profile=act's latency slices of this job (its thread only), or null. */
    private ActProfile.Slices actSlices;

    public RunState runState() {
        return runState;
    }

    public void setRunState(RunState s) {
        runState = s;
        ProcessDebug.runState(this, s);
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

    ActProfile.Slices actSlices() {
        return actSlices;
    }

    void setActSlices(ActProfile.Slices s) {
        actSlices = s;
    }
}
