package io.jfio.runner.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The file-system (or volume) signature an unmounted block device holds, read from the magic
 * numbers at their fixed superblock offsets, as blkid's probes find them. fio writes over such
 * a device without a word (its mount check sees only mounted ones); jfio keeps that behaviour
 * but warns once, naming what the job is about to destroy.
 */
public final class FsSignature {
    /** Enough to reach btrfs's superblock at 64 KiB and swap's last-page signature. */
    private static final int PROBE_BYTES = 68 << 10;

    private FsSignature() {
    }

    /** The signature's blkid TYPE name (ext4, xfs, btrfs, swap...), or null when none or unreadable. */
    public static String of(Path device) {
        ByteBuffer b = ByteBuffer.allocate(PROBE_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel ch = FileChannel.open(device, StandardOpenOption.READ)) {
            while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
                // read up to PROBE_BYTES or the device's end
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return identify(b.array(), b.position());
    }

    /** The signature in the first {@code n} bytes of a device. */
    static String identify(byte[] d, int n) {
        if (has(d, n, 0, "XFSB")) {
            return "xfs";
        }
        if (has(d, n, 0x10040, "_BHRfS_M")) {
            return "btrfs";
        }
        if (n >= 1082 && u16(d, 1080) == 0xEF53) {
            return ext(d);
        }
        if (n >= 1028 && u32(d, 1024) == 0xF2F52010L) {
            return "f2fs";
        }
        if (has(d, n, 0, "LUKS\u00ba\u00be")) {
            return "crypto_LUKS";
        }
        if (has(d, n, 512, "LABELONE") && has(d, n, 536, "LVM2 001")) {
            return "LVM2_member";
        }
        for (int page = 4096; page <= 65536; page <<= 1) {
            if (has(d, n, page - 10, "SWAPSPACE2") || has(d, n, page - 10, "SWAP-SPACE")) {
                return "swap";
            }
        }
        if (has(d, n, 32769, "CD001")) {
            return "iso9660";
        }
        boolean bootSector = n >= 512 && (d[510] & 0xff) == 0x55 && (d[511] & 0xff) == 0xAA;
        if (bootSector && (has(d, n, 82, "FAT32   ") || has(d, n, 54, "FAT16   ") || has(d, n, 54, "FAT12   "))) {
            return "vfat";
        }
        if (has(d, n, 512, "EFI PART")) {
            return "gpt partition table";
        }
        if (bootSector && (d[446] & 0x7f) == 0 && (d[450] != 0 || d[466] != 0)) {
            return "dos partition table";
        }
        return null;
    }

    /** ext2, ext3 or ext4 by the feature flags, as blkid tells them apart. */
    private static String ext(byte[] d) {
        long compat = u32(d, 1024 + 0x5C);
        long incompat = u32(d, 1024 + 0x60);
        long roCompat = u32(d, 1024 + 0x64);
        // ext3 knows only FILETYPE, RECOVER and META_BG (incompat) and SPARSE_SUPER, LARGE_FILE,
        // BTREE_DIR (ro_compat); any other feature means ext4.
        if ((incompat & ~0x16L) != 0 || (roCompat & ~0x7L) != 0) {
            return "ext4";
        }
        return (compat & 0x4) != 0 ? "ext3" : "ext2";
    }

    /** The warning for a write job about to overwrite {@code device}'s signature. */
    public static String warning(String device, String type) {
        return "fio: warning: " + device + " is not mounted but holds a signature (" + type + "): this job's writes "
                + "will destroy it; set allow_mounted_write=1 to write without this warning";
    }

    private static boolean has(byte[] d, int n, int off, String magic) {
        byte[] m = magic.getBytes(StandardCharsets.ISO_8859_1);
        if (off + m.length > n) {
            return false;
        }
        for (int i = 0; i < m.length; i++) {
            if (d[off + i] != m[i]) {
                return false;
            }
        }
        return true;
    }

    private static int u16(byte[] d, int off) {
        return (d[off] & 0xff) | (d[off + 1] & 0xff) << 8;
    }

    private static long u32(byte[] d, int off) {
        return (u16(d, off) | (long) u16(d, off + 2) << 16) & 0xffffffffL;
    }
}
