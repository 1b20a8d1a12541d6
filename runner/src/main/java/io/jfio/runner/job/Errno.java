package io.jfio.runner.job;

import io.jfio.engine.nativeio.Native;

/** errno texts as glibc's strerror gives them (fio prints those). */
public final class Errno {
    private Errno() {
    }

    public static String describe(int errno) {
        try {
            String s = Native.libc().strerror(errno);
            return s == null ? "Unknown error " + errno : s;
        } catch (RuntimeException | LinkageError e) {
            return "Unknown error " + errno;
        }
    }
}
