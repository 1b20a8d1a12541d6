package io.jfio.engine.nativeio;

import jnr.ffi.LastError;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Runtime;

/** The one place that loads libc through jnr-ffi. */
public final class Native {
    static {
        // Must happen before the first LibraryLoader.load(): with the asm stubs on, a method with
        // six primitive parameters receives garbage in the sixth (jnr-ffi #181).
        System.setProperty("jnr.ffi.x86asm.enabled", "false");
    }

    /**
     * glibc's soname: dlopen finds it at once, where jnr-ffi's short name "c" first fails to open
     * and then lists and regex-matches the library directories (3-5 ms of every start).
     */
    static final String LIBC_SONAME = "libc.so.6";

    private static final class Holder {
        static final LibC LIBC = LibraryLoader.create(LibC.class).load(LIBC_SONAME);
        static final Runtime RUNTIME = Runtime.getRuntime(LIBC);
    }

    private Native() {
    }

    public static LibC libc() {
        return Holder.LIBC;
    }

    public static Runtime runtime() {
        return Holder.RUNTIME;
    }

    /** errno of the last failed call on this thread; read it right after the call. */
    public static int errno() {
        return LastError.getLastError(Holder.RUNTIME);
    }

    /** Sets errno, for an engine that fails a unit on a condition no call reported (fio's td_verror). */
    public static void setErrno(int errno) {
        LastError.setLastError(Holder.RUNTIME, errno);
    }
}
