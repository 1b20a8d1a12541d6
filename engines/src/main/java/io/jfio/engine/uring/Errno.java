package io.jfio.engine.uring;

import io.jfio.engine.nativeio.Native;

/** The errno values the async engines branch on, and "ENAME (strerror)" for messages. */
public final class Errno {
    private Errno() {
    }

    public static final int EPERM = 1;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EFAULT = 14;
    public static final int EBUSY = 16;
    public static final int EEXIST = 17;
    public static final int EINVAL = 22;
    public static final int ENOSYS = 38;
    public static final int ETIME = 62;
    public static final int EOPNOTSUPP = 95;

    public static String describe(int errno) {
        return "error=" + Native.libc().strerror(errno) + " (errno " + errno + ")";
    }
}
