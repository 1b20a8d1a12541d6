package io.jfio.engine.nativeio;

/**
 * Resets a signal's disposition to the default with signal(2). The JVM does not install a Java
 * handler over an inherited SIG_IGN (a job started with {@code &} from a script ignores SIGINT);
 * fio's sigaction does. SIGPIPE's default (fio dies of it when its output pipe closes) HotSpot 17
 * restores through sun.misc.Signal; this is the fallback for a JVM that refuses.
 */
public final class SignalDisposition {
    private static final long SIG_DFL = 0L;

    /**
     * signal(2) called through jffi, the layer under jnr-ffi, without a jnr binding: this runs at
     * every start-up (also --parse-only), and a jnr LibraryLoader generates its classes with ASM,
     * which class-data sharing cannot archive (ASM's class files predate Java 6): 0.2-0.4 s.
     */
    private static final class Holder {
        static final long SIGNAL = com.kenai.jffi.Library.getDefault().getSymbolAddress("signal");
        static final com.kenai.jffi.CallContext CTX = com.kenai.jffi.CallContext.getCallContext(
                com.kenai.jffi.Type.POINTER, new com.kenai.jffi.Type[] {com.kenai.jffi.Type.SINT32,
                        com.kenai.jffi.Type.POINTER}, com.kenai.jffi.CallingConvention.DEFAULT, false);
    }

    private SignalDisposition() {
    }

    /** Sets {@code signum} to SIG_DFL; false when libc refused. */
    public static boolean setDefault(int signum) {
        if (Holder.SIGNAL == 0) {
            return false;
        }
        return com.kenai.jffi.Invoker.getInstance().invokeN2(Holder.CTX, Holder.SIGNAL, signum, SIG_DFL) != -1L;
    }
}
