package io.jfio.engine.sync;

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
    @ValueSource(strings = {"sync", "psync", "vsync", "pvsync", "pvsync2", "splice"})
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
            // splice alternates reads and writes: both go through its pipe
            boolean writes = name.equals("splice");
            e.openFile(f, OpenFlags.forJob(writes, false, true, 0));
            EngineDriver.Planner plan = (seq, u) -> {
                u.ddir = writes && (seq & 1) == 1 ? IoDirection.WRITE : IoDirection.READ;
                u.file = f;
                u.offset = (seq & 255) * 4096;
                u.length = 4096;
            };
            EngineDriver d = new EngineDriver(e, b.units());
            long allocated = d.allocatedOver(50_000, 100_000, depth, plan);
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
