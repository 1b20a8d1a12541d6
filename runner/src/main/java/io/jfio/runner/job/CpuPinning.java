package io.jfio.runner.job;

import io.jfio.engine.nativeio.CpuAffinity;
import io.jfio.engine.nativeio.Errno;
import io.jfio.jobfile.options.CpuOptions;
import io.jfio.runner.workload.JobError;

/**
 * cpus_allowed, cpus_allowed_policy and cpumask (fio's fio_setaffinity in backend.c): the CPU set
 * a job thread runs on, one CPU of the set per clone with the split policy.
 */
final class CpuPinning {
    private CpuPinning() {
    }

    /** Pins the calling thread (the job's) to its CPUs; nothing when the job sets none. */
    static void apply(CpuOptions cpu, int cloneIndex, int gtodCpu) throws JobError {
        long[] bits = new long[16];
        java.util.BitSet allowed = cpu.cpusAllowed();
        long mask = cpu.cpumask();
        if (gtodCpu > 0) {
            // fio leaves the gtod_cpu thread's CPU out of the job's mask (a gtod_cpu of 0 stays in)
            if (allowed != null) {
                allowed = (java.util.BitSet) allowed.clone();
                allowed.clear(gtodCpu);
            } else if (gtodCpu < 64) {
                mask &= ~(1L << gtodCpu);
            }
        }
        if (allowed != null && !cpu.cpusAllowed().isEmpty()) {
            if (allowed.length() > 1024) {
                int ncpu = Runtime.getRuntime().availableProcessors();
                throw new JobError(22, "cpus_allowed", "fio: CPU " + allowed.nextSetBit(1024) + " too large (max="
                        + (ncpu - 1) + ")");
            }
            int[] cpus = allowed.stream().toArray();
            if (cpu.split() && cpus.length > 0) {
                // split: each clone gets one CPU of the set, round-robin by clone index.
                int c = cpus[cloneIndex % cpus.length];
                bits[c / 64] |= 1L << (c % 64);
            } else {
                for (int c : cpus) {
                    bits[c / 64] |= 1L << (c % 64);
                }
            }
        } else if (cpu.cpumask() != 0) {
            bits[0] = mask;
        } else {
            return;
        }
        // From the job thread itself: the pin applies to the calling thread only.
        int e = CpuAffinity.pinCurrentThread(java.util.BitSet.valueOf(bits));
        if (e != 0) {
            throw new JobError(e, "cpu_set_affinity", "fio: cpu_set_affinity failed: " + Errno.strerror(e));
        }
    }
}
