package io.jfio.engine.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
            EngineDriver d = EngineDriver.assertAllocatesAtMost(64 * 1024, e, b.units(), 50_000, 100_000, depth,
                EngineDriver.cycling(f, seq -> writes && (seq & 1) == 1 ? IoDirection.WRITE : IoDirection.READ),
                name + " reads");
            assertEquals(0, d.errors);
            e.closeFile(f);
            e.cleanup();
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }
}
