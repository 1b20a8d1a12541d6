package io.jfio.engine.mtd;

import io.jfio.engine.EngineException;
import io.jfio.engine.nativeio.Errno;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * What fio's libmtd (oslib/libmtd.c, mtd_get_dev_info) learns about an MTD character device from
 * sysfs: its size, erase block size, sub-page size (the write granularity) and whether it may
 * have bad blocks (NAND). Read off the I/O path, when the file is sized and opened; the errors
 * are libmtd's, with its "libmtd: error!:" lines.
 */
final class MtdInfo {
    static final String SYSFS_MTD = "/sys/class/mtd";
    /** The character devices' major number (MTD_CHAR_MAJOR). */
    private static final int MTD_MAJOR = 90;

    final int number;
    final long size;
    final int ebSize;
    final int ebCount;
    final int subpageSize;
    /** NAND (and MLC NAND) devices may have bad blocks; others never do. */
    final boolean badBlocksAllowed;

    private MtdInfo(int number, long size, int ebSize, int subpageSize, boolean badBlocksAllowed) {
        this.number = number;
        this.size = size;
        this.ebSize = ebSize;
        this.ebCount = (int) (size / ebSize);
        this.subpageSize = subpageSize;
        this.badBlocksAllowed = badBlocksAllowed;
    }

    static MtdInfo of(String node) throws EngineException {
        Path sysfs = Path.of(SYSFS_MTD);
        Path p = Path.of(node);
        int mode;
        long rdev;
        try {
            mode = (Integer) Files.getAttribute(p, "unix:mode");
            rdev = (Long) Files.getAttribute(p, "unix:rdev");
        } catch (NoSuchFileException e) {
            throw failed(Errno.ENOENT, "cannot get information about \"" + node + "\"", true);
        } catch (IOException | UnsupportedOperationException e) {
            throw failed(Errno.EIO, "cannot get information about \"" + node + "\"", true);
        }
        if ((mode & 0xF000) != 0x2000) {
            throw failed(Errno.EINVAL, "\"" + node + "\" is not a character device", false);
        }
        int major = (int) (((rdev >>> 8) & 0xfff) | ((rdev >>> 32) & ~0xfffL));
        int minor = (int) ((rdev & 0xff) | ((rdev >>> 12) & ~0xffL));
        if (!Files.isDirectory(sysfs)) {
            // libmtd without sysfs (no MTD subsystem loaded at all, as on most hosts): its legacy path
            if (major != MTD_MAJOR) {
                throw failed(Errno.EINVAL, "\"" + node + "\" has major number " + major
                    + ", MTD devices have major " + MTD_MAJOR, false);
            }
            throw failed(Errno.ENODEV, "no MTD sysfs (" + SYSFS_MTD + "): jfio reads MTD devices' geometry there", false);
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(sysfs, "mtd*")) {
            for (Path d : dirs) {
                String name = d.getFileName().toString();
                if (!name.matches("mtd[0-9]+")) {
                    continue; // mtdNro nodes have no directory of their own; skip anything else
                }
                String dev = read(d, "dev");
                if (!dev.equals(major + ":" + minor)) {
                    continue;
                }
                String type = read(d, "type");
                return new MtdInfo(Integer.parseInt(name.substring(3)), Long.parseLong(read(d, "size")),
                    Integer.parseInt(read(d, "erasesize")), Integer.parseInt(read(d, "subpagesize")),
                    type.equals("nand") || type.equals("mlc-nand"));
            }
        } catch (IOException | NumberFormatException e) {
            throw failed(Errno.EIO, "cannot read " + SYSFS_MTD + ": " + e.getMessage(), false);
        }
        // no device of that number: libmtd sets ENODEV and prints nothing
        throw new EngineException(Errno.ENODEV, "mtd_get_dev_info", null);
    }

    private static String read(Path dir, String file) throws IOException {
        return new String(Files.readAllBytes(dir.resolve(file)), StandardCharsets.US_ASCII).trim();
    }

    /** libmtd's errmsg line (and, for a failed call, sys_errmsg's errno line), then fio's verror. */
    private static EngineException failed(int errno, String message, boolean withErrno) {
        String text = "libmtd: error!: " + message;
        if (withErrno) {
            text += "\n        error " + errno + " (" + Errno.strerror(errno) + ")";
        }
        return new EngineException(errno, "mtd_get_dev_info", text);
    }
}
