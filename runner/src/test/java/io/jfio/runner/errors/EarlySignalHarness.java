package io.jfio.runner.errors;

import io.jfio.runner.Run;
import io.jfio.runner.cli.Main;

/**
 * A child JVM for SignalsIT: installs the command line's handlers, sends itself SIGINT before
 * any job exists (as a Ctrl-C during start-up or parsing would), then runs the command line.
 */
public final class EarlySignalHarness {
    private EarlySignalHarness() {
    }

    public static void main(String[] args) throws Exception {
        Run.installSignalHandlers();
        new ProcessBuilder("kill", "-INT", Long.toString(ProcessHandle.current().pid())).start().waitFor();
        Thread.sleep(300);
        System.exit(Main.run(args));
    }
}
