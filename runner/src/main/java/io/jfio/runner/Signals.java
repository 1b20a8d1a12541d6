package io.jfio.runner;

import io.jfio.engine.nativeio.SignalDisposition;
import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * SIGINT and SIGTERM as fio's sig_int: they stop the jobs, the run still writes its report with
 * what was done (CBT stops fio with SIGINT and reads the report) and the exit status says so
 * (128, see {@link Run}). The command line installs the handlers for the whole process before it
 * does anything else, re-enabling a SIGINT/SIGTERM ignored by inheritance as fio's sigaction
 * does; a signal that comes before the jobs exist is kept and stops the run as soon as it starts.
 * In-process runs (tests, the API) install them for the run only and restore the JVM's after.
 */
final class Signals {
    /** Receives each signal with how many have arrived so far. */
    interface Listener {
        void signal(int number, int count);
    }

    private static final Object LOCK = new Object();
    private static boolean processWide;
    private static final List<Listener> LISTENERS = new ArrayList<>();
    private static int pending;
    private static int count;

    private Listener listener;
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private Signals() {
    }

    /** Installs the handlers for the life of the process (the command line calls this first). */
    static void installForProcess() {
        synchronized (LOCK) {
            if (!processWide) {
                install();
                processWide = true;
            }
        }
    }

    /**
     * Routes signals to {@code stop} until closed; a signal that arrived before (during start-up
     * or parsing) is delivered at once.
     */
    static Signals attach(Listener stop) {
        Signals s = processWide ? new Signals() : install();
        s.listener = stop;
        int early;
        int n;
        synchronized (LOCK) {
            LISTENERS.add(stop);
            early = pending;
            n = count;
            pending = 0;
        }
        if (early != 0) {
            stop.signal(early, n);
        }
        return s;
    }

    private static Signals install() {
        Signals s = new Signals();
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal sig = new Signal(name);
                SignalHandler handler = Signals::deliver;
                SignalHandler old = Signal.handle(sig, handler);
                if (old == SignalHandler.SIG_IGN && setDefault(sig.getNumber())) {
                    // Ignored by inheritance: the JVM kept SIG_IGN and did not install ours.
                    Signal.handle(sig, handler);
                }
                s.signals.add(sig);
                s.previous.add(old);
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // signal not available here (e.g. -Xrs): the report is still written on normal exit
            }
        }
        return s;
    }

    private static boolean setDefault(int signum) {
        try {
            return SignalDisposition.setDefault(signum);
        } catch (LinkageError | RuntimeException e) {
            return false; // no native access here: the signal stays ignored
        }
    }

    private static void deliver(Signal sig) {
        List<Listener> ls;
        int n;
        synchronized (LOCK) {
            n = ++count;
            ls = List.copyOf(LISTENERS);
            if (ls.isEmpty() && pending == 0) {
                pending = sig.getNumber();
            }
        }
        for (Listener l : ls) {
            l.signal(sig.getNumber(), n);
        }
    }

    /**
     * fio's default SIGPIPE for the command line: output into a pipe whose reader has gone (e.g.
     * {@code | head -1}) ends the process with the signal (status 141), instead of a JVM that
     * writes into the void until the run ends.
     */
    static void defaultSigpipe() {
        // The JVM restores SIG_DFL for SIGPIPE when asked through sun.misc.Signal (HotSpot 17), and
        // that needs no jffi: starting jffi (its library, the JDK's locale data for a String.format
        // in its initialiser) was a quarter of --parse-only's main-thread time. signal(2) through
        // jffi where a JVM refuses.
        try {
            Signal.handle(new Signal("PIPE"), SignalHandler.SIG_DFL);
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            setDefault(13);
        }
    }

    /** Stops routing signals to the run; in-process runs get the JVM's handlers back. */
    void detach() {
        synchronized (LOCK) {
            LISTENERS.remove(listener);
            if (LISTENERS.isEmpty()) {
                count = 0;
            }
        }
        for (int i = 0; i < signals.size(); i++) {
            try {
                Signal.handle(signals.get(i), previous.get(i));
            } catch (IllegalArgumentException e) {
                // nothing to restore
            }
        }
    }
}
