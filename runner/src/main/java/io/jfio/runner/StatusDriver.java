package io.jfio.runner;

import java.io.PrintStream;

/** Drives the live status line and --status-interval reports while jobs run. */
final class StatusDriver {
    private final RunRequest request;
    private final Run run;
    private final PrintStream terminal;
    private final Reporter reporter;
    private final PrintStream report;

    StatusDriver(RunRequest request, Run run, PrintStream terminal, Reporter reporter, PrintStream report) {
        this.request = request;
        this.run = run;
        this.terminal = terminal;
        this.reporter = reporter;
        this.report = report;
    }

    void tick() {
    }

    void finish() {
    }
}
