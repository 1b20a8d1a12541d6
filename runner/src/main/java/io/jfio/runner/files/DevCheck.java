package io.jfio.runner.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * jfio's guard against mistyped device names (not in fio): a job file naming a /dev entry that
 * does not exist would make fio create a regular file in devtmpfs, i.e. benchmark RAM while the
 * report looks like a device run. jfio refuses before anything starts. Only devtmpfs counts:
 * /dev/shm and other file systems mounted below /dev are ordinary places for files.
 */
public final class DevCheck {
    private DevCheck() {
    }

    /** The refusal for the first such name, or null. */
    public static String refusal(List<String> names) {
        // one look-up per directory: a job with nrfiles=31250 under /dev/shm named the same
        // directory 31250 times, and each look-up reads the mount table
        Map<Path, Boolean> devtmpfs = new HashMap<>();
        for (String name : names) {
            Path p = Path.of(name).toAbsolutePath().normalize();
            if (!p.startsWith("/dev") || Files.exists(p)) {
                continue;
            }
            Path parent = p.getParent();
            while (parent != null && !Files.exists(parent)) {
                parent = parent.getParent();
            }
            if (parent != null && devtmpfs.computeIfAbsent(parent, DevCheck::onDevtmpfs)) {
                return "jfio: " + name + " does not exist; refusing to create a regular file under /dev"
                        + " (a mistyped device name?)";
            }
        }
        return null;
    }

    private static boolean onDevtmpfs(Path dir) {
        try {
            return "devtmpfs".equals(Files.getFileStore(dir).type());
        } catch (IOException | RuntimeException e) {
            return dir.equals(Path.of("/dev"));
        }
    }
}
