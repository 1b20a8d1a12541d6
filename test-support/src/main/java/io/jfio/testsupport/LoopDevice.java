package io.jfio.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A loop device over a RAM-backed file in /dev/shm, detached (and its file removed) on close,
 * also when the test fails. Optionally with ext4 made and mounted on it. Tests use it in
 * try-with-resources after {@link #assumeAvailable()}.
 */
public final class LoopDevice implements AutoCloseable {
    private final Path backing;
    private final String device;
    private Path mountPoint;

    private LoopDevice(Path backing, String device) {
        this.backing = backing;
        this.device = device;
    }

    /** Why loop devices can't be used here, or null when they can (root, losetup present). */
    public static String unavailableReason() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "loop devices need root";
        }
        if (!Files.isExecutable(Path.of("/sbin/losetup")) && !Files.isExecutable(Path.of("/usr/sbin/losetup"))) {
            return "losetup is not installed";
        }
        if (!Files.isDirectory(Path.of("/dev/shm"))) {
            return "/dev/shm is missing";
        }
        return null;
    }

    /** Skips the calling test (JUnit assumption) with the reason when loop devices are unavailable. */
    public static void assumeAvailable() {
        String why = unavailableReason();
        org.junit.jupiter.api.Assumptions.assumeTrue(why == null, () -> "skipped: " + why);
    }

    /** Attaches a new loop device over a fresh /dev/shm file of {@code sizeBytes}. */
    public static LoopDevice create(long sizeBytes, boolean directIo) throws IOException {
        Path file = Files.createTempFile(Path.of("/dev/shm"), "jfio-loop-", ".img");
        try {
            try (var raf = new java.io.RandomAccessFile(file.toFile(), "rw")) {
                raf.setLength(sizeBytes);
            }
            List<String> cmd = new ArrayList<>(List.of("losetup", "-f", "--show"));
            if (directIo) {
                cmd.add("--direct-io=on");
            }
            cmd.add(file.toString());
            String dev = exec(cmd).trim();
            return new LoopDevice(file, dev);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    public String device() {
        return device;
    }

    public Path backingFile() {
        return backing;
    }

    /** Makes ext4 on the device and mounts it on a fresh directory; unmounted on close. */
    public Path mountExt4() throws IOException {
        exec(List.of("mkfs.ext4", "-q", "-F", device));
        Path dir = Files.createTempDirectory("jfio-mnt-");
        exec(List.of("mount", device, dir.toString()));
        mountPoint = dir;
        return dir;
    }

    public Path mountPoint() {
        return mountPoint;
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        if (mountPoint != null) {
            try {
                exec(List.of("umount", mountPoint.toString()));
                Files.deleteIfExists(mountPoint);
            } catch (IOException e) {
                failure = e;
            }
        }
        try {
            exec(List.of("losetup", "-d", device));
        } catch (IOException e) {
            if (failure == null) {
                failure = e;
            }
        }
        Files.deleteIfExists(backing);
        if (failure != null) {
            throw failure;
        }
    }

    /** Runs a command, returns its stdout, throws with its stderr when it fails. */
    public static String exec(List<String> cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Process p = pb.start();
        try {
            byte[] out = p.getInputStream().readAllBytes();
            byte[] err = p.getErrorStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("timed out: " + cmd);
            }
            if (p.exitValue() != 0) {
                throw new IOException(cmd + " failed (" + p.exitValue() + "): " + new String(err).trim());
            }
            return new String(out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + cmd, e);
        }
    }
}
