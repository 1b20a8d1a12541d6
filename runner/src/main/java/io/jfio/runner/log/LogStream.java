package io.jfio.runner.log;

import java.io.IOException;

/**
 * One log's entries on their way to disk, after fio's log chunks: the job thread fills a
 * preallocated primitive chunk ({@link #next()} gives the row's first index in {@link #chunk()}),
 * a full chunk goes to the {@link LogWriter} thread through a lock-free ring, and comes back
 * empty for reuse. Nothing is allocated per entry or per chunk: when the writer has fallen a
 * whole pool behind, the job thread writes the chunks out itself (back-pressure, not growth).
 */
public final class LogStream {
    private final int width;
    private final int capacity;
    private final ChunkRing full;
    private final ChunkRing free;
    private final LogSink sink;
    private long[] cur;
    private int n;
    private boolean closed;
    private IOException failure;
    /** Times the job thread wrote chunks out itself because the writer had fallen a pool behind. */
    private volatile long selfDrains;

    LogStream(int width, int entriesPerChunk, int poolChunks, LogSink sink) {
        this.width = width;
        this.capacity = Math.max(1, entriesPerChunk);
        this.full = new ChunkRing(poolChunks * 2);
        this.free = new ChunkRing(poolChunks * 2);
        this.sink = sink;
        this.cur = new long[capacity * width];
        for (int i = 1; i < poolChunks; i++) {
            free.offer(new long[capacity * width], 0);
        }
    }

    /** Reserves the next row and returns its first index into {@link #chunk()} (read it after this call). */
    public int next() {
        if (n == capacity) {
            rotate();
        }
        return n++ * width;
    }

    public long[] chunk() {
        return cur;
    }

    private void rotate() {
        while (!full.offer(cur, n)) {
            drain();
        }
        long[] c = free.poll();
        if (c == null) {
            // The writer is a whole pool behind (a starved CPU): write out here instead of growing
            // the heap, so memory stays bounded whatever the log's length.
            drain();
            selfDrains++;
            c = free.poll();
            if (c == null) {
                c = new long[capacity * width];
            }
        }
        cur = c;
        n = 0;
    }

    /** Writes every full chunk; called by the writer thread, and by the job thread at close. */
    synchronized void drain() {
        long[] c;
        while ((c = full.poll()) != null) {
            int count = full.polledCount();
            if (failure == null) {
                try {
                    sink.write(c, count, width);
                } catch (IOException e) {
                    failure = e;
                }
            }
            free.offer(c, 0);
        }
    }

    /** Hands over the last partial chunk, writes everything and closes the file; null or the first write error. */
    public synchronized IOException close() {
        if (closed) {
            return failure;
        }
        closed = true;
        LogWriter.instance().remove(this);
        if (n > 0) {
            while (!full.offer(cur, n)) {
                drain();
            }
            n = 0;
        }
        drain();
        try {
            sink.close();
        } catch (IOException e) {
            if (failure == null) {
                failure = e;
            }
        }
        return failure;
    }

    public long selfDrains() {
        return selfDrains;
    }
}
