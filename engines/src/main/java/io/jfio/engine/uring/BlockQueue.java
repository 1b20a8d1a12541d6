package io.jfio.engine.uring;

import io.jfio.engine.nativeio.BlockDevice;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Facts from /sys/dev/block about the block queue a file or device lives on (for hipri checks). */
public final class BlockQueue {
    private static final Path NVME_POLL_QUEUES = Path.of("/sys/module/nvme/parameters/poll_queues");

    private BlockQueue() {
    }

    /**
     * The nvme driver's poll_queues parameter, or null where it cannot be read (no nvme module).
     * Polled NVMe I/O needs it above 0, which is what users most often miss.
     */
    public static String nvmePollQueues() {
        try {
            return Files.readString(NVME_POLL_QUEUES).trim();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** "/sys/module/nvme/parameters/poll_queues=N" (n/a when unreadable), for diagnoses. */
    public static String nvmePollQueuesLine() {
        String v = nvmePollQueues();
        return NVME_POLL_QUEUES + "=" + (v == null ? "n/a" : v);
    }

    /** The queue directory in sysfs of the device holding {@code path} (or the device itself), or null. */
    public static Path queueDir(String path) {
        try {
            Path p = Path.of(path);
            long dev = BlockDevice.isBlockDevice(p) ? (Long) Files.getAttribute(p, "unix:rdev")
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
