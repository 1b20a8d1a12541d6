package io.jfio.runner.support;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineOption;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;

import java.util.List;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * An engine that hands every call to a real one, for test probes that watch or delay a few of
 * them: every hook is forwarded (the defaults too), so a probe changes only what it overrides and
 * the job sees the real engine's flags, priorities, drops and end.
 */
public abstract class ForwardingEngine implements IoEngine {
    protected final IoEngine inner;

    protected ForwardingEngine(IoEngine inner) {
        this.inner = inner;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public Set<EngineFlag> flags() {
        return inner.flags();
    }

    @Override
    public List<EngineOption> options() {
        return inner.options();
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        inner.init(ctx);
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws EngineException {
        inner.openFile(file, openFlags);
    }

    @Override
    public void closeFile(IoFile file) throws EngineException {
        inner.closeFile(file);
    }

    @Override
    public QueueStatus queue(IoUnit unit) {
        return inner.queue(unit);
    }

    @Override
    public int commit() throws EngineException {
        return inner.commit();
    }

    @Override
    public int getEvents(int min, int max, long timeoutNanos) throws EngineException {
        return inner.getEvents(min, max, timeoutNanos);
    }

    @Override
    public IoUnit event(int i) {
        return inner.event(i);
    }

    @Override
    public String errorHint(int errno) {
        return inner.errorHint(errno);
    }

    @Override
    public long fileSize(IoFile file) throws EngineException {
        return inner.fileSize(file);
    }

    @Override
    public String errorDetails(IoUnit unit) {
        return inner.errorDetails(unit);
    }

    @Override
    public boolean deviceError(IoUnit unit) {
        return inner.deviceError(unit);
    }

    @Override
    public void drainOpLatencies(LongConsumer sink) {
        inner.drainOpLatencies(sink);
    }

    @Override
    public int[] clatPrios(int ddir) {
        return inner.clatPrios(ddir);
    }

    @Override
    public long droppedIos(int ddir) {
        return inner.droppedIos(ddir);
    }

    @Override
    public boolean finished() {
        return inner.finished();
    }

    @Override
    public void cleanup() {
        inner.cleanup();
    }
}
