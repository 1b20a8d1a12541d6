package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * Where I/O buffers live (fio's mem/iomem and iomem_align). jfio allocates one aligned off-heap
 * region, which is fio's default malloc; the other memory types are not honoured.
 */
public record MemOptions(String mem, long iomemAlign) {

    public static MemOptions from(JobSpec spec) {
        String mem = spec.getString("mem");
        if (mem != null && !mem.equals("malloc")) {
            spec.notHonoured("mem");
        }
        return new MemOptions(mem, spec.getLong("iomem_align"));
    }
}
