package io.jfio.engine.nativeio;

import com.kenai.jffi.MemoryIO;

/**
 * clock_gettime(2) on any clock id, in milliseconds, for the options that name one (fio's
 * job_start_clock_id and log_alternate_epoch_clock_id: CLOCK_BOOTTIME, CLOCK_TAI, the CPU-time
 * clocks ... which Java has no call for). Called at a job's epoch, not per I/O. Through jffi
 * directly, as {@link ResourceUsage} calls getrusage.
 */
public final class PosixClock {
    private static final MemoryIO MEM = MemoryIO.getInstance();

    private static final class Call {
        static final long CLOCK_GETTIME = com.kenai.jffi.Library.getDefault().getSymbolAddress("clock_gettime");
        static final com.kenai.jffi.CallContext CTX = com.kenai.jffi.CallContext.getCallContext(
                com.kenai.jffi.Type.SINT32, new com.kenai.jffi.Type[] {com.kenai.jffi.Type.SINT32,
                        com.kenai.jffi.Type.POINTER}, com.kenai.jffi.CallingConvention.DEFAULT, false);
    }

    private PosixClock() {
    }

    /** The clock's time as tv_sec * 1000 + tv_nsec / 1000000, or {@link Long#MIN_VALUE} when the kernel refuses the id. */
    public static long millis(int clockId) {
        if (Call.CLOCK_GETTIME == 0) {
            return Long.MIN_VALUE;
        }
        long ts = MEM.allocateMemory(16, true);
        try {
            if ((int) com.kenai.jffi.Invoker.getInstance().invokeN2(Call.CTX, Call.CLOCK_GETTIME, clockId, ts) != 0) {
                return Long.MIN_VALUE;
            }
            return MEM.getLong(ts) * 1000L + MEM.getLong(ts + 8) / 1_000_000L;
        } finally {
            MEM.freeMemory(ts);
        }
    }
}
