package io.jfio.engine.nativeio;

import com.kenai.jffi.MemoryIO;

/**
 * sched_setscheduler(2) with SCHED_IDLE for the calling thread (pid 0): the thread then runs only
 * on a CPU nothing else wants, which is what fio's --idle-prof threads measure.
 */
public final class IdleScheduling {
    /** Linux's SCHED_IDLE policy number. */
    public static final int SCHED_IDLE = 5;

    private IdleScheduling() {
    }

    /** @return 0, or the errno */
    public static int setCurrentThread() {
        try (AlignedBuffer param = AlignedBuffer.allocate(64, 64)) {
            MemoryIO.getInstance().putInt(param.address(), 0); // SCHED_IDLE takes priority 0 only
            if (Native.libc().sched_setscheduler(0, SCHED_IDLE, param.address()) != 0) {
                return Native.errno();
            }
            return 0;
        }
    }
}
