package io.jfio.engine.nativeio;

/**
 * ioprio_set(2) for fio's prio/prioclass/priohint. glibc has no wrapper, so this is the raw
 * syscall, as fio's os-linux.h does. IOPRIO_WHO_PROCESS with who 0 is the calling thread, which
 * is what a job running as a Java thread needs.
 */
public final class IoPriority {
    private static final long SYS_IOPRIO_SET = "aarch64".equals(System.getProperty("os.arch")) ? 30 : 251;
    private static final int IOPRIO_WHO_PROCESS = 1;
    private static final int IOPRIO_CLASS_SHIFT = 13;
    private static final int IOPRIO_HINT_SHIFT = 3;
    private static final int IOPRIO_CLASS_BE = 2;

    private IoPriority() {
    }

    /** The ioprio value as fio's ioprio_value builds it: no class (0) means best-effort. */
    public static int value(int ioprioClass, int level, int hint) {
        int c = ioprioClass == 0 ? IOPRIO_CLASS_BE : ioprioClass;
        return (c << IOPRIO_CLASS_SHIFT) | (hint << IOPRIO_HINT_SHIFT) | level;
    }

    /** Sets the calling thread's I/O priority; 0, or the errno. */
    public static int setCurrentThread(int ioprio) {
        if (Native.libc().syscall(SYS_IOPRIO_SET, IOPRIO_WHO_PROCESS, 0, ioprio, 0, 0) != 0) {
            return Native.errno();
        }
        return 0;
    }
}
