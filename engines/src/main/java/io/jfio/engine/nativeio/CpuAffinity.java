package io.jfio.engine.nativeio;

import java.util.BitSet;

import com.kenai.jffi.MemoryIO;

/**
 * sched_setaffinity(2) for cpus_allowed/cpumask. Must be called from the thread to pin: pid 0
 * means the calling thread only, which is what a job running as a Java thread needs.
 */
public final class CpuAffinity {
    /** cpu_set_t of glibc: 1024 CPUs. */
    public static final int CPU_SET_BYTES = 128;

    private CpuAffinity() {
    }

    /**
     * Restricts the calling thread to {@code cpus}.
     *
     * @return 0, or the errno (EINVAL when none of the CPUs is online)
     */
    public static int pinCurrentThread(BitSet cpus) {
        try (AlignedBuffer mask = AlignedBuffer.allocate(CPU_SET_BYTES, 64)) {
            MemoryIO mem = MemoryIO.getInstance();
            for (int cpu = cpus.nextSetBit(0); cpu >= 0 && cpu < CPU_SET_BYTES * 8; cpu = cpus.nextSetBit(cpu + 1)) {
                long at = mask.address() + cpu / 8;
                mem.putByte(at, (byte) (mem.getByte(at) | (1 << (cpu % 8))));
            }
            if (Native.libc().sched_setaffinity(0, CPU_SET_BYTES, mask.address()) != 0) {
                return Native.errno();
            }
            return 0;
        }
    }

    /** The CPU the calling thread runs on now. */
    public static int currentCpu() {
        return Native.libc().sched_getcpu();
    }
}
