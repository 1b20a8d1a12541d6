package io.jfio.engine.nativeio;

import java.io.IOException;

/** A system call that failed: which one and its errno, so callers can report it as fio does. */
public final class SyscallException extends IOException {
    private final String call;
    private final int errno;

    public SyscallException(String call, int errno) {
        super(call + ": " + Errno.strerror(errno) + " (errno " + errno + ")");
        this.call = call;
        this.errno = errno;
    }

    /** The call's name as fio's td_verror names it ("open", "ioctl"). */
    public String call() {
        return call;
    }

    public int errno() {
        return errno;
    }
}
