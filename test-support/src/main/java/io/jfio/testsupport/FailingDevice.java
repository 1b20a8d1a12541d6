package io.jfio.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A block device that fails reads or writes with EIO at chosen byte ranges on demand: a loop
 * device over the one file of a small FUSE file system (failing_disk.py, fusepy) whose data
 * lives in /dev/shm. This is the failing disk that device-mapper's error target would give,
 * on a kernel without device-mapper. On close the loop device is detached, the FUSE file
 * system unmounted, its process ended and every file removed, also when the test failed.
 */
public final class FailingDevice implements AutoCloseable {
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    private final Process fuse;
    private final Path mount;
    private final Path backing;
    private final Path script;
    private String device;

    private FailingDevice(Process fuse, Path mount, Path backing, Path script) {
        this.fuse = fuse;
        this.mount = mount;
        this.backing = backing;
        this.script = script;
    }

    /** Why the rig can't be built here, or null when it can. */
    public static String unavailableReason() {
        String loop = LoopDevice.unavailableReason();
        if (loop != null) {
            return loop;
        }
        if (!Files.exists(Path.of("/dev/fuse"))) {
            return "/dev/fuse is missing (no FUSE in this kernel or container)";
        }
        if (!Files.isExecutable(PYTHON)) {
            return "/usr/bin/python3 is not installed";
        }
        try {
            Process p = new ProcessBuilder(PYTHON.toString(), "-c",
                    "try:\n import fusepy\nexcept ImportError:\n import fuse").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return "python3 has no FUSE binding (apt-get install python3-fusepy fuse3)";
            }
        } catch (IOException e) {
            return "python3 does not start: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        return null;
    }

    /** Skips the calling test (JUnit assumption) with the reason when the rig is unavailable. */
    public static void assumeAvailable() {
        String why = unavailableReason();
        org.junit.jupiter.api.Assumptions.assumeTrue(why == null, () -> "skipped: " + why);
    }

    /** A failing device of {@code sizeBytes}, failing nothing until {@link #failReads} or {@link #failWrites}. */
    public static FailingDevice create(long sizeBytes) throws IOException {
        Path script = Files.createTempFile("jfio-faildisk-", ".py");
        Path mount = Files.createTempDirectory("jfio-faildisk-");
        Path backing = Path.of("/dev/shm", mount.getFileName() + ".img");
        try (InputStream in = FailingDevice.class.getResourceAsStream("failing_disk.py")) {
            if (in == null) {
                throw new IOException("failing_disk.py is not on the class path");
            }
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        Process p = new ProcessBuilder(PYTHON.toString(), script.toString(), mount.toString(), backing.toString(),
                Long.toString(sizeBytes)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        FailingDevice d = new FailingDevice(p, mount, backing, script);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.exists(mount.resolve("disk.img"))) {
                if (!p.isAlive()) {
                    throw new IOException("failing_disk.py exited with " + p.exitValue());
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("FUSE mount did not appear on " + mount);
                }
                Thread.sleep(50);
            }
            d.device = LoopDevice.exec(List.of("losetup", "-f", "--show", mount.resolve("disk.img").toString())).trim();
            return d;
        } catch (IOException | RuntimeException e) {
            d.close();
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            d.close();
            throw new IOException("interrupted", e);
        }
    }

    /** The loop device, e.g. /dev/loop3. */
    public String device() {
        return device;
    }

    /** From now on, reads overlapping [offset, offset+length) fail with EIO. */
    public void failReads(long offset, long length) throws IOException {
        control("read " + offset + " " + length);
    }

    /** From now on, writes overlapping [offset, offset+length) fail with EIO. */
    public void failWrites(long offset, long length) throws IOException {
        control("write " + offset + " " + length);
    }

    /**
     * After each refusal, the next request (and so every later one: the file system answers
     * them one at a time) waits until {@code millis} have passed. The refusal's completion then
     * reaches the caller before any later one, whatever order the kernel would have delivered
     * them in, so an async engine sees the error with exactly the I/Os it already had in flight.
     */
    public void holdAfterFailure(long millis) throws IOException {
        control("hold " + millis);
    }

    /** Nothing fails or is held any more. */
    public void heal() throws IOException {
        control("clear");
    }

    /** How many reads and writes the file system has failed so far: {reads, writes}. */
    public long[] failures() throws IOException {
        long[] n = new long[2];
        for (String line : Files.readAllLines(mount.resolve("ctl"))) {
            String[] w = line.split(" ");
            n[w[0].equals("failed_reads") ? 0 : 1] = Long.parseLong(w[1]);
        }
        return n;
    }

    private void control(String line) throws IOException {
        Files.write(mount.resolve("ctl"), (line + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        if (device != null) {
            try {
                LoopDevice.exec(List.of("losetup", "-d", device));
            } catch (IOException e) {
                failure = e;
            }
        }
        try {
            LoopDevice.exec(List.of("umount", "-l", mount.toString()));
        } catch (IOException e) {
            // Not mounted (the process never got that far) or already gone: ending the process is enough.
        }
        fuse.destroy();
        try {
            if (!fuse.waitFor(10, TimeUnit.SECONDS)) {
                fuse.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Files.deleteIfExists(mount);
        Files.deleteIfExists(backing);
        Files.deleteIfExists(script);
        if (failure != null) {
            throw failure;
        }
    }
}
