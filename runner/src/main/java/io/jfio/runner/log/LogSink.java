package io.jfio.runner.log;

import java.io.IOException;

/** Turns drained log entries (fixed-width rows of longs) into a file's bytes. Runs off the job thread. */
interface LogSink {
    void write(long[] entries, int count, int width) throws IOException;

    void close() throws IOException;
}
