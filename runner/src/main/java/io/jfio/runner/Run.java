package io.jfio.runner;

import java.io.PrintStream;

/** Runs a request: starts the jobs group by group, then writes the reports. */
public final class Run {
    private Run() {
    }

    /** Returns fio's exit status: 0 when every job succeeded. */
    public static int execute(RunRequest request, PrintStream out, PrintStream err) {
        err.println("jfio: running jobs is not implemented yet");
        return 1;
    }
}
