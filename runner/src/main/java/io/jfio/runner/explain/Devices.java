package io.jfio.runner.explain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What --explain needs to know about the device under a file: its size (block devices) and its
 * logical block size (the unit O_DIRECT I/O must be a multiple of), from sysfs.
 */
public class Devices {
    /** @param blockDevice the file is the block device itself (its size applies) */
    public record Info(boolean blockDevice, long sizeBytes, int logicalBlockSize) {
    }

    /** The device behind {@code file} (the device itself, or the one holding its file system), or null. */
    public Info of(String file) {
        Path p = Path.of(file);
        try {
            if (Files.exists(p) && !Files.isRegularFile(p) && !Files.isDirectory(p)) {
                Path real = p.toRealPath();
                Path sys = Path.of("/sys/class/block", real.getFileName().toString());
                if (!Files.isDirectory(sys)) {
                    return null;
                }
                return new Info(true, readLong(sys.resolve("size")) * 512, logicalBlockSize(sys));
            }
            Path existing = p.toAbsolutePath();
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                return null;
            }
            long dev = ((Number) Files.getAttribute(existing, "unix:dev")).longValue();
            long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
            long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
            Path sys = Path.of("/sys/dev/block", major + ":" + minor);
            if (major == 0 || !Files.isDirectory(sys)) {
                return null; // tmpfs, overlay and other device-less file systems
            }
            return new Info(false, 0, logicalBlockSize(sys.toRealPath()));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return null;
        }
    }

    /** A partition has no queue/ of its own: its disk's applies. */
    private static int logicalBlockSize(Path sys) throws IOException {
        Path q = sys.resolve("queue/logical_block_size");
        if (!Files.exists(q)) {
            q = sys.toRealPath().getParent().resolve("queue/logical_block_size");
        }
        return Files.exists(q) ? (int) readLong(q) : 0;
    }

    private static long readLong(Path p) throws IOException {
        return Long.parseLong(Files.readString(p).strip());
    }
}
