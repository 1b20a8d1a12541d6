package io.jfio.engine.nativeio;

import jnr.ffi.LibraryLoader;

/**
 * The libc calls of the mmap, posixaio, splice, net and file/directory engines, kept apart from
 * {@link LibC} (the core I/O calls) so each engine's bindings stay together. Addresses are plain
 * longs so a call allocates nothing; path arguments are Strings (those calls are off the I/O path).
 */
public interface PosixLib {
    int PROT_READ = 0x1;
    int PROT_WRITE = 0x2;
    int MAP_SHARED = 0x01;
    int MAP_PRIVATE = 0x02;
    int MS_SYNC = 4;
    int POSIX_MADV_RANDOM = 1;
    int POSIX_MADV_SEQUENTIAL = 2;
    int POSIX_MADV_DONTNEED = 4;
    int MADV_FREE = 8;
    int MADV_HUGEPAGE = 14;

    int msync(long addr, long length, int flags);

    /** Returns the error number itself (0 on success), as POSIX specifies. */
    int posix_madvise(long addr, long length, int advice);

    int madvise(long addr, long length, int advice);

    int mkdir(String path, int mode);

    int rmdir(String path);

    int stat(String path, long statBuf);

    int lstat(String path, long statBuf);

    int fstat(int fd, long statBuf);

    int statx(int dirfd, String path, int flags, int mask, long statxBuf);

    /** realpath(path, NULL): a malloc'd string the caller frees; 0 on failure. */
    long realpath(String path, long resolved);

    int aio_read(long aiocb);

    int aio_write(long aiocb);

    int aio_fsync(int op, long aiocb);

    int aio_error(long aiocb);

    long aio_return(long aiocb);

    int aio_suspend(long aiocbList, int n, long timespec);

    int aio_cancel(int fd, long aiocb);

    int pipe(long fds);

    int fcntl(int fd, int cmd, int arg);

    long splice(int fdIn, long offIn, int fdOut, long offOut, long len, int flags);

    long vmsplice(int fd, long iov, long nrSegs, int flags);

    int socket(int domain, int type, int protocol);

    int bind(int fd, long addr, int addrLen);

    int listen(int fd, int backlog);

    int accept(int fd, long addr, long addrLen);

    int connect(int fd, long addr, int addrLen);

    int setsockopt(int fd, int level, int name, long value, int len);

    int shutdown(int fd, int how);

    long send(int fd, long buf, long len, int flags);

    long recv(int fd, long buf, long len, int flags);

    long sendto(int fd, long buf, long len, int flags, long addr, int addrLen);

    long recvfrom(int fd, long buf, long len, int flags, long addr, long addrLen);

    int poll(long fds, long nfds, int timeout);

    /** The loaded library (libc through jnr-ffi, with the 6-argument fix {@link Native} applies). */
    static PosixLib get() {
        return Holder.LIB;
    }

    final class Holder {
        static final PosixLib LIB;

        static {
            Native.libc(); // sets jnr.ffi.x86asm.enabled=false before any load
            LIB = LibraryLoader.create(PosixLib.class).load(Native.LIBC_SONAME);
        }

        private Holder() {
        }
    }
}
