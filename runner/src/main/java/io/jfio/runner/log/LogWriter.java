package io.jfio.runner.log;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * The background thread that drains every open {@link LogStream} to its file (fio writes its
 * logs at the end of the job; draining as the job runs keeps memory bounded and the job thread
 * free of file I/O). One daemon thread for the JVM, started with the first log.
 */
final class LogWriter implements Runnable {
    private static final LogWriter INSTANCE = new LogWriter();
    private final CopyOnWriteArrayList<LogStream> streams = new CopyOnWriteArrayList<>();
    private Thread thread;

    static LogWriter instance() {
        return INSTANCE;
    }

    synchronized void add(LogStream s) {
        streams.add(s);
        if (thread == null) {
            thread = new Thread(this, "jfio-log-writer");
            thread.setDaemon(true);
            thread.start();
        } else {
            LockSupport.unpark(thread);
        }
    }

    void remove(LogStream s) {
        streams.remove(s);
    }

    @Override
    public void run() {
        while (true) {
            if (streams.isEmpty()) {
                LockSupport.parkNanos(50_000_000L);
                continue;
            }
            for (LogStream s : streams) {
                s.drain();
            }
            LockSupport.parkNanos(1_000_000L);
        }
    }
}
