package io.jfio.peak;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.testsupport.Allocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The submit/reap loop allocates nothing per I/O: a NOP submitter runs on its own thread and its
 * allocated bytes (ThreadMXBean) are sampled twice, two million I/Os apart, after a warm-up of as
 * many (the JIT's work is done by then). One file takes the NOP path whose SQEs are written once;
 * two files the general one (a file picked and an SQE written per I/O).
 */
class PeakAllocationTest {
    private static final LibC C = Native.libc();
    private static final long IOS = 2_000_000;
    /** Far below one small object per I/O (2M I/Os x 16 bytes = 32 MB), above a stray set-up object. */
    private static final long LIMIT = 64 * 1024;
    private Path file;
    private int fd = -1;

    @BeforeEach
    void create() throws IOException {
        file = Files.createTempFile(Path.of("/dev/shm"), "jfio-peak-alloc", ".dat");
        try (var raf = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(8 << 20);
        }
        fd = C.open(file.toString(), OpenFlags.O_RDONLY, 0);
        assertTrue(fd >= 0, "open " + file);
    }

    @AfterEach
    void remove() throws IOException {
        if (fd >= 0) {
            C.close(fd);
        }
        Files.deleteIfExists(file);
    }

    @Test
    void nopsOnOneFileAllocateNothingPerIo() throws Exception {
        assertNoAllocation(1, "-N1", "-d32", "-s8", "-c8");
    }

    @Test
    void nopsOverTwoFilesAllocateNothingPerIo() throws Exception {
        assertNoAllocation(2, "-N1", "-d32", "-s8", "-c8");
    }

    @Test
    void nopsWithLatencyStatsAllocateNothingPerIo() throws Exception {
        assertNoAllocation(1, "-N1", "-d16", "-s4", "-c4", "-t1", "-F0", "-B0", "-R0");
    }

    private void assertNoAllocation(int nfiles, String... flags) throws Exception {
        String[] args = java.util.Arrays.copyOf(flags, flags.length + 1);
        args[flags.length] = file.toString();
        PeakOptions o = PeakOptions.parse(args);
        PeakSubmitter s = new PeakSubmitter(0, o, new PeakSubmitter.Shared(1));
        long size = Files.size(file);
        for (int i = 0; i < nfiles; i++) {
            s.files[s.nrFiles++] = new PeakFile(file.toString(), fd, size / o.bs - 1, size, 0, 0);
        }
        s.filename = file.toString();
        Thread t = new Thread(s, "peak-alloc");
        t.start();
        try {
            awaitDone(s, t, IOS);
            long bytes0 = Allocation.threadBytes(t);
            long done0 = s.done();
            awaitDone(s, t, done0 + IOS);
            long allocated = Allocation.threadBytes(t) - bytes0;
            long ios = s.done() - done0;
            assertTrue(allocated < LIMIT, allocated + " bytes allocated over " + ios + " I/Os");
        } finally {
            s.finish = true;
            t.join(60_000);
        }
    }

    /** Waits for the submitter's done counter; only a stopped submitter (or a hang) fails it. */
    private static void awaitDone(PeakSubmitter s, Thread t, long target) throws InterruptedException {
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (s.done() < target) {
            assertTrue(t.isAlive(), "the submitter stopped at " + s.done() + " I/Os");
            assertTrue(System.nanoTime() < deadline, "no " + target + " I/Os in 300 s");
            Thread.sleep(5);
        }
    }
}
