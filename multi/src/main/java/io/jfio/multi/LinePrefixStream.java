package io.jfio.multi;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Diagnostics of one instance, passed on line by line with its name in front ("[instance-2] ..."). */
final class LinePrefixStream extends OutputStream {
    private final PrintStream target;
    private final String prefix;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    LinePrefixStream(PrintStream target, String prefix) {
        this.target = target;
        this.prefix = prefix;
    }

    static PrintStream of(PrintStream target, String prefix) {
        return new PrintStream(new LinePrefixStream(target, prefix), true, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            emit();
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void flush() {
        // Whole lines only: a partial line waits for its end (or close).
    }

    @Override
    public synchronized void close() {
        if (line.size() > 0) {
            emit();
        }
    }

    private void emit() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        synchronized (target) {
            target.println(prefix + text);
            target.flush();
        }
    }
}
