package io.jfio.jobfile;

import java.io.PrintStream;
import java.util.List;

/**
 * fio's {@code --debug=TYPE[,TYPE]} (debug.h, init.c: set_debug): which debug types are on, and
 * the line every debug message becomes, the type's name padded to 8 columns, the process id
 * padded to 5 and the message, written where fio's log_info writes (the report's stream).
 * A message site checks {@link #on(Type)} first, so with the type off nothing is formatted or
 * allocated; the check is one volatile read.
 */
public final class FioDebug {
    /** fio's debug types, in fio's order (its FD_* enum), with fio's names. */
    public enum Type {
        PROCESS("process"), FILE("file"), IO("io"), MEM("mem"), BLKTRACE("blktrace"), VERIFY("verify"),
        RANDOM("random"), PARSE("parse"), DISKUTIL("diskutil"), JOB("job"), MUTEX("mutex"), PROFILE("profile"),
        TIME("time"), NET("net"), RATE("rate"), COMPRESS("compress"), STEADYSTATE("steadystate"),
        HELPERTHREAD("helperthread"), ZBD("zbd"), SPRANDOM("sprandom");

        public final String fioName;
        final long bit;

        Type(String fioName) {
            this.fioName = fioName;
            this.bit = 1L << ordinal();
        }
    }

    /**
     * The types jfio prints lines for; the others are accepted as fio accepts them and said to
     * print nothing (their lines describe fio's own machinery, which jfio does not have).
     */
    public static final List<Type> PRINTED = List.of(Type.PROCESS, Type.FILE, Type.IO, Type.MEM, Type.BLKTRACE,
            Type.VERIFY, Type.RANDOM, Type.PARSE, Type.DISKUTIL, Type.PROFILE, Type.RATE, Type.COMPRESS,
            Type.STEADYSTATE, Type.HELPERTHREAD, Type.ZBD, Type.SPRANDOM);

    /** Why a type fio prints lines for has none in jfio. */
    private static String whyNone(Type t) {
        return switch (t) {
            case MUTEX -> "its lines are fio's start-up semaphores between its main thread, its helper thread and"
                    + " each job process, which jfio's threads do not have";
            case TIME -> "its lines are fio's calibration of the CPU's cycle counter, which jfio, timing with the"
                    + " monotonic clock, does not do";
            default -> "jfio has no such machinery";
        };
    }

    /**
     * The types fio 3.42 itself prints nothing for in a run on this machine, so jfio printing
     * nothing is the same: {@code net}'s lines are all fio's client/server protocol's (client.c,
     * server.c; its net engine prints none), which jfio's client and server modes say they do not
     * print; {@code job} has no message site in fio (it only picks a job with job:N).
     */
    public static final List<Type> NONE_IN_FIO = List.of(Type.NET, Type.JOB);

    private static volatile long mask;
    private static volatile PrintStream sink;

    private FioDebug() {
    }

    /** Whether messages of type {@code t} are printed. */
    public static boolean on(Type t) {
        return (mask & t.bit) != 0;
    }

    /** Prints one message of type {@code t} (the caller checked {@link #on(Type)}). */
    public static void line(Type t, String message) {
        PrintStream s = sink;
        if (s != null && on(t)) {
            s.print(text(t, message));
        }
    }

    /**
     * One message of type {@code t} as the text of its line, for lines that join others before
     * they are printed (the caller checked {@link #on(Type)}).
     */
    public static String text(Type t, String message) {
        // fio's "%-8s %-5d %s" by hand: a formatter per line costs more than the I/O it describes
        StringBuilder b = new StringBuilder(16 + message.length());
        b.append(t.fioName);
        pad(b, 0, 8);
        int at = b.append(' ').length();
        b.append(Pid.VALUE);
        pad(b, at, 5);
        return b.append(' ').append(message).append(System.lineSeparator()).toString();
    }

    /** Left-justifies what was appended from {@code from} in {@code width} columns, as printf's %-Ns. */
    private static void pad(StringBuilder b, int from, int width) {
        while (b.length() - from < width) {
            b.append(' ');
        }
    }

    /** Read at the first line, not at start-up (most runs print none). */
    private static final class Pid {
        static final long VALUE = ProcessHandle.current().pid();
    }

    /** Where the lines go from now on (fio: its output, which --output redirects). */
    public static void redirect(PrintStream out) {
        if (sink != null) {
            sink = out;
        }
    }

    /**
     * The lines fio's exit prints (its destructors, after the report): profile.c's unregister of
     * each built-in profile.
     */
    public static void exit() {
        if (on(Type.PROFILE)) {
            for (String p : List.of("act", "tiobench")) {
                line(Type.PROFILE, "unregister profile '" + p + "'");
            }
        }
        PrintStream s = sink;
        if (s != null) {
            s.flush();
        }
    }

    /** Every type off (the state before a command line). */
    public static void reset() {
        mask = 0;
        sink = null;
    }

    /** Runs {@code r} with every type off (the option defaults fio parses before a job's own). */
    static void quiet(Runnable r) {
        long m = mask;
        mask = 0;
        try {
            r.run();
        } finally {
            mask = m;
        }
    }

    /**
     * fio's set_debug for one {@code --debug} value: turns types on and prints what fio prints
     * (to {@code out}; unknown types to {@code err}). True when the value asked for the list
     * ({@code ?} or {@code help}), after which fio exits with status 0.
     */
    public static boolean set(String value, PrintStream out, PrintStream err) {
        if (value == null) {
            return false;
        }
        if (value.equals("?") || value.equals("help")) {
            StringBuilder sb = new StringBuilder("fio: dumping debug options:");
            for (Type t : Type.values()) {
                sb.append(t.fioName).append(',');
            }
            out.println(sb.append("all"));
            return true;
        }
        sink = out;
        long m = mask;
        for (String opt : value.split(",", -1)) {
            if (opt.startsWith("all")) {
                out.println("fio: set all debug options");
                m = ~0L;
                continue;
            }
            Type found = null;
            for (Type t : Type.values()) {
                // fio compares the type's length only: "iox" is io
                if (opt.startsWith(t.fioName)) {
                    found = t;
                    break;
                }
            }
            if (found == null) {
                err.println("fio: debug mask " + opt + " not found");
            } else if (found == Type.JOB) {
                // job:N picks the job whose lines fio prints; jfio's jobs share one process
                int colon = opt.indexOf(':');
                if (colon < 0) {
                    err.println("fio: missing job number");
                } else {
                    out.println("fio: set debug jobno " + atoi(opt.substring(colon + 1)));
                    err.println("fio: warning: --debug=job:N is not supported by jfio (its jobs are threads of"
                            + " one process); the lines of every job are printed");
                }
            } else {
                out.println("fio: set debug option " + opt);
                if (!PRINTED.contains(found) && !NONE_IN_FIO.contains(found)) {
                    err.println("fio: warning: --debug=" + found.fioName + " prints no lines in jfio: "
                            + whyNone(found) + " (it has lines for "
                            + String.join(",", PRINTED.stream().map(t -> t.fioName).toList()) + ")");
                }
                m |= found.bit;
            }
        }
        mask = m;
        return false;
    }

    /** C's atoi: the leading digits, 0 without. */
    private static int atoi(String s) {
        int i = 0;
        long v = 0;
        boolean neg = false;
        if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            neg = s.charAt(i++) == '-';
        }
        while (i < s.length() && Character.isDigit(s.charAt(i)) && v < Integer.MAX_VALUE) {
            v = v * 10 + (s.charAt(i++) - '0');
        }
        return (int) (neg ? -v : v);
    }
}
