package io.jfio.engine.uring;

import io.jfio.engine.EngineException;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RingTest {
    static final int FIO_DEFAULT = Uring.SETUP_CQSIZE | Uring.SETUP_COOP_TASKRUN | Uring.SETUP_SINGLE_ISSUER
        | Uring.SETUP_DEFER_TASKRUN;

    /** Submits n NOPs in batches of 32 and reaps them; returns the sum of user_data seen. */
    static long nops(Ring ring, int n) {
        SubmissionQueue sq = ring.sq();
        CompletionQueue cq = ring.cq();
        long sum = 0;
        int done = 0;
        int sent = 0;
        while (done < n) {
            while (sent < n && sent - done < 32) {
                int slot = sq.next();
                if (slot < 0) {
                    break;
                }
                sq.prep(slot, Uring.OP_NOP, 0, -1, 0, 0, 0, 0, sent);
                sent++;
            }
            int pending = sq.publish();
            int r = ring.enter(pending, 1, Uring.ENTER_GETEVENTS);
            if (r < 0) {
                throw new IllegalStateException("enter " + r);
            }
            sq.consumed(r);
            int k = cq.ready();
            for (int i = 0; i < k; i++) {
                sum += cq.userData(i);
                if (cq.res(i) != 0) {
                    throw new IllegalStateException("res " + cq.res(i));
                }
            }
            cq.advance(k);
            done += k;
        }
        return sum;
    }

    @Test
    void nopsThroughDefaultFlagsRing() throws EngineException {
        try (Ring ring = Ring.setupWithFallback(32, FIO_DEFAULT, 32, -1, 0)) {
            assertEquals(FIO_DEFAULT, ring.flags(), "6.18 accepts fio's default flags");
            assertEquals(32, ring.sq().entries());
            assertEquals(32, ring.cq().entries());
            long n = 10_000;
            assertEquals(n * (n - 1) / 2, nops(ring, (int) n));
        }
    }

    @Test
    void sqe128AndCqe32Rings() throws EngineException {
        try (Ring ring = Ring.setup(16, Uring.SETUP_SQE128 | Uring.SETUP_CQE32, 0, -1, 0)) {
            assertEquals(128, ring.sqeSize());
            assertEquals(32, ring.cqeSize());
            assertEquals(4950, nops(ring, 100));
        }
    }

    @Test
    void probeSeesReadAndWrite() throws EngineException {
        try (Ring ring = Ring.setup(8, 0, 0, -1, 0)) {
            boolean[] ops = ring.probe();
            assertNotNull(ops);
            assertTrue(ops[Uring.OP_READ] && ops[Uring.OP_WRITE] && ops[Uring.OP_READ_FIXED]);
        }
    }

    @Test
    void deferTaskrunAloneFallsBack() throws EngineException {
        // DEFER_TASKRUN without SINGLE_ISSUER is EINVAL: the ladder drops both.
        try (Ring ring = Ring.setupWithFallback(8, Uring.SETUP_DEFER_TASKRUN | Uring.SETUP_COOP_TASKRUN, 0, -1, 0)) {
            assertEquals(Uring.SETUP_COOP_TASKRUN, ring.flags());
        }
    }

    @Test
    void millionNopsAllocateNothingPerIo() throws EngineException {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        try (Ring ring = Ring.setupWithFallback(32, FIO_DEFAULT, 32, -1, 0)) {
            nops(ring, 50_000); // warm-up
            long before = mx.getThreadAllocatedBytes(tid);
            nops(ring, 1_000_000);
            long allocated = mx.getThreadAllocatedBytes(tid) - before;
            System.out.println("1M NOPs allocated " + allocated + " bytes");
            assertTrue(allocated < 64 * 1024, "allocated " + allocated + " bytes for 1M NOPs");
        }
    }
}
