package io.jfio.runner;

import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.util.ArrayList;
import java.util.List;

/**
 * Ctrl-C (SIGINT) and SIGTERM stop the jobs; the run then finishes normally and writes the report
 * with what was done (CBT stops fio with SIGINT and still reads the report). The JVM's own
 * handlers are put back when the run ends.
 */
final class Signals implements AutoCloseable {
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private Signals() {
    }

    /** Installs handlers that call {@code stop} with the signal number. */
    static Signals install(java.util.function.IntConsumer stop) {
        Signals s = new Signals();
        java.util.concurrent.atomic.AtomicInteger count = new java.util.concurrent.atomic.AtomicInteger();
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal sig = new Signal(name);
                SignalHandler old = Signal.handle(sig, x -> {
                    if (count.incrementAndGet() >= 3) {
                        // Jobs stuck in I/O that never returns: a third signal ends the process.
                        Runtime.getRuntime().halt(128 + x.getNumber());
                    }
                    stop.accept(x.getNumber());
                });
                s.signals.add(sig);
                s.previous.add(old);
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // signal not available here (e.g. -Xrs): the report is still written on normal exit
            }
        }
        return s;
    }

    @Override
    public void close() {
        for (int i = 0; i < signals.size(); i++) {
            try {
                Signal.handle(signals.get(i), previous.get(i));
            } catch (IllegalArgumentException e) {
                // nothing to restore
            }
        }
    }
}
