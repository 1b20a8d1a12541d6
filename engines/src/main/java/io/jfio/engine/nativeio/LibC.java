package io.jfio.engine.nativeio;

/**
 * glibc functions jfio calls. Every parameter and result is a primitive: addresses are passed as
 * {@code long} so the hot path never allocates Pointer objects, and text goes through
 * {@link CString} in the default methods below, because jnr-ffi's String and Pointer conversions
 * tripled the time to bind this interface (which every I/O job waits for). Load only through
 * {@link Native#libc()}, which disables jnr-ffi's x86 asm stubs first (they corrupt the 6th
 * primitive argument).
 */
public interface LibC {
    /** {@code path}: the address of a NUL-terminated path. */
    int open(long path, int flags, int mode);

    default int open(String path, int flags, int mode) {
        long p = CString.allocate(path);
        try {
            return open(p, flags, mode);
        } finally {
            CString.free(p);
        }
    }

    int close(int fd);

    long read(int fd, long buf, long count);

    long write(int fd, long buf, long count);

    long pread64(int fd, long buf, long count, long offset);

    long pwrite64(int fd, long buf, long count, long offset);

    long readv(int fd, long iov, int iovcnt);

    long writev(int fd, long iov, int iovcnt);

    long preadv(int fd, long iov, int iovcnt, long offset);

    long pwritev(int fd, long iov, int iovcnt, long offset);

    long preadv2(int fd, long iov, int iovcnt, long offset, int flags);

    long pwritev2(int fd, long iov, int iovcnt, long offset, int flags);

    long lseek(int fd, long offset, int whence);

    int fsync(int fd);

    int fdatasync(int fd);

    int syncfs(int fd);

    int getpriority(int which, int who);

    int setpriority(int which, int who, int prio);

    int sync_file_range(int fd, long offset, long nbytes, int flags);

    int fallocate(int fd, int mode, long offset, long len);

    int posix_fadvise(int fd, long offset, long len, int advice);

    int ftruncate(int fd, long length);

    int ioctl(int fd, long request, long arg);

    /** Six primitives on purpose: NativeBindingTest proves the 6th argument (offset) arrives intact. */
    long mmap(long addr, long length, int prot, int flags, int fd, long offset);

    int munmap(long addr, long length);

    int mlock(long addr, long length);

    int munlock(long addr, long length);

    /** System V shared memory (fio's mem=shm/shmhuge buffers). */
    int shmget(int key, long size, int shmflg);

    long shmat(int shmid, long shmaddr, int shmflg);

    int shmdt(long shmaddr);

    int shmctl(int shmid, int cmd, long buf);

    int geteuid();

    void free(long ptr);

    int getrusage(int who, long usage);

    int sched_setaffinity(int pid, long cpusetsize, long mask);

    int sched_getcpu();

    /** {@code param}: the address of a struct sched_param (one int, the priority). */
    int sched_setscheduler(int pid, int policy, long param);

    /** {@code path}: the address of a NUL-terminated path. */
    int unlink(long path);

    default int unlink(String path) {
        long p = CString.allocate(path);
        try {
            return unlink(p);
        } finally {
            CString.free(p);
        }
    }

    /** The address of glibc's text for {@code errnum}: read it with {@link Errno#strerror}. */
    long strerror(int errnum);

    /** Raw syscalls with at most five arguments (io_uring_setup/register, io_setup/submit/getevents/destroy). */
    long syscall(long nr, long a1, long a2, long a3, long a4, long a5);

    /** io_uring_enter needs six arguments: seven parameters puts jnr on its generic (slower) path. */
    long syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6);
}
