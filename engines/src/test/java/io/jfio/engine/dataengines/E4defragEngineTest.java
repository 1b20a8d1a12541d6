package io.jfio.engine.dataengines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineRegistry;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoEngine;
import io.jfio.engine.testing.TestContext;

/** e4defrag's option checks, which need no ext4 file (E4defragEngineIT moves real extents). */
class E4defragEngineTest {
    @Test
    void donornameIsRequired() throws Exception {
        try (IoBuffers b = IoBuffers.allocate(1, 4096, 4096)) {
            IoEngine e = EngineRegistry.load().resolve("e4defrag").create();
            TestContext ctx = new TestContext(b, 1);
            EngineException ex = assertThrows(EngineException.class, () -> e.init(ctx));
            assertEquals("'donorname' options required", ex.getMessage());
        }
    }
}
