package io.jfio.engine.uring;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Facts from /sys/dev/block about the block queue a file or device lives on (for hipri checks). */
public final class BlockQueue {
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

    private BlockQueue() {
    }

    public static boolean isBlockDevice(String path) {
        try {
            int mode = (Integer) Files.getAttribute(Path.of(path), "unix:mode");
            return (mode & S_IFMT) == S_IFBLK;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The queue directory in sysfs of the device holding {@code path} (or the device itself), or null. */
    public static Path queueDir(String path) {
        try {
            Path p = Path.of(path);
            long dev = isBlockDevice(path) ? (Long) Files.getAttribute(p, "unix:rdev")
                : (Long) Files.getAttribute(p, "unix:dev");
            long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
            long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
            Path sys = Path.of("/sys/dev/block/" + major + ":" + minor);
            if (!Files.exists(sys)) {
                return null;
            }
            Path q = sys.resolve("queue");
            if (Files.isDirectory(q)) {
                return q;
            }
            Path diskQueue = sys.toRealPath().getParent().resolve("queue"); // a partition: its disk's queue
            return Files.isDirectory(diskQueue) ? diskQueue : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Why polled I/O (IOPOLL / RWF_HIPRI) cannot work for {@code path}, or null when its queue
     * reports io_poll=1.
     */
    public static String whyNoPolling(String path) {
        Path q = queueDir(path);
        if (q == null) {
            return path + " is not on a block device (polled I/O needs a block queue with poll queues)";
        }
        try {
            String v = Files.readString(q.resolve("io_poll")).trim();
            if ("1".equals(v)) {
                return null;
            }
            return q.resolve("io_poll") + "=" + v + ": the device of " + path + " has no poll queues"
                + " (for NVMe set nvme.poll_queues)";
        } catch (IOException e) {
            return "cannot read " + q.resolve("io_poll") + ": " + e.getMessage();
        }
    }
}
