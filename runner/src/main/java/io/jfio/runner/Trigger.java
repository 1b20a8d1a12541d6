package io.jfio.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * fio's {@code --trigger-file}, {@code --trigger-timeout} and {@code --trigger} (backend.c:
 * check_trigger_file, exec_trigger): checked at every tick of the run, a trigger file that
 * exists (it is then removed) or the timeout passing (once, counted in whole seconds from the
 * process start, as fio's time_since_genesis) stops every job, each of which saves its verify
 * state as it ends, and runs the trigger command through the shell, its output going to the
 * run's streams. {@code --trigger-remote} is the command for servers driven with --client.
 *
 * @param file           the trigger file, or null
 * @param timeoutSeconds seconds from the process start, 0 for none
 * @param command        the local trigger command, or null
 */
public record Trigger(String file, long timeoutSeconds, String command) {
    /** No trigger. */
    public static final Trigger NONE = new Trigger(null, 0, null);

    /** The state of one run's trigger: the timeout fires once. */
    final class Watch {
        private boolean timeoutPending = timeoutSeconds > 0;

        /** True when a trigger fired at this tick. */
        boolean due(PrintStream err) {
            if (file != null) {
                Path f = Path.of(file);
                if (Files.exists(f)) {
                    try {
                        Files.delete(f);
                    } catch (IOException e) {
                        err.println("fio: failed to unlink " + file + ": " + e.getMessage());
                    }
                    return true;
                }
            }
            if (timeoutPending && ManagementFactory.getRuntimeMXBean().getUptime() / 1000 >= timeoutSeconds) {
                timeoutPending = false;
                return true;
            }
            return false;
        }
    }

    Watch watch() {
        return new Watch();
    }

    boolean any() {
        return file != null || timeoutSeconds > 0;
    }

    /** fio's exec_trigger: system(cmd), its output on the run's streams. */
    void exec(PrintStream out, PrintStream err) {
        if (command == null || command.isEmpty()) {
            return;
        }
        out.flush();
        try {
            Process p = new ProcessBuilder("/bin/sh", "-c", command).redirectInput(ProcessBuilder.Redirect.INHERIT)
                    .start();
            Thread e = new Thread(() -> copy(p.getErrorStream(), err), "trigger-stderr");
            e.start();
            copy(p.getInputStream(), out);
            p.waitFor();
            e.join();
        } catch (IOException e) {
            err.println("fio: failed executing " + command + " trigger");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void copy(InputStream in, PrintStream to) {
        try (in) {
            in.transferTo(to);
            to.flush();
        } catch (IOException e) {
            // the command's output ended early: nothing to add
        }
    }
}
