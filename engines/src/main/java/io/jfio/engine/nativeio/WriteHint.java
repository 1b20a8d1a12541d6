package io.jfio.engine.nativeio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * fcntl(2) write-lifetime hints for fio's write_hint (RWH_WRITE_LIFE_*): with O_DIRECT on the
 * descriptor (F_SET_FILE_RW_HINT) and, where the kernel lacks that, on the inode
 * (F_SET_RW_HINT); buffered I/O sets it on the inode, as fio's td_io_open_file does. The hint
 * travels by pointer to a u64, so this is the raw fcntl syscall with the buffer's address.
 */
public final class WriteHint {
    private static final long SYS_FCNTL = "aarch64".equals(System.getProperty("os.arch")) ? 25 : 72;
    private static final int F_LINUX_SPECIFIC_BASE = 1024;
    private static final int F_SET_RW_HINT = F_LINUX_SPECIFIC_BASE + 12;
    private static final int F_SET_FILE_RW_HINT = F_LINUX_SPECIFIC_BASE + 14;

    private WriteHint() {
    }

    /** Sets the hint on an open file; 0, or the errno of the last call. */
    public static int set(int fd, long hint, boolean direct) {
        ByteBuffer b = RawMemory.allocate(8, 8).order(ByteOrder.nativeOrder());
        b.putLong(0, hint);
        long addr = RawMemory.address(b);
        if (direct && fcntl(fd, F_SET_FILE_RW_HINT, addr) == 0) {
            return 0;
        }
        int r = fcntl(fd, F_SET_RW_HINT, addr) == 0 ? 0 : Native.errno();
        java.lang.ref.Reference.reachabilityFence(b);
        return r;
    }

    private static long fcntl(int fd, int cmd, long addr) {
        return Native.libc().syscall(SYS_FCNTL, fd, cmd, addr, 0, 0);
    }
}
