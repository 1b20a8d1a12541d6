package io.jfio.engine.nullio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;


import org.junit.jupiter.api.Test;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.testing.EngineDriver;
import io.jfio.engine.testing.TestContext;

class NullEngineTest {
    /** Fixed allowance for 1,000,000 I/Os: far below one object per I/O (16+ bytes each). */
    static final long ALLOCATION_BOUND = 64 * 1024;

    private static NullEngine engine(IoBuffers buffers, int depth) throws EngineException {
        NullEngine e = new NullEngine();
        e.init(new TestContext(buffers, depth));
        return e;
    }

    @Test
    void depthOneCompletesInQueue() throws Exception {
        try (IoBuffers b = IoBuffers.allocate(1, 4096, 4096)) {
            NullEngine e = engine(b, 1);
            assertTrue(e.flags().contains(EngineFlag.SYNC_IO));
            IoUnit u = b.unit(0);
            u.ddir = IoDirection.READ;
            u.length = 4096;
            assertEquals(QueueStatus.COMPLETED, e.queue(u));
            assertEquals(4096, u.result);
            EngineDriver d = new EngineDriver(e, b.units());
            d.run(1000, 1, EngineDriver.sequential(new IoFile("x", 0), IoDirection.WRITE, 4096),
                unit -> assertEquals(4096, unit.result));
            assertEquals(1000, d.completed);
        }
    }

    @Test
    void deeperQueuesCompleteOnGetEvents() throws Exception {
        try (IoBuffers b = IoBuffers.allocate(8, 4096, 4096)) {
            NullEngine e = engine(b, 8);
            assertTrue(e.flags().contains(EngineFlag.SETS_ISSUE_TIME));
            assertTrue(!e.flags().contains(EngineFlag.SYNC_IO));
            for (int i = 0; i < 3; i++) {
                IoUnit u = b.unit(i);
                u.length = 512 * (i + 1);
                u.result = -1;
                assertEquals(QueueStatus.QUEUED, e.queue(u));
            }
            assertEquals(3, e.commit());
            assertEquals(QueueStatus.BUSY, e.queue(b.unit(3)), "busy until the events are reaped");
            assertEquals(0, e.getEvents(0, 8, 0), "like fio's, min=0 reaps nothing");
            assertEquals(3, e.getEvents(1, 8, -1));
            for (int i = 0; i < 3; i++) {
                assertEquals(512 * (i + 1), e.event(i).result);
                assertTrue(e.event(i).issueTimeNanos != 0);
            }
            assertEquals(0, e.getEvents(1, 8, -1));
            EngineDriver d = new EngineDriver(e, b.units());
            long[] bytes = new long[1];
            d.run(100_000, 8, EngineDriver.sequential(new IoFile("x", 0), IoDirection.READ, 4096),
                unit -> bytes[0] += unit.result);
            assertEquals(100_000, d.completed);
            assertEquals(100_000L * 4096, bytes[0]);
        }
    }

    /** The per-I/O path of engine and driver allocates nothing: 1M I/Os stay under a fixed bound. */
    @Test
    void millionIosAllocateAlmostNothing() throws Exception {
        try (IoBuffers b = IoBuffers.allocate(16, 4096, 4096)) {
            for (int depth : new int[] {1, 16}) {
                NullEngine e = engine(b, depth);
                IoFile f = new IoFile("x", 0);
                EngineDriver d = EngineDriver.assertAllocatesAtMost(ALLOCATION_BOUND, e, b.units(), 200_000, 1_000_000,
                    depth, EngineDriver.sequential(f, IoDirection.READ, 4096), "null engine, iodepth=" + depth);
                assertEquals(1_000_000, d.completed);
            }
        }
    }
}
