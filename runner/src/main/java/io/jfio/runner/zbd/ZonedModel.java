package io.jfio.runner.zbd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A block device's zoned model as sysfs tells it (queue/zoned: none, host-aware, host-managed). */
final class ZonedModel {
    private ZonedModel() {
    }

    /** "none" when the device is not zoned or sysfs does not say (as fio's blkzoned_get_zoned_model). */
    static String of(String devicePath) {
        try {
            String name = Path.of(devicePath).toRealPath().getFileName().toString();
            Path dev = Path.of("/sys/class/block", name).toRealPath();
            // a partition's queue is its disk's
            for (Path p : new Path[] {dev.resolve("queue/zoned"), dev.getParent().resolve("queue/zoned")}) {
                if (Files.isReadable(p)) {
                    return Files.readString(p).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // no sysfs entry: treated as not zoned
        }
        return "none";
    }
}
