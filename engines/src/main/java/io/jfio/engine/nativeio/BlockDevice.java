package io.jfio.engine.nativeio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/** Block-device facts fio asks the kernel for: type, size (BLKGETSIZE64), sector sizes. */
public final class BlockDevice {
    public static final long BLKGETSIZE64 = 0x80081272L;
    public static final long BLKSSZGET = 0x1268L;
    public static final long BLKPBSZGET = 0x127BL;
    public static final long BLKDISCARD = 0x1277L;

    private BlockDevice() {
    }

    /** True when the path (after symlinks) is a block device. */
    public static boolean isBlockDevice(Path path) {
        return FileStat.formatOf(path) == FileStat.S_IFBLK;
    }

    public static boolean isCharDevice(Path path) {
        return FileStat.formatOf(path) == FileStat.S_IFCHR;
    }

    /** Size in bytes of the open block device (BLKGETSIZE64). */
    public static long size(int fd) throws SyscallException {
        Pointer out = Memory.allocateDirect(Native.runtime(), 8, true);
        if (Native.libc().ioctl(fd, BLKGETSIZE64, out.address()) != 0) {
            throw new SyscallException("ioctl", Native.errno());
        }
        return out.getLong(0);
    }

    /** Logical block size of the open block device (BLKSSZGET): the O_DIRECT unit. */
    public static int logicalBlockSize(int fd) throws IOException {
        return intIoctl(fd, BLKSSZGET, "BLKSSZGET");
    }

    /** Physical block size of the open block device (BLKPBSZGET). */
    public static int physicalBlockSize(int fd) throws IOException {
        return intIoctl(fd, BLKPBSZGET, "BLKPBSZGET");
    }

    private static int intIoctl(int fd, long request, String what) throws IOException {
        Pointer out = Memory.allocateDirect(Native.runtime(), 4, true);
        if (Native.libc().ioctl(fd, request, out.address()) != 0) {
            throw new SyscallException("ioctl " + what, Native.errno());
        }
        return out.getInt(0);
    }

    /** Size of a block device given by path (opened read-only for the ioctl). */
    public static long size(Path device) throws SyscallException {
        int fd = openReadOnly(device);
        try {
            return size(fd);
        } finally {
            Native.libc().close(fd);
        }
    }

    /** Logical block size of a block device given by path. */
    public static int logicalBlockSize(Path device) throws IOException {
        int fd = openReadOnly(device);
        try {
            return logicalBlockSize(fd);
        } finally {
            Native.libc().close(fd);
        }
    }

    /**
     * The logical block size that governs O_DIRECT on {@code path}: the device's own for a block
     * device, else the one of the device holding the file (from /sys; 512 when it can't be told,
     * e.g. tmpfs, which accepts any alignment anyway).
     */
    public static int logicalBlockSizeFor(Path path) {
        try {
            if (isBlockDevice(path)) {
                return logicalBlockSize(path);
            }
            long dev = ((Number) Files.getAttribute(path, "unix:dev")).longValue();
            long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
            long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
            Path sys = Path.of("/sys/dev/block/" + major + ":" + minor);
            for (Path queue : new Path[] {sys.resolve("queue"), sys.resolve("../queue")}) {
                Path lbs = queue.resolve("logical_block_size");
                if (Files.isReadable(lbs)) {
                    return Integer.parseInt(Files.readString(lbs).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through: unknown device, use the smallest sector size
        }
        return 512;
    }

    private static int openReadOnly(Path device) throws SyscallException {
        int fd = Native.libc().open(device.toString(), OpenFlags.O_RDONLY | OpenFlags.O_CLOEXEC, 0);
        if (fd < 0) {
            throw new SyscallException("open", Native.errno());
        }
        return fd;
    }
}
