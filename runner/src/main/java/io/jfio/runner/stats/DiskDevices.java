package io.jfio.runner.stats;

import io.jfio.report.DiskUtil;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps a job's files to the block devices whose /sys/block/&lt;dev&gt;/stat fio reports
 * (fio's diskutil.c): a block device file by its st_rdev, anything else by the st_dev
 * of the file (or of its directory when it does not exist yet); partitions map to their disk;
 * dm/md devices also list their slaves.
 */
public final class DiskDevices {
    private final Path sysBlock;

    public DiskDevices() {
        this(Path.of("/sys/block"));
    }

    public DiskDevices(Path sysBlock) {
        this.sysBlock = sysBlock;
    }

    /** A device and its slaves (empty for plain disks). */
    public record Device(String name, List<String> slaves) {
    }

    /** The sysfs disk name a file's I/O lands on, or null (tmpfs, overlay, char devices). */
    public String deviceOf(String file) {
        long dev = deviceNumber(Path.of(file));
        if (dev < 0) {
            return null;
        }
        String majMin = major(dev) + ":" + minor(dev);
        // a job may have many thousands of files on one disk (filecreate): scan sysfs once per device
        return diskByDevice.computeIfAbsent(majMin, k -> java.util.Optional.ofNullable(findDisk(k))).orElse(null);
    }

    private final Map<String, java.util.Optional<String>> diskByDevice = new java.util.HashMap<>();

    public Device describe(String disk) {
        List<String> slaves = new ArrayList<>();
        Path dir = sysBlock.resolve(disk).resolve("slaves");
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
                for (Path p : ds) {
                    slaves.add(p.getFileName().toString());
                }
            } catch (IOException e) {
                // no slaves readable: report the master alone
            }
        }
        slaves.sort(null);
        return new Device(disk, slaves);
    }

    /** The 11 fields of /sys/block/&lt;disk&gt;/stat, or null when unreadable. */
    public long[] readStat(String disk) {
        String line = statLine(disk);
        try {
            return line == null ? null : DiskUtil.parseStat(line);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The text of /sys/block/&lt;disk&gt;/stat (one line), or null when unreadable. */
    public String statLine(String disk) {
        try {
            return Files.readString(statPath(disk));
        } catch (IOException e) {
            return null;
        }
    }

    /** /sys/block/&lt;disk&gt;/stat. */
    public Path statPath(String disk) {
        return sysBlock.resolve(disk).resolve("stat");
    }

    /**
     * "MAJOR/MINOR" of the device a file's I/O goes to, as fio's get_device_numbers finds it (an
     * lstat: a symlink is not followed); null for a character device or fifo, or when neither the
     * file nor its directory can be looked at.
     */
    public static String majorMinor(String file) {
        long dev = deviceNumber(Path.of(file), java.nio.file.LinkOption.NOFOLLOW_LINKS);
        return dev < 0 ? null : major(dev) + "/" + minor(dev);
    }

    /** Devices of all the given files, each once, in first-seen order. */
    private final Map<String, Device> described = new java.util.HashMap<>();

    public Map<String, Device> devicesOf(List<String> files) {
        Map<String, Device> out = new LinkedHashMap<>();
        for (String f : files) {
            String d = deviceOf(f);
            if (d != null && !out.containsKey(d)) {
                // once per disk and run: the run asks for every job's files (252 clones, one disk)
                out.put(d, described.computeIfAbsent(d, this::describe));
            }
        }
        return out;
    }

    /**
     * A block device's own number, else the number of the file system holding the file (of its
     * directory when the file is not there), -1 for a character device or fifo or when neither can
     * be looked at. One stat(2) of the file, as fio's __init_per_file_disk_util: the run asks this
     * for every job's files (252 for the seed workload), where an exists check and two attribute
     * reads cost three system calls each time.
     */
    private static long deviceNumber(Path p, java.nio.file.LinkOption... links) {
        try {
            Map<String, Object> a;
            try {
                a = Files.readAttributes(p, "unix:mode,dev,rdev", links);
            } catch (IOException e) { // as Files.exists: missing, or not to be told
                Path parent = p.toAbsolutePath().getParent();
                return parent == null || !Files.exists(parent) ? -1 : (Long) Files.getAttribute(parent, "unix:dev");
            }
            int fmt = (Integer) a.get("mode") & 0170000;
            if (fmt == 0060000) {
                return (Long) a.get("rdev");
            }
            if (fmt == 0020000 || fmt == 0010000) {
                return -1;
            }
            return (Long) a.get("dev");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return -1;
        }
    }

    static long major(long dev) {
        return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
    }

    static long minor(long dev) {
        return (dev & 0xff) | ((dev >>> 12) & ~0xffL);
    }

    /** The disk (partitions resolved to their disk) whose dev file holds major:minor, or null. */
    public String findDisk(String majMin) {
        try (DirectoryStream<Path> disks = Files.newDirectoryStream(sysBlock)) {
            for (Path disk : disks) {
                if (majMin.equals(readTrim(disk.resolve("dev")))) {
                    return disk.getFileName().toString();
                }
                // Partitions live one level deeper (sda/sda1/dev): report the parent disk.
                try (DirectoryStream<Path> parts = Files.newDirectoryStream(disk)) {
                    for (Path part : parts) {
                        if (Files.isDirectory(part) && Files.exists(part.resolve("partition"))
                                && majMin.equals(readTrim(part.resolve("dev")))) {
                            return disk.getFileName().toString();
                        }
                    }
                } catch (IOException e) {
                    // unreadable disk directory: skip it
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    private static String readTrim(Path p) {
        try {
            return Files.readString(p).trim();
        } catch (IOException e) {
            return null;
        }
    }
}
