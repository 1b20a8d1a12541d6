package io.jfio.peak;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One submitter's counters as t/io_uring keeps them (done, calls, reaps, I/O errors): written only
 * by the submitter thread, sampled every second by the main thread. Opaque stores and loads: plain
 * moves on x86, no fence in the submit loop, yet never torn or hoisted out of it.
 */
final class PeakCounters {
    private static final VarHandle DONE;
    private static final VarHandle CALLS;
    private static final VarHandle REAPS;
    private static final VarHandle IO_ERRORS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            DONE = l.findVarHandle(PeakCounters.class, "done", long.class);
            CALLS = l.findVarHandle(PeakCounters.class, "calls", long.class);
            REAPS = l.findVarHandle(PeakCounters.class, "reaps", long.class);
            IO_ERRORS = l.findVarHandle(PeakCounters.class, "ioErrors", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") private long done;
    @SuppressWarnings("unused") private long calls;
    @SuppressWarnings("unused") private long reaps;
    @SuppressWarnings("unused") private long ioErrors;

    long done() {
        return (long) DONE.getOpaque(this);
    }

    long calls() {
        return (long) CALLS.getOpaque(this);
    }

    long reaps() {
        return (long) REAPS.getOpaque(this);
    }

    long ioErrors() {
        return (long) IO_ERRORS.getOpaque(this);
    }

    void done(long v) {
        DONE.setOpaque(this, v);
    }

    void calls(long v) {
        CALLS.setOpaque(this, v);
    }

    void reaps(long v) {
        REAPS.setOpaque(this, v);
    }

    /** An -EIO/-ENODATA completion: counted, not fatal (as t/io_uring). */
    void ioError() {
        IO_ERRORS.setOpaque(this, (long) IO_ERRORS.getOpaque(this) + 1);
    }
}
