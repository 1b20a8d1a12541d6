package io.jfio.engine.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import com.kenai.jffi.MemoryIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineRegistry;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.BlockDevice;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.testing.EngineDriver;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import io.jfio.engine.testing.TestContext;

/**
 * Each sync-family engine writes a pattern (buffered, then fsync through the engine's SYNC
 * direction) to a raw loop device and to a file on ext4-on-loop; the next engine in the list
 * reads it back with O_DIRECT and every byte is checked.
 */
@org.junit.jupiter.api.extension.ExtendWith(LoopDevices.class)
class SyncFamilyDataIT {
    private static final List<String> ENGINES = List.of("sync", "psync", "vsync", "pvsync", "pvsync2");
    private static final int REGION = 512 * 1024;
    private static final MemoryIO MEM = MemoryIO.getInstance();

    private static LoopDevice raw;
    private static Path mount;

    @BeforeAll
    static void setUp(@Loop(mib = 8) LoopDevice rawDev, @Loop(mib = 64, ext4 = true) LoopDevice ext4) {
        raw = rawDev;
        mount = ext4.mountPoint();
    }

    static byte expected(long offset, int seed) {
        return (byte) (offset * 31 + seed ^ (offset >>> 12));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sync", "psync", "vsync", "pvsync", "pvsync2"})
    void blockDeviceRoundTrip(String writer) throws Exception {
        int region = ENGINES.indexOf(writer);
        roundTrip(writer, raw.device(), (long) region * REGION, 4096, 4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sync", "psync", "vsync", "pvsync", "pvsync2"})
    void ext4FileRoundTrip(String writer) throws Exception {
        roundTrip(writer, mount.resolve(writer + ".dat").toString(), 0, 16384, 8);
    }

    private void roundTrip(String writer, String path, long base, int bs, int depth) throws Exception {
        String reader = ENGINES.get((ENGINES.indexOf(writer) + 1) % ENGINES.size());
        int seed = writer.hashCode();
        long count = REGION / bs;
        int lbs = BlockDevice.logicalBlockSizeFor(Path.of(path).getParent() == null ? Path.of(path) : Path.of(path));
        try (IoBuffers buffers = IoBuffers.allocate(depth, bs, IoBuffers.alignment(0, lbs, true))) {
            // write, buffered
            IoEngine w = EngineRegistry.load().resolve(writer).create();
            TestContext wctx = new TestContext(buffers, depth);
            IoFile wf = wctx.file(path);
            w.init(wctx);
            boolean regular = !BlockDevice.isBlockDevice(Path.of(path));
            w.openFile(wf, OpenFlags.forJob(true, false, regular, 0));
            EngineDriver wd = new EngineDriver(w, buffers.units());
            wd.run(count, depth, (seq, u) -> {
                u.ddir = IoDirection.WRITE;
                u.file = wf;
                u.offset = base + seq * bs;
                u.length = bs;
                for (int i = 0; i < bs; i++) {
                    MEM.putByte(u.bufferAddress + i, expected(u.offset + i, seed));
                }
            }, u -> assertEquals(bs, u.result, () -> writer + " wrote short or failed: " + u.result));
            EngineDriver sd = new EngineDriver(w, buffers.units());
            sd.run(1, 1, (seq, u) -> {
                u.ddir = IoDirection.SYNC;
                u.file = wf;
                u.offset = 0;
                u.length = 0;
            }, u -> assertEquals(0, u.errno(), writer + " fsync"));
            w.closeFile(wf);
            w.cleanup();
            assertEquals(0, wd.errors);

            // read back with the next engine, O_DIRECT
            IoEngine r = EngineRegistry.load().resolve(reader).create();
            TestContext rctx = new TestContext(buffers, depth);
            rctx.direct = true;
            rctx.readOnly = true;
            IoFile rf = rctx.file(path);
            r.init(rctx);
            r.openFile(rf, OpenFlags.forJob(false, true, regular, 0));
            long[] bad = new long[1];
            EngineDriver rd = new EngineDriver(r, buffers.units());
            rd.run(count, depth, (seq, u) -> {
                u.ddir = IoDirection.READ;
                u.file = rf;
                u.offset = base + seq * bs;
                u.length = bs;
                MEM.setMemory(u.bufferAddress, bs, (byte) 0);
            }, u -> {
                assertEquals(bs, u.result, () -> reader + " read short or failed: " + u.result);
                for (int i = 0; i < bs; i++) {
                    if (MEM.getByte(u.bufferAddress + i) != expected(u.offset + i, seed)) {
                        bad[0]++;
                    }
                }
            });
            r.closeFile(rf);
            r.cleanup();
            assertEquals(count, rd.completed);
            assertEquals(0, bad[0], () -> "bytes written by " + writer + " that " + reader + " read back wrong");
        }
    }

    /**
     * Trim through psync is BLKDISCARD whatever the file is, as fio's do_io_u_trim: the device
     * reads back zeros.
     */
    @org.junit.jupiter.api.Test
    void psyncTrimOfADeviceReadsBackZeros() throws Exception {
        String dev = raw.device();
        long base = (long) ENGINES.indexOf("psync") * REGION;
        assertEquals(0, trimThenSyncFileRange(dev, base)[0], "TRIM on " + dev);
        try (IoBuffers b = IoBuffers.allocate(1, 65536, 4096)) {
            IoEngine e = new PsyncEngine();
            TestContext ctx = new TestContext(b, 1);
            IoFile f = ctx.file(dev);
            e.init(ctx);
            e.openFile(f, OpenFlags.forJob(true, false, false, 0));
            try {
                long[] nonZero = new long[1];
                new EngineDriver(e, b.units()).run(1, 1, (seq, u) -> {
                    u.ddir = IoDirection.READ;
                    u.file = f;
                    u.offset = base;
                    u.length = 65536;
                }, u -> {
                    for (int i = 0; i < 65536; i++) {
                        if (MEM.getByte(u.bufferAddress + i) != 0) {
                            nonZero[0]++;
                        }
                    }
                });
                assertEquals(0, nonZero[0], () -> "trimmed range reads back as zeros on " + dev);
            } finally {
                e.closeFile(f);
                e.cleanup();
            }
        }
    }

    /** BLKDISCARD on a regular file is ENOTTY, as fio reports it. */
    @org.junit.jupiter.api.Test
    void psyncTrimOfARegularFileIsEnotty() throws Exception {
        String file = regularFile();
        assertEquals(25, trimThenSyncFileRange(file, 0)[0], "TRIM on " + file);
    }

    @org.junit.jupiter.api.Test
    void psyncSyncFileRangeSucceedsOnDevicesAsOnFiles() throws Exception {
        String file = regularFile();
        String dev = raw.device();
        assertEquals(0, trimThenSyncFileRange(dev, (long) ENGINES.indexOf("psync") * REGION)[1],
                "SYNC_FILE_RANGE on " + dev);
        assertEquals(0, trimThenSyncFileRange(file, 0)[1], "SYNC_FILE_RANGE on " + file);
    }

    private String regularFile() throws Exception {
        String file = mount.resolve("trim.dat").toString();
        roundTrip("psync", file, 0, 4096, 1);
        return file;
    }

    /** A 64 KiB trim then a sync_file_range at base through psync: their errnos, in that order. */
    private static int[] trimThenSyncFileRange(String path, long base) throws Exception {
        boolean regular = !path.startsWith("/dev/");
        int[] errnos = new int[2];
        try (IoBuffers b = IoBuffers.allocate(1, 65536, 4096)) {
            IoEngine e = new PsyncEngine();
            TestContext ctx = new TestContext(b, 1);
            IoFile f = ctx.file(path);
            e.init(ctx);
            e.openFile(f, OpenFlags.forJob(true, false, regular, 0));
            try {
                new EngineDriver(e, b.units()).run(2, 1, (seq, u) -> {
                    u.ddir = seq == 0 ? IoDirection.TRIM : IoDirection.SYNC_FILE_RANGE;
                    u.file = f;
                    u.offset = base;
                    u.length = 65536;
                }, u -> errnos[u.ddir == IoDirection.TRIM ? 0 : 1] = u.errno());
            } finally {
                e.closeFile(f);
                e.cleanup();
            }
        }
        return errnos;
    }
}
