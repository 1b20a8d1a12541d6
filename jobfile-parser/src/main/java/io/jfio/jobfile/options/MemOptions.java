package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * Where I/O buffers live and what memory the job holds (fio's memory.c options).
 *
 * @param type          mem/iomem: malloc, shm, shmhuge, mmap, mmapshared or mmaphuge
 * @param mmapFile      the file after {@code mmap:}, {@code mmapshared:} or {@code mmaphuge:}, or null
 * @param iomemAlign    iomem_align/mem_align: fio starts the first buffer this many bytes past a page boundary
 * @param hugePageSize  hugepage-size: shmhuge/mmaphuge round their memory up to it
 * @param lockmem       lockmem: bytes the job maps and mlocks for its life (0: none)
 */
public record MemOptions(Type type, String mmapFile, long iomemAlign, long hugePageSize, long lockmem) {

    /** fio's mem_type choices on Linux. */
    public enum Type { MALLOC, SHM, SHMHUGE, MMAP, MMAPSHARED, MMAPHUGE }

    public static MemOptions from(JobSpec spec) {
        String mem = spec.getString("mem");
        Type type = mem == null ? Type.MALLOC : Type.valueOf(mem.toUpperCase(java.util.Locale.ROOT));
        String postfix = spec.postfix("mem");
        // fio keeps the postfix as a file only for the mmap types (options.c's str_mem_cb)
        String file = type == Type.MMAP || type == Type.MMAPSHARED || type == Type.MMAPHUGE ? postfix : null;
        if (file != null && file.isEmpty()) {
            file = null;
        }
        return new MemOptions(type, file, spec.getLong("iomem_align"), spec.getLong("hugepage-size"),
                spec.getLong("lockmem"));
    }
}
