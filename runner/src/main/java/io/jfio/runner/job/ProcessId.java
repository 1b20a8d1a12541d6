package io.jfio.runner.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's id, as fio prints it (pid= in the report, --debug lines). Read from the
 * /proc/self link: ProcessHandle.current()'s first call initialises the JDK's process reaper
 * and reads the process's start time, 5-6 ms at the end of every run for one number.
 */
public final class ProcessId {
    private ProcessId() {
    }

    private static final class Holder {
        static final long PID = read();

        private Holder() {
        }
    }

    public static long current() {
        return Holder.PID;
    }

    private static long read() {
        try {
            return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/self")).toString());
        } catch (IOException | NumberFormatException | UnsupportedOperationException e) {
            return ProcessHandle.current().pid();
        }
    }
}
