package io.jfio.engine.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class NativeBindingTest {
    private static Path dir;
    private static Path pages;

    @BeforeAll
    static void setUp() throws IOException {
        dir = Files.createTempDirectory(Files.isDirectory(Path.of("/dev/shm")) ? Path.of("/dev/shm") : Path.of("/tmp"),
            "engines-sync-native-");
        pages = dir.resolve("pages");
        byte[] data = new byte[4 * 4096];
        for (int p = 0; p < 4; p++) {
            java.util.Arrays.fill(data, p * 4096, (p + 1) * 4096, (byte) (0x10 + p));
        }
        Files.write(pages, data);
    }

    @AfterAll
    static void tearDown() throws IOException {
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(dir);
    }

    /** The 6th primitive argument (mmap's offset) must arrive intact (NativeFreshJvmIT: also in a fresh JVM). */
    @Test
    void sixthArgumentArrivesInThisJvm() {
        LibC libc = Native.libc();
        int fd = libc.open(pages.toString(), OpenFlags.O_RDONLY, 0);
        assertTrue(fd >= 0);
        long addr = libc.mmap(0L, 4096, 1, 1, fd, 4096L);
        assertTrue(addr != -1, () -> "mmap failed: " + Errno.name(Native.errno()));
        assertEquals(0x11, Pointer.wrap(Native.runtime(), addr, 4096).getByte(0), "first byte of page 1");
        assertEquals(0, libc.munmap(addr, 4096));
        libc.close(fd);
    }

    /** Paths go to libc as C strings of their own (no jnr String conversion); errno survives their free(). */
    @Test
    void pathsReachLibcAndErrnoOutlivesTheirCopy() throws IOException {
        LibC libc = Native.libc();
        Path made = dir.resolve("made-by-open");
        int fd = libc.open(made.toString(), OpenFlags.O_RDWR | OpenFlags.O_CREAT, 0600);
        assertTrue(fd >= 0, () -> "open failed: " + Errno.name(Native.errno()));
        libc.close(fd);
        assertTrue(Files.isRegularFile(made), "open(O_CREAT) made the file the Java path names");
        assertEquals(-1, libc.open(dir.resolve("no-such-file").toString(), OpenFlags.O_RDONLY, 0));
        assertEquals(2, Native.errno(), "ENOENT, read after the path's memory was freed");
        assertEquals(0, libc.unlink(made.toString()));
        assertTrue(!Files.exists(made), "unlink removed it");
        assertEquals(-1, libc.unlink(made.toString()));
        assertEquals(2, Native.errno());
    }

    /** LibC takes and returns primitives only: jnr's String/Pointer converters tripled its binding's cost. */
    @Test
    void libcBindsPrimitivesOnly() {
        for (java.lang.reflect.Method m : LibC.class.getMethods()) {
            if (m.isDefault()) {
                continue;
            }
            assertTrue(m.getReturnType().isPrimitive(), m + " returns a primitive");
            for (Class<?> p : m.getParameterTypes()) {
                assertTrue(p.isPrimitive(), m + " takes primitives");
            }
        }
    }

    @Test
    void errnoNames() {
        assertEquals("EOPNOTSUPP", Errno.name(95));
        assertEquals(95, Errno.byName("ENOTSUP"));
        assertEquals(11, Errno.byName("EAGAIN"));
    }

    @Test
    void errnoTextIsGlibcs() {
        assertEquals("Operation not supported", Errno.strerror(95));
        assertEquals("No space left on device", Errno.strerror(28));
        assertEquals("Resource temporarily unavailable", Errno.strerror(11));
        assertEquals("Unknown error 4000", Errno.strerror(4000));
    }

    /** golden m_error_dev_full: the job header and the stderr lines fio prints. */
    @Test
    void fioErrorText() {
        VError e = VError.ioUnit(28);
        assertEquals("err=28 (file:io_u.c:2018, func=io_u error, error=No space left on device)", e.headerField());
        assertEquals("fio: pid=8974, err=95/file:io_u.c:2018, func=io_u error, error=Operation not supported",
            VError.ioUnit(95).pidLine(8974));
        assertEquals("fio: io_u error on file /dev/loop0: Operation not supported: read offset=0, buflen=4096",
            VError.ioUnitLine("/dev/loop0", 95, "read", 0, 4096));
    }

    /** Every binding the runner uses, on a /dev/shm file. */
    @Test
    void fileSyscalls() {
        LibC libc = Native.libc();
        Path f = dir.resolve("io");
        int fd = libc.open(f.toString(), OpenFlags.O_RDWR | OpenFlags.O_CREAT, 0644);
        assertTrue(fd >= 0);
        try (AlignedBuffer buf = AlignedBuffer.allocate(8192, 4096)) {
            Pointer p = buf.pointer();
            for (int i = 0; i < 8192; i++) {
                p.putByte(i, (byte) i);
            }
            assertEquals(0, libc.ftruncate(fd, 1 << 20));
            assertEquals(0, libc.fallocate(fd, 0, 0, 1 << 20));
            assertEquals(0, libc.posix_fadvise(fd, 0, 0, 4 /* DONTNEED */));
            assertEquals(4096, libc.pwrite64(fd, buf.address(), 4096, 0));
            assertEquals(4096, libc.write(fd, buf.address() + 4096, 4096));
            Pointer iov = Memory.allocateDirect(Native.runtime(), 32);
            iov.putLong(0, buf.address());
            iov.putLong(8, 4096);
            iov.putLong(16, buf.address() + 4096);
            iov.putLong(24, 4096);
            assertEquals(8192, libc.pwritev(fd, iov.address(), 2, 8192));
            assertEquals(8192, libc.pwritev2(fd, iov.address(), 2, 16384, 0));
            assertEquals(0, libc.lseek(fd, 0, 0));
            assertEquals(8192, libc.writev(fd, iov.address(), 2));
            assertEquals(0, libc.fsync(fd));
            assertEquals(0, libc.fdatasync(fd));
            assertEquals(0, libc.lseek(fd, 0, 0));
            assertEquals(8192, libc.readv(fd, iov.address(), 2));
            assertEquals(8192, libc.preadv(fd, iov.address(), 2, 8192));
            assertEquals(8192, libc.preadv2(fd, iov.address(), 2, 16384, 0));
            assertEquals(4096, libc.pread64(fd, buf.address(), 4096, 4096));
            assertEquals((byte) 5, p.getByte(5), "first page of the second block came back");
            assertEquals(-1, libc.preadv2(fd, iov.address(), 1, 0, 0x200));
            assertEquals(Errno.EOPNOTSUPP, Native.errno(), "unknown RWF flag");
            assertEquals(-1, libc.pread64(-1, buf.address(), 4096, 0));
            assertEquals(Errno.EBADF, Native.errno());
        } finally {
            assertEquals(0, libc.close(fd));
        }
        Pointer usage = Memory.allocateDirect(Native.runtime(), 144);
        assertEquals(0, libc.getrusage(0, usage.address()));
        assertTrue(usage.getLong(0) + usage.getLong(8) >= 0, "ru_utime seconds");
        Pointer mask = Memory.allocateDirect(Native.runtime(), 128, true);
        int cpu = libc.sched_getcpu();
        assertTrue(cpu >= 0);
        mask.putByte(cpu / 8, (byte) (1 << (cpu % 8)));
        // pin this thread to the CPU it runs on, then let it go everywhere again
        assertEquals(0, libc.sched_setaffinity(0, 128, mask.address()));
        for (int i = 0; i < 128; i++) {
            mask.putByte(i, (byte) 0xff);
        }
        assertEquals(0, libc.sched_setaffinity(0, 128, mask.address()));
    }
}
