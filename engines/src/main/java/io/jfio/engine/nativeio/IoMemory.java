package io.jfio.engine.nativeio;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a job's I/O buffers come from (fio's mem=/iomem= types, memory.c): posix_memalign,
 * System V shared memory (optionally on huge pages), or an anonymous or file mapping (private,
 * shared, or on huge pages). Each is allocated once per job and given back by
 * {@link AlignedBuffer#close()} the way fio frees it: shmdt then IPC_RMID; munmap, then close
 * and unlink the mapped file unless it existed before.
 */
public final class IoMemory {
    /** fio's mem_type values that exist on Linux (cudamalloc needs a CUDA build of fio). */
    public enum Type { MALLOC, SHM, SHMHUGE, MMAP, MMAPSHARED, MMAPHUGE }

    /**
     * @param file          the mapped file of mmap/mmapshared/mmaphuge ({@code mem=mmap:/path}), or null
     * @param hugePageSize  fio's hugepage-size: huge-page allocations are rounded up to it
     */
    public record Source(Type type, String file, long hugePageSize) {
        public static final Source MALLOC = new Source(Type.MALLOC, null, 2 << 20);
    }

    /** An allocation the kernel refused: the call and errno fio names, and the lines fio logs first. */
    public static final class Failed extends Exception {
        private final String call;
        private final int errno;
        private final List<String> hints;

        Failed(String call, int errno, List<String> hints) {
            super(call + ": " + Errno.strerror(errno));
            this.call = call;
            this.errno = errno;
            this.hints = List.copyOf(hints);
        }

        /** fio's td_verror function name: shmget, shmat, open mmap file, truncate mmap file, mmap. */
        public String call() {
            return call;
        }

        public int errno() {
            return errno;
        }

        /** Lines fio prints on stderr before the job's error line (huge page advice). */
        public List<String> hints() {
            return hints;
        }
    }

    private static final int PAGE = 4096;
    private static final int IPC_PRIVATE = 0;
    private static final int IPC_CREAT = 01000;
    private static final int IPC_RMID = 0;
    private static final int SHM_HUGETLB = 04000;
    private static final int S_IRUSR_IWUSR = 0600;
    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_SHARED = 0x01;
    private static final int MAP_PRIVATE = 0x02;
    private static final int MAP_ANONYMOUS = 0x20;
    private static final int MAP_HUGETLB = 0x40000;
    private static final int O_RDWR = 02;
    private static final int O_CREAT = 0100;
    private static final int EINVAL = 22;
    private static final int ENOMEM = 12;
    private static final int EPERM = 1;
    private static final int ENOSYS = 38;
    private static final int EFAULT = 14;

    private IoMemory() {
    }

    /**
     * {@code length} bytes at an {@code alignment}-aligned address (a power of two), zeroed.
     * Huge-page types round the whole allocation up to the huge page size, as fio does.
     */
    public static AlignedBuffer allocate(Source src, long length, int alignment) throws Failed {
        if (src.type() == Type.MALLOC) {
            return AlignedBuffer.allocate(length, alignment);
        }
        // shm and mmap hand out page-aligned memory: room to align further inside it
        long total = length + (alignment > PAGE ? alignment - PAGE : 0);
        boolean huge = src.type() == Type.SHMHUGE || src.type() == Type.MMAPHUGE;
        if (huge) {
            long mask = src.hugePageSize() - 1;
            total = (total + mask) & ~mask;
        }
        return switch (src.type()) {
            case SHM, SHMHUGE -> shm(src, total, length, alignment);
            default -> mmap(src, total, length, alignment);
        };
    }

    private static long alignUp(long address, int alignment) {
        return (address + alignment - 1) & -(long) alignment;
    }

    private static AlignedBuffer shm(Source src, long total, long length, int alignment) throws Failed {
        LibC c = Native.libc();
        int flags = IPC_CREAT | S_IRUSR_IWUSR | (src.type() == Type.SHMHUGE ? SHM_HUGETLB : 0);
        int id = c.shmget(IPC_PRIVATE, total, flags);
        if (id < 0) {
            int errno = Native.errno();
            List<String> hints = new ArrayList<>();
            if (c.geteuid() != 0 && (errno == ENOMEM || errno == EPERM)) {
                hints.add("fio: you may need to run this job as root");
            }
            if (src.type() == Type.SHMHUGE) {
                if (errno == EINVAL) {
                    hints.add("fio: check that you have free huge pages and that hugepage-size is correct.");
                } else if (errno == ENOSYS) {
                    hints.add("fio: your system does not appear to support huge pages.");
                } else if (errno == ENOMEM) {
                    hints.add("fio: no huge pages available, do you need to allocate some? See HOWTO.");
                }
            }
            throw new Failed("shmget", errno, hints);
        }
        long base = c.shmat(id, 0, 0);
        if (base == -1) {
            int errno = Native.errno();
            c.shmctl(id, IPC_RMID, 0);
            throw new Failed("shmat", errno, List.of());
        }
        return AlignedBuffer.wrap(alignUp(base, alignment), length, alignment, () -> {
            c.shmdt(base);
            c.shmctl(id, IPC_RMID, 0);
        });
    }

    private static AlignedBuffer mmap(Source src, long total, long length, int alignment) throws Failed {
        LibC c = Native.libc();
        String file = src.file();
        int flags;
        int fd = -1;
        boolean keep = false;
        if (file != null) {
            keep = Files.exists(Path.of(file));
            fd = c.open(file, O_RDWR | O_CREAT, 0644);
            if (fd < 0) {
                throw new Failed("open mmap file", Native.errno(), List.of());
            }
            boolean shared = src.type() != Type.MMAP;
            if (!shared && c.ftruncate(fd, total) < 0) {
                int errno = Native.errno();
                c.close(fd);
                throw new Failed("truncate mmap file", errno, List.of());
            }
            flags = shared ? MAP_SHARED : MAP_PRIVATE;
        } else {
            // fio maps anonymous memory private for mmapshared too: MAP_SHARED only with a file
            flags = MAP_ANONYMOUS | MAP_PRIVATE | (src.type() == Type.MMAPHUGE ? MAP_HUGETLB : 0);
        }
        long base = c.mmap(0L, total, PROT_READ_WRITE, flags, fd, 0L);
        if (base == -1) {
            int errno = Native.errno();
            closeFile(c, fd, file, keep);
            throw new Failed("mmap", errno, List.of());
        }
        if (fd >= 0 && (flags & MAP_SHARED) != 0 && fileSize(file) < total) {
            // fio touches the buffers and dies of SIGBUS: a shared mapping past a file's end (a
            // file not on hugetlbfs, which would have grown to the mapping) has no pages behind it
            long size = fileSize(file);
            c.munmap(base, total);
            closeFile(c, fd, file, keep);
            throw new Failed("mmap", EFAULT, List.of("fio: mmap file " + file + " (" + size + " bytes) is shorter than the "
                    + total + " bytes of I/O buffers mapped shared from it; fio dies of SIGBUS (signal 7) on it"));
        }
        int mapFd = fd;
        boolean keepFile = keep;
        return AlignedBuffer.wrap(alignUp(base, alignment), length, alignment, () -> {
            c.munmap(base, total);
            closeFile(c, mapFd, file, keepFile);
        });
    }

    private static long fileSize(String file) {
        try {
            return Files.size(Path.of(file));
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    private static void closeFile(LibC c, int fd, String file, boolean keep) {
        if (fd >= 0) {
            c.close(fd);
        }
        if (file != null && !keep) {
            c.unlink(file);
        }
    }

    /**
     * fio's lockmem (memory.c's fio_pin_memory): {@code bytes} of anonymous memory mapped and
     * mlock'ed for the job's life, so the rest of the system has that much less to cache with.
     * Returns the release action, or throws with the call that failed (fio's perror lines).
     */
    public static Runnable pin(long bytes) throws Failed {
        LibC c = Native.libc();
        long base = c.mmap(0L, bytes, PROT_READ_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0L);
        if (base == -1) {
            throw new Failed("malloc locked mem", Native.errno(), List.of());
        }
        if (c.mlock(base, bytes) < 0) {
            int errno = Native.errno();
            c.munmap(base, bytes);
            throw new Failed("mlock", errno, List.of());
        }
        return () -> {
            if (c.munlock(base, bytes) < 0) {
                System.err.println("munlock: " + Errno.strerror(Native.errno()));
            }
            c.munmap(base, bytes);
        };
    }
}
