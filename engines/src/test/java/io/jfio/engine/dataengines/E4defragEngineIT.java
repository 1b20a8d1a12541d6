package io.jfio.engine.dataengines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.jfio.engine.EngineRegistry;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.testing.TestContext;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;

/**
 * e4defrag on a real ext4 file: a write exchanges the block's extent with the donor's; the
 * kernel reports the whole block moved and the file's data stays as it was.
 */
@ExtendWith(LoopDevices.class)
class E4defragEngineIT {
    private static Path mount;

    @BeforeAll
    static void setUp(@Loop(mib = 64, ext4 = true) LoopDevice loop) {
        mount = loop.mountPoint();
    }

    private static TestContext context(IoBuffers b, String donor, String inplace) {
        TestContext ctx = new TestContext(b, 1) {
            @Override
            public String directory() {
                return mount.toString();
            }

            @Override
            public long fileSizeHigh() {
                return 1 << 20;
            }
        };
        ctx.option("donorname", donor);
        if (inplace != null) {
            ctx.option("inplace", inplace);
        }
        return ctx;
    }

    @Test
    void writeMovesTheDonorExtentsIn() throws Exception {
        for (String inplace : new String[] {null, "1"}) {
            Path file = mount.resolve("orig" + inplace + ".dat");
            byte[] pattern = new byte[1 << 20];
            Arrays.fill(pattern, (byte) 0x5a);
            Files.write(file, pattern);
            // on disk, not delayed-allocated: ext4 moves only allocated extents (ENODATA otherwise)
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                    java.nio.file.StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            try (IoBuffers b = IoBuffers.allocate(1, 65536, 4096)) {
                IoEngine e = EngineRegistry.load().resolve("e4defrag").create();
                TestContext ctx = context(b, "donor" + inplace + ".def", inplace);
                IoFile f = ctx.file(file.toString());
                e.init(ctx);
                e.openFile(f, OpenFlags.forJob(true, false, true, 0));
                try {
                IoUnit u = b.unit(0);
                u.ddir = IoDirection.WRITE;
                u.file = f;
                u.offset = 65536;
                u.length = 65536;
                e.queue(u);
                assertEquals(65536, u.result, "inplace=" + inplace + ": moved bytes (errno " + u.errno() + ")");
                u.ddir = IoDirection.READ;
                e.queue(u);
                assertEquals(-Errno.EINVAL, u.result, "reads are refused");
                } finally {
                    e.closeFile(f);
                    e.cleanup();
                }
            }
            // a defrag keeps the data; the file's old blocks went to the donor in exchange
            assertArrayEquals(pattern, Files.readAllBytes(file), "inplace=" + inplace);
            Path donor = mount.resolve("donor" + inplace + ".def");
            if (inplace == null) {
                assertEquals(1 << 20, Files.size(donor), "preallocated over filesize");
            } else {
                assertEquals(0, Files.size(donor), "inplace=1 truncates the donor after each block");
            }
        }
    }
}
