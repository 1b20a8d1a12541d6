package io.jfio.runner.job;

import io.jfio.engine.IoBuffers;
import io.jfio.jobfile.FioDebug;
import io.jfio.jobfile.options.MemOptions;

/**
 * fio's {@code --debug=mem} lines (backend.c: init_io_u and init_io_u_buffers, memory.c): the
 * io_u allocations, the size fio computes for the buffers, the call of the mem= type and its
 * release, and lockmem's pin. Each unit stands for fio's io_u and prints its buffer address (as
 * {@link IoDebug} does). fio's buffer size is computed as fio computes it (iodepth times the
 * largest block, plus the alignment slack of direct=1 and iomem_align), not jfio's own region,
 * which aligns each unit. shm's segment id is not known to jfio: it prints -1.
 */
final class MemDebug {
    private static final long PAGE_MASK = 4095;

    private MemDebug() {
    }

    private static boolean on() {
        return FioDebug.on(FioDebug.Type.MEM);
    }

    private static void line(String s) {
        FioDebug.line(FioDebug.Type.MEM, s);
    }

    static void pin(long bytes, boolean pinning) {
        if (on()) {
            line((pinning ? "pinning " : "unpinning ") + bytes + " bytes");
        }
    }

    /** The size fio's allocate_io_mem asks for (its "Alloc N for buffers"). */
    static long totalMem(MemOptions mem, int iodepth, long maxBs, boolean direct) {
        long memAlign = mem.iomemAlign();
        long size = maxBs * iodepth;
        if (direct || memAlign != 0) {
            size += PAGE_MASK + memAlign;
        }
        if (mem.type() == MemOptions.Type.SHMHUGE || mem.type() == MemOptions.Type.MMAPHUGE) {
            long huge = mem.hugePageSize();
            size = (size + huge - 1) & ~(huge - 1);
        }
        long total = size;
        if (direct || memAlign != 0) {
            total += PAGE_MASK;
            if (memAlign > PAGE_MASK + 1) {
                total += memAlign - (PAGE_MASK + 1);
            }
        }
        return total;
    }

    /** init_io_u's io_u allocations, before the buffers. */
    static void units(IoBuffers b) {
        if (on()) {
            for (int i = 0; i < b.units().size(); i++) {
                line(String.format("io_u alloc 0x%x, index %d", b.unit(i).bufferAddress, i));
            }
        }
    }

    /** allocate_io_mem and init_io_u_buffers: the call, then each io_u with its memory. */
    static void allocated(MemOptions mem, boolean dataXfer, IoBuffers b, long total) {
        if (!on()) {
            return;
        }
        if (dataXfer) {
            line("Alloc " + total + " for buffers");
            switch (mem.type()) {
                case MALLOC -> line(String.format("malloc %d 0x%x", total, b.address()));
                case SHM, SHMHUGE -> {
                    line("shmget " + total + ", -1");
                    line(String.format("shmat -1, 0x%x", b.address()));
                }
                default -> line(String.format("mmap %d/-1 0x%x", total, b.address()));
            }
        }
        for (int i = 0; i < b.units().size(); i++) {
            long addr = b.unit(i).bufferAddress;
            line(String.format("io_u alloc 0x%x, index %d", addr, i));
            if (dataXfer) {
                line(String.format("io_u 0x%x, mem 0x%x", addr, addr));
            }
        }
    }

    /** free_io_mem. */
    static void freed(MemOptions mem, boolean dataXfer, IoBuffers b, long total) {
        if (!on() || !dataXfer) {
            return;
        }
        switch (mem.type()) {
            case MALLOC -> line(String.format("free malloc mem 0x%x", b.address()));
            case SHM, SHMHUGE -> line(String.format("shmdt/ctl -1 0x%x", b.address()));
            default -> line(String.format("munmap %d 0x%x", total, b.address()));
        }
    }
}
