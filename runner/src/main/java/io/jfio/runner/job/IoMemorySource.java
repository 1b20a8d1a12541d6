package io.jfio.runner.job;

import java.io.PrintStream;

import io.jfio.engine.IoBuffers;
import io.jfio.engine.nativeio.IoMemory;
import io.jfio.jobfile.options.MemOptions;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.workload.JobError;

/**
 * A job's I/O buffers from its mem= type, and its lockmem pin, failing the job as fio's memory.c
 * does: the refused call and its place in memory.c, after fio's advice lines on stderr.
 */
final class IoMemorySource {
    private IoMemorySource() {
    }

    /**
     * @param dataXfer whether the job reads or writes through its buffers: fio allocates no mem=
     *                 memory for a trim-only job or a no-I/O engine (backend.c's init_io_u_buffers),
     *                 whose jfio units then get plain malloc'ed memory
     */
    static IoBuffers allocate(MemOptions mem, boolean dataXfer, int units, int maxBlockSize, int alignment,
                              PrintStream err, JobStats stats) throws JobError {
        IoMemory.Source source = dataXfer ? new IoMemory.Source(IoMemory.Type.valueOf(mem.type().name()),
                mem.mmapFile(), mem.hugePageSize()) : IoMemory.Source.MALLOC;
        try {
            return IoBuffers.allocate(units, maxBlockSize, alignment, mem.iomemAlign(), source);
        } catch (IoMemory.Failed e) {
            e.hints().forEach(err::println);
            stats.errorFile = fileOf(e.call());
            throw new JobError(e.errno(), e.call(), null);
        }
    }

    /** fio's fio_pin_memory: null when lockmem is 0; the job fails (no error code, as in fio) when refused. */
    static Runnable pin(MemOptions mem, long physMem, PrintStream out, PrintStream err) throws JobError {
        long bytes = mem.lockmem();
        if (bytes <= 0) {
            return null;
        }
        long reserve = 128L << 20;
        if (physMem > 0 && bytes + reserve > physMem) {
            bytes = physMem - reserve;
            out.printf("fio: limiting mlocked memory to %dMiB%n", bytes >> 20);
        }
        try {
            MemDebug.pin(bytes, true);
            Runnable unpin = IoMemory.pin(bytes);
            long pinned = bytes;
            return () -> {
                MemDebug.pin(pinned, false);
                unpin.run();
            };
        } catch (IoMemory.Failed e) {
            err.println(e.call() + ": " + io.jfio.engine.nativeio.Errno.strerror(e.errno()));
            throw new JobError(0, e.call(), null);
        }
    }

    /** Where fio 3.42's memory.c raises each allocation error. */
    private static String fileOf(String call) {
        return switch (call) {
            case "shmget" -> "memory.c:78";
            case "shmat" -> "memory.c:101";
            case "open mmap file" -> "memory.c:146";
            case "truncate mmap file" -> "memory.c:153";
            default -> "memory.c:170";
        };
    }
}
