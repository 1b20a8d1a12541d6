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

    static Signals install(Runnable stop) {
        Signals s = new Signals();
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal sig = new Signal(name);
                SignalHandler old = Signal.handle(sig, x -> stop.run());
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
