package io.jfio.multi;

import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.util.ArrayList;
import java.util.List;

/** SIGINT/SIGTERM for a whole multi run: every instance stops, the reports are still written. */
final class SignalHandlers {
    private static final String[] NAMES = {"INT", "TERM"};
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> original = new ArrayList<>();
    private final SignalHandler handler;

    private SignalHandlers(Runnable stop) {
        this.handler = s -> stop.run();
    }

    static SignalHandlers install(Runnable stop) {
        SignalHandlers h = new SignalHandlers(stop);
        for (String n : NAMES) {
            try {
                Signal sig = new Signal(n);
                h.original.add(Signal.handle(sig, h.handler));
                h.signals.add(sig);
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // not available (e.g. -Xrs): runs end on their own
            }
        }
        return h;
    }

    /** Takes the signals back after the instances' runs installed their own. */
    void reinstall() {
        for (Signal s : signals) {
            try {
                Signal.handle(s, handler);
            } catch (IllegalArgumentException e) {
                // leave it
            }
        }
    }

    void restore() {
        for (int i = 0; i < signals.size(); i++) {
            try {
                Signal.handle(signals.get(i), original.get(i));
            } catch (IllegalArgumentException e) {
                // nothing to restore
            }
        }
    }
}
