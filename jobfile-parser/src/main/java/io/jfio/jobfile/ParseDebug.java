package io.jfio.jobfile;

import java.io.PrintStream;

/**
 * fio's {@code --debug=parse} (its FD_PARSE debug type): lines the option parser prints as it
 * handles a value, each {@code parse}, fio's process id and the text, in fio's column widths.
 * jfio prints the lines of the option callbacks it has (the steadystate threshold), not fio's
 * per-option handle_option trace.
 */
public final class ParseDebug {
    private static volatile PrintStream sink;

    private ParseDebug() {
    }

    /** Turns the lines on, to {@code out} (fio writes them where its log_info goes: stdout). */
    public static void enable(PrintStream out) {
        sink = out;
    }

    public static void disable() {
        sink = null;
    }

    /** Runs {@code r} with the lines off (the option defaults). */
    static void quiet(Runnable r) {
        PrintStream s = sink;
        sink = null;
        try {
            r.run();
        } finally {
            sink = s;
        }
    }

    static void line(String text) {
        PrintStream s = sink;
        if (s != null) {
            s.printf("%-8s %-5d %s%n", "parse", ProcessHandle.current().pid(), text);
        }
    }
}
