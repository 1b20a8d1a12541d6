package io.jfio.runner.files;

import io.jfio.engine.IoFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * fio's check_mount_writes: a job that writes (or trims) a block device that is mounted is
 * refused unless allow_mounted_write=1. Like fio, the device name is compared with the mount
 * table's source field as written.
 */
public final class MountCheck {
    private MountCheck() {
    }

    /** The first file of the list that is a mounted block device, or null. */
    public static IoFile firstMounted(List<IoFile> files) {
        List<String> sources = null; // read only for a device: fio's seed workload checks 252 regular files
        for (IoFile f : files) {
            if (f.type != IoFile.Type.BLOCK && f.type != IoFile.Type.CHAR) {
                continue;
            }
            if (sources == null) {
                sources = mountSources();
            }
            if (sources.contains(f.path)) {
                return f;
            }
        }
        return null;
    }

    public static String message(IoFile f) {
        return "fio: " + f.path + " appears mounted, and 'allow_mounted_write' isn't set. Aborting.";
    }

    static List<String> mountSources() {
        try {
            return Files.readAllLines(Path.of("/proc/self/mounts")).stream()
                    .map(l -> l.split(" ", 2)[0].replace("\\040", " "))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
