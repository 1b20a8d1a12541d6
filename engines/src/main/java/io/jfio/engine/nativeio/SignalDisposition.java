package io.jfio.engine.nativeio;

import jnr.ffi.LibraryLoader;

/**
 * Resets a signal's disposition to the default with signal(2). The JVM neither installs a Java
 * handler over an inherited SIG_IGN (a job started with {@code &} from a script ignores SIGINT)
 * nor lets Java restore SIGPIPE's default; fio's sigaction does the first, and fio dies of the
 * second when its output pipe closes.
 */
public final class SignalDisposition {
    private static final long SIG_DFL = 0L;

    /** The one libc call this needs: its own tiny binding, so loading it costs little at start-up. */
    public interface Calls {
        long signal(int signum, long handler);
    }

    private static final class Holder {
        static final Calls C = LibraryLoader.create(Calls.class).load("c");
    }

    private SignalDisposition() {
    }

    /** Sets {@code signum} to SIG_DFL; false when libc refused. */
    public static boolean setDefault(int signum) {
        return Holder.C.signal(signum, SIG_DFL) != -1L;
    }
}
