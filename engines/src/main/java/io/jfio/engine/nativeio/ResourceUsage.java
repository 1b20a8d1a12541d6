package io.jfio.engine.nativeio;

import com.kenai.jffi.MemoryIO;

/**
 * getrusage(2) samples for fio's "cpu : usr=, sys=, ctx=, majf=, minf=" line. One instance
 * owns its 144-byte struct rusage (allocated once); {@link #sampleThread()} on a job's thread
 * gives that job's own figures, as fio's thread mode does with RUSAGE_THREAD.
 */
public final class ResourceUsage implements AutoCloseable {
    public static final int RUSAGE_SELF = 0;
    public static final int RUSAGE_THREAD = 1;
    private static final MemoryIO MEM = MemoryIO.getInstance();

    /**
     * getrusage(2) through jffi directly, as SignalDisposition calls signal(2): every job samples
     * it, and a null or --parse-only run needs no other libc call, so binding jnr's LibC (its ASM
     * class generation, 0.2-0.4 s) only for this was most of a small job's start-up.
     */
    private static final class Call {
        static final long GETRUSAGE = com.kenai.jffi.Library.getDefault().getSymbolAddress("getrusage");
        static final com.kenai.jffi.CallContext CTX = com.kenai.jffi.CallContext.getCallContext(
                com.kenai.jffi.Type.SINT32, new com.kenai.jffi.Type[] {com.kenai.jffi.Type.SINT32,
                        com.kenai.jffi.Type.POINTER}, com.kenai.jffi.CallingConvention.DEFAULT, false);
    }

    private final AlignedBuffer rusage = AlignedBuffer.allocate(144, 64);

    /** User and system CPU time in microseconds. */
    public long userMicros;
    public long systemMicros;
    /** Voluntary + involuntary context switches (fio's ctx). */
    public long contextSwitches;
    public long majorFaults;
    public long minorFaults;

    /** Samples the calling thread; false (fields unchanged) if the kernel refused. */
    public boolean sampleThread() {
        return sample(RUSAGE_THREAD);
    }

    /** Samples the whole process. */
    public boolean sampleProcess() {
        return sample(RUSAGE_SELF);
    }

    private boolean sample(int who) {
        long a = rusage.address();
        if (Call.GETRUSAGE == 0
                || (int) com.kenai.jffi.Invoker.getInstance().invokeN2(Call.CTX, Call.GETRUSAGE, who, a) != 0) {
            return false;
        }
        userMicros = MEM.getLong(a) * 1_000_000L + MEM.getLong(a + 8);
        systemMicros = MEM.getLong(a + 16) * 1_000_000L + MEM.getLong(a + 24);
        minorFaults = MEM.getLong(a + 64);
        majorFaults = MEM.getLong(a + 72);
        contextSwitches = MEM.getLong(a + 128) + MEM.getLong(a + 136);
        return true;
    }

    @Override
    public void close() {
        rusage.close();
    }
}
