package io.jfio.runner;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.runner.job.PatternSource;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** EngineContext.blockSizes(): every block size a job may issue, for engines with an LBA granularity. */
class BlockSizesTest {
    /** Completes everything at once and keeps what init was told. */
    static final class Capture implements IoEngine {
        int[] sizes;

        @Override
        public String name() {
            return "capture";
        }

        @Override
        public Set<EngineFlag> flags() {
            return EnumSet.of(EngineFlag.SYNC_IO, EngineFlag.DISK_LESS);
        }

        @Override
        public void init(EngineContext ctx) {
            sizes = ctx.blockSizes();
        }

        @Override
        public void openFile(IoFile f, int flags) {
        }

        @Override
        public void closeFile(IoFile f) {
        }

        @Override
        public QueueStatus queue(IoUnit u) {
            u.complete(u.length);
            return QueueStatus.COMPLETED;
        }

        @Override
        public void cleanup() {
        }
    }

    private static int[] sizesOf(String job) {
        Capture c = new Capture();
        Run run = new Run(new RunRequest(Jobs.parse("[j]\nioengine=null\nsize=1m\n" + job), Set.of("normal"), 3, null,
                "never", 0, 0, false), new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(new ByteArrayOutputStream(), true), spec -> c, PatternSource.FACTORY);
        assertEquals(0, run.execute());
        return c.sizes;
    }

    @Test
    void everySizeTheJobMayUse() {
        assertArrayEquals(new int[] {4096}, sizesOf("rw=randread\n"));
        assertArrayEquals(new int[] {4096, 8192, 16384}, sizesOf("rw=randrw\nbs=4k,8k,16k\n"));
        assertArrayEquals(new int[] {512, 4096, 65536}, sizesOf("rw=randread\nbsrange=512-64k\n"));
        assertArrayEquals(new int[] {768, 4096, 65536}, sizesOf("rw=randread\nbssplit=768/10:4k/50:64k/40\n"));
    }
}
