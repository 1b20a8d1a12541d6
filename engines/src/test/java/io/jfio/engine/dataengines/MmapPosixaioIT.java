package io.jfio.engine.dataengines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import com.kenai.jffi.MemoryIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jfio.engine.EngineRegistry;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.testing.EngineDriver;
import io.jfio.engine.testing.TestContext;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;

/**
 * mmap and posixaio move real data: each writes a pattern through the engine (on a file on
 * ext4-on-loop and on the raw loop device), psync reads it back and every byte is checked, and
 * the other way round. Then 50,000 I/Os through each allocate nothing on the heap.
 */
@ExtendWith(LoopDevices.class)
class MmapPosixaioIT {
    private static final int REGION = 1 << 20;
    private static final MemoryIO MEM = MemoryIO.getInstance();
    private static LoopDevice raw;
    private static Path mount;

    @BeforeAll
    static void setUp(@Loop(mib = 4) LoopDevice rawDev, @Loop(mib = 64, ext4 = true) LoopDevice ext4) {
        raw = rawDev;
        mount = ext4.mountPoint();
    }

    private static byte expected(long offset, int seed) {
        return (byte) (offset * 131 + seed ^ (offset >>> 9));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mmap", "posixaio"})
    void ext4FileRoundTrip(String engine) throws Exception {
        Path file = mount.resolve(engine + ".dat");
        Files.write(file, new byte[REGION]);
        roundTrip(engine, "psync", file.toString(), 8192, 11);
        roundTrip("psync", engine, file.toString(), 4096, 12);
    }

    @ParameterizedTest
    @ValueSource(strings = {"mmap", "posixaio"})
    void blockDeviceRoundTrip(String engine) throws Exception {
        roundTrip(engine, "psync", raw.device(), 4096, 21);
        roundTrip("psync", engine, raw.device(), 65536, 22);
    }

    /** {@code writer} writes REGION bytes in random order (fsync at the end), {@code reader} checks them. */
    private void roundTrip(String writer, String reader, String path, int bs, int seed) throws Exception {
        int depth = 8;
        long count = REGION / bs;
        try (IoBuffers b = IoBuffers.allocate(depth, bs, 4096)) {
            run(writer, path, b, depth, count + 1, (seq, u) -> {
                if (seq == count) {
                    u.ddir = IoDirection.SYNC;
                    u.length = 0;
                    u.offset = 0;
                    return;
                }
                u.ddir = IoDirection.WRITE;
                u.offset = ((seq * 7) % count) * bs; // 7 is coprime with the power-of-two count
                u.length = bs;
                for (int i = 0; i < bs; i++) {
                    MEM.putByte(u.bufferAddress + i, expected(u.offset + i, seed));
                }
            }, null);
            long[] bad = {0};
            run(reader, path, b, depth, count, (seq, u) -> {
                u.ddir = IoDirection.READ;
                u.offset = seq * bs;
                u.length = bs;
                for (int i = 0; i < bs; i++) {
                    MEM.putByte(u.bufferAddress + i, (byte) 0);
                }
            }, u -> {
                assertEquals(bs, u.result, "bytes read at " + u.offset);
                for (int i = 0; i < bs; i++) {
                    if (MEM.getByte(u.bufferAddress + i) != expected(u.offset + i, seed)) {
                        bad[0]++;
                    }
                }
            });
            assertEquals(0, bad[0], writer + " -> " + reader + " on " + path + ": wrong bytes");
        }
    }

    private static void run(String engine, String path, IoBuffers b, int depth, long count,
                            EngineDriver.Planner plan, EngineDriver.Completion done) throws Exception {
        IoEngine e = EngineRegistry.load().resolve(engine).create();
        TestContext ctx = new TestContext(b, depth);
        IoFile f = ctx.file(path);
        e.init(ctx);
        e.openFile(f, OpenFlags.forJob(true, false, !path.startsWith("/dev/"), 0));
        f.fileOffset = 0;
        f.ioSize = REGION;
        EngineDriver d = new EngineDriver(e, b.units());
        d.run(count, e.flags().contains(io.jfio.engine.EngineFlag.SYNC_IO) ? 1 : depth, (seq, u) -> {
            u.file = f;
            plan.plan(seq, u);
        }, done);
        assertEquals(0, d.errors, engine + ": errno " + d.firstErrno);
        e.closeFile(f);
        e.cleanup();
    }

    @ParameterizedTest
    @ValueSource(strings = {"mmap", "posixaio"})
    void fiftyThousandIosAllocateNothing(String engine) throws Exception {
        Path file = mount.resolve(engine + "-alloc.dat");
        Files.write(file, new byte[REGION]);
        int depth = engine.equals("mmap") ? 1 : 4;
        try (IoBuffers b = IoBuffers.allocate(depth, 4096, 4096)) {
            IoEngine e = EngineRegistry.load().resolve(engine).create();
            TestContext ctx = new TestContext(b, depth);
            IoFile f = ctx.file(file.toString());
            e.init(ctx);
            e.openFile(f, OpenFlags.forJob(true, false, true, 0));
            f.ioSize = REGION;
            EngineDriver d = EngineDriver.assertAllocatesAtMost(32 * 1024, e, b.units(), 20_000, 50_000, depth,
                EngineDriver.cycling(f, seq -> (seq & 1) == 0 ? IoDirection.READ : IoDirection.WRITE), engine);
            assertEquals(0, d.errors);
            e.closeFile(f);
            e.cleanup();
        }
    }

    @Test
    void mmapRefusesSubPageBlocksWithDirect() throws Exception {
        try (IoBuffers b = IoBuffers.allocate(1, 4096, 4096)) {
            IoEngine e = EngineRegistry.load().resolve("mmap").create();
            TestContext ctx = new TestContext(b, 1) {
                @Override
                public int[] blockSizes() {
                    return new int[] {512, 4096};
                }
            };
            ctx.direct = true;
            io.jfio.engine.EngineException ex = org.junit.jupiter.api.Assertions.assertThrows(
                io.jfio.engine.EngineException.class, () -> e.init(ctx));
            assertEquals("fio: mmap options dictate a minimum block size of 4096 bytes", ex.getMessage());
        }
    }

    /** The unit's index is its position: posixaio finds its aiocb by it. */
    @Test
    void posixaioReapsOutOfOrderCompletions() throws Exception {
        Path file = mount.resolve("order.dat");
        Files.write(file, new byte[REGION]);
        try (IoBuffers b = IoBuffers.allocate(16, 4096, 4096)) {
            IoEngine e = EngineRegistry.load().resolve("posixaio").create();
            TestContext ctx = new TestContext(b, 16);
            IoFile f = ctx.file(file.toString());
            e.init(ctx);
            e.openFile(f, OpenFlags.forJob(false, false, true, 0));
            long[] seen = new long[REGION / 4096];
            EngineDriver d = new EngineDriver(e, b.units());
            d.run(REGION / 4096, 16, EngineDriver.sequential(f, IoDirection.READ, 4096), u -> seen[(int) (u.offset / 4096)]++);
            for (long s : seen) {
                assertEquals(1, s);
            }
            for (IoUnit u : b.units()) {
                assertTrue(u.index < 16);
            }
            e.closeFile(f);
            e.cleanup();
        }
    }
}
