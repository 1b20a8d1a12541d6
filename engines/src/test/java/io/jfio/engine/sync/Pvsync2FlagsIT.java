package io.jfio.engine.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.nativeio.RwfFlags;
import io.jfio.engine.nativeio.VError;
import io.jfio.engine.testing.EngineDriver;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevices;
import io.jfio.engine.testing.TestContext;

/**
 * pvsync2's flags reach the kernel: uncached=1 (RWF_DONTCACHE) is accepted by ext4 files on
 * 6.14+ and refused by block devices and tmpfs; nowait and hipri as the kernel documents them.
 */
@org.junit.jupiter.api.extension.ExtendWith(LoopDevices.class)
class Pvsync2FlagsIT {
    private static LoopDevice raw;
    private static Path mount;

    @BeforeAll
    static void setUp(@Loop(mib = 8) LoopDevice rawDev, @Loop(mib = 64, ext4 = true) LoopDevice ext4) {
        Assumptions.assumeTrue(kernelAtLeast(6, 14), "skipped: RWF_DONTCACHE needs Linux 6.14+, this is "
            + System.getProperty("os.version"));
        raw = rawDev;
        mount = ext4.mountPoint();
    }

    static boolean kernelAtLeast(int major, int minor) {
        String[] v = System.getProperty("os.version").split("[.-]");
        int ma = Integer.parseInt(v[0]);
        int mi = Integer.parseInt(v[1]);
        return ma > major || ma == major && mi >= minor;
    }

    private static EngineDriver run(String path, boolean regular, IoDirection ddir, Pvsync2Engine engine)
            throws Exception {
        return run(path, regular, ddir, engine, "uncached", "1");
    }

    private static EngineDriver run(String path, boolean regular, IoDirection ddir, Pvsync2Engine engine,
                                    String option, String value) throws Exception {
        try (IoBuffers buffers = IoBuffers.allocate(1, 65536, 4096)) {
            TestContext ctx = new TestContext(buffers, 1).option(option, value);
            IoFile f = ctx.file(path);
            engine.init(ctx);
            engine.openFile(f, OpenFlags.forJob(ddir == IoDirection.WRITE, false, regular, 0));
            EngineDriver d = new EngineDriver(engine, buffers.units());
            d.run(16, 1, EngineDriver.sequential(f, ddir, 65536), null);
            engine.closeFile(f);
            engine.cleanup();
            return d;
        }
    }

    @Test
    void worksOnAnExt4File() throws Exception {
        String file = mount.resolve("uncached.dat").toString();
        EngineDriver w = run(file, true, IoDirection.WRITE, new Pvsync2Engine());
        assertEquals(16, w.completed);
        assertEquals(0, w.errors, () -> "write errno " + w.firstErrno);
        EngineDriver r = run(file, true, IoDirection.READ, new Pvsync2Engine());
        assertEquals(0, r.errors, () -> "read errno " + r.firstErrno);
    }

    /** tmpfs refuses it too: proves the flag reaches the kernel for regular files. */
    @Test
    void failsOnTmpfs() throws Exception {
        Path shm = java.nio.file.Files.createTempDirectory(Path.of("/dev/shm"), "engines-sync-uncached-");
        Path file = shm.resolve("u.dat");
        try {
            EngineDriver d = run(file.toString(), true, IoDirection.WRITE, new Pvsync2Engine());
            assertEquals(16, d.errors);
            assertEquals(Errno.EOPNOTSUPP, d.firstErrno);
        } finally {
            java.nio.file.Files.deleteIfExists(file);
            java.nio.file.Files.deleteIfExists(shm);
        }
    }

    @Test
    void failsWithEopnotsuppOnABlockDevice() throws Exception {
        Pvsync2Engine engine = new Pvsync2Engine();
        EngineDriver d = run(raw.device(), false, IoDirection.READ, engine);
        assertEquals(16, d.errors);
        assertEquals(95, d.firstErrno);
        assertEquals("err=95 (file:io_u.c:2018, func=io_u error, error=Operation not supported)",
            VError.ioUnit(d.firstErrno).headerField());
        assertEquals(RwfFlags.DONTCACHE_HINT, engine.errorHint(Errno.EOPNOTSUPP));
        assertEquals("kernels 6.14+ support RWF_DONTCACHE on ext4 and xfs files, not on block devices",
            engine.errorHint(95));
        assertNull(engine.errorHint(Errno.EAGAIN));
        assertNull(new Pvsync2Engine().errorHint(95), "no hint when uncached is off");
    }

    /** A buffered NOWAIT write to a block device is refused with EOPNOTSUPP. */
    @Test
    void nowaitReachesTheKernel() throws Exception {
        EngineDriver d = run(raw.device(), false, IoDirection.WRITE, new Pvsync2Engine(), "nowait", "1");
        assertEquals(16, d.errors);
        assertEquals(Errno.EOPNOTSUPP, d.firstErrno);
        assertNull(new Pvsync2Engine().errorHint(95), "no DONTCACHE hint for nowait");
    }

    /** hipri is accepted (and ignored) where polling is impossible; hipri_percentage picks its share. */
    @Test
    void hipriShare() throws Exception {
        EngineDriver d = run(mount.resolve("hipri.dat").toString(), true, IoDirection.WRITE, new Pvsync2Engine(),
            "hipri", "");
        assertEquals(0, d.errors);
        Pvsync2Engine e = new Pvsync2Engine();
        try (IoBuffers b = IoBuffers.allocate(1, 4096, 4096)) {
            e.init(new TestContext(b, 1).option("hipri", "").option("hipri_percentage", "30"));
            int hipri = 0;
            for (int i = 0; i < 100_000; i++) {
                if ((e.flagsFor(b.unit(0)) & RwfFlags.RWF_HIPRI) != 0) {
                    hipri++;
                }
            }
            assertEquals(30_000, hipri, 1_000, "RWF_HIPRI on about 30% of I/Os");
            e.cleanup();
        }
    }
}
