package io.jfio.engine.sync;

import io.jfio.testsupport.Allocation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jfio.engine.EngineRegistry;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.testing.EngineDriver;
import io.jfio.engine.testing.TestContext;

/** The syscall path through jnr-ffi allocates nothing per I/O, for every sync-family engine. */
class SyncAllocationTest {
    @ParameterizedTest
    @ValueSource(strings = {"sync", "psync", "vsync", "pvsync", "pvsync2"})
    void hundredThousandReadsAllocateNothing(String name) throws Exception {
        Path dir = Files.createTempDirectory(Path.of(Files.isDirectory(Path.of("/dev/shm")) ? "/dev/shm" : "/tmp"),
            "engines-sync-alloc-");
        Path file = dir.resolve("a.dat");
        Files.write(file, new byte[1 << 20]);
        int depth = name.equals("vsync") ? 4 : 1;
        try (IoBuffers b = IoBuffers.allocate(depth, 4096, 4096)) {
            IoEngine e = EngineRegistry.load().resolve(name).create();
            TestContext ctx = new TestContext(b, depth);
            if (name.equals("pvsync2")) {
                ctx.option("hipri", "").option("hipri_percentage", "50");
            }
            IoFile f = ctx.file(file.toString());
            e.init(ctx);
            e.openFile(f, OpenFlags.forJob(false, false, true, 0));
            EngineDriver.Planner plan = (seq, u) -> {
                u.ddir = IoDirection.READ;
                u.file = f;
                u.offset = (seq & 255) * 4096;
                u.length = 4096;
            };
            new EngineDriver(e, b.units()).run(50_000, depth, plan, null);
            EngineDriver d = new EngineDriver(e, b.units());
            long before = Allocation.threadBytes();
            d.run(100_000, depth, plan, null);
            long allocated = Allocation.threadBytes() - before;
            System.out.println(name + ": 100,000 reads allocated " + allocated + " bytes");
            assertEquals(0, d.errors);
            assertTrue(allocated <= 64 * 1024, () -> allocated + " bytes for 100k " + name + " reads");
            e.closeFile(f);
            e.cleanup();
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }
}
