package io.jfio.engine.nullio;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;

/**
 * fio's null engine: no I/O, no files; every unit succeeds with its full length. With iodepth=1
 * it is a synchronous engine (queue completes). With iodepth &gt; 1 it behaves like an async
 * engine: queue() collects units, commit() stamps their issue time and turns them into events,
 * getEvents(min &gt; 0, ...) hands all of them over (getEvents(0, ...) returns none, as fio's),
 * and queue() answers BUSY while events are waiting to be reaped.
 */
public final class NullEngine implements IoEngine {
    private Set<EngineFlag> flags = EnumSet.of(EngineFlag.DISK_LESS);
    private boolean sync = true;
    private IoUnit[] queued = new IoUnit[0];
    private IoUnit[] ready = new IoUnit[0];
    private int queuedCount;
    private int events;

    @Override
    public String name() {
        return "null";
    }

    /** DISK_LESS always; SYNC_IO at iodepth=1, SETS_ISSUE_TIME above (valid after init). */
    @Override
    public Set<EngineFlag> flags() {
        return flags;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        EngineOptions.none(ctx.engineOptions());
        sync = ctx.iodepth() == 1;
        if (sync) {
            flags = EnumSet.of(EngineFlag.DISK_LESS, EngineFlag.SYNC_IO);
        } else {
            flags = EnumSet.of(EngineFlag.DISK_LESS, EngineFlag.SETS_ISSUE_TIME);
            int units = ctx.ioUnits() == null ? 0 : ctx.ioUnits().size();
            int n = Math.max(ctx.iodepth(), units);
            queued = new IoUnit[n];
            ready = new IoUnit[n];
        }
    }

    @Override
    public void openFile(IoFile file, int openFlags) {
        // nothing to open: the null engine never touches files
    }

    @Override
    public void closeFile(IoFile file) {
    }

    @Override
    public QueueStatus queue(IoUnit unit) {
        if (sync) {
            unit.complete(unit.length);
            return QueueStatus.COMPLETED;
        }
        if (events != 0 || queuedCount == queued.length) {
            return QueueStatus.BUSY;
        }
        queued[queuedCount++] = unit;
        return QueueStatus.QUEUED;
    }

    @Override
    public int commit() {
        if (events != 0 || queuedCount == 0) {
            return 0;
        }
        long now = System.nanoTime();
        for (int i = 0; i < queuedCount; i++) {
            IoUnit u = queued[i];
            u.issueTimeNanos = now;
            u.complete(u.length);
            ready[i] = u;
        }
        int n = queuedCount;
        events = n;
        queuedCount = 0;
        return n;
    }

    @Override
    public int getEvents(int min, int max, long timeoutNanos) {
        if (min == 0) {
            return 0;
        }
        int n = events;
        events = 0;
        return n;
    }

    @Override
    public IoUnit event(int i) {
        return ready[i];
    }

    /** It opens no file. */
    @Override
    public boolean sharesOpenFiles() {
        return true;
    }

    @Override
    public void cleanup() {
        queuedCount = 0;
        events = 0;
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("no I/O: every unit completes at once (for measuring jfio itself)", NullEngine::new);
        }
    }
}
