package io.jfio.engine.uring;

import io.jfio.testsupport.Allocation;
import io.jfio.engine.EngineException;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.RwfFlags;
import org.junit.jupiter.api.Test;


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
    void aBigEntryRingHas128ByteSqes() throws EngineException {
        try (Ring ring = bigEntryRing()) {
            assertEquals(128, ring.sqeSize());
        }
    }

    @Test
    void aBigEntryRingHas32ByteCqes() throws EngineException {
        try (Ring ring = bigEntryRing()) {
            assertEquals(32, ring.cqeSize());
        }
    }

    @Test
    void aBigEntryRingRunsNops() throws EngineException {
        try (Ring ring = bigEntryRing()) {
            assertEquals(4950, nops(ring, 100));
        }
    }

    /** SQE128 with CQE32, the ring NVMe passthrough needs. */
    private static Ring bigEntryRing() throws EngineException {
        return Ring.setup(16, Uring.SETUP_SQE128 | Uring.SETUP_CQE32, 0, -1, 0);
    }

    @Test
    void probeSeesTheReadWriteOps() throws EngineException {
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
        try (Ring ring = Ring.setupWithFallback(32, FIO_DEFAULT, 32, -1, 0)) {
            nops(ring, 50_000); // warm-up
            long before = Allocation.threadBytes();
            nops(ring, 1_000_000);
            long allocated = Allocation.threadBytes() - before;
            System.out.println("1M NOPs allocated " + allocated + " bytes");
            assertTrue(allocated < 64 * 1024, "allocated " + allocated + " bytes for 1M NOPs");
        }
    }

    /** One SQE through enter(1, 1, GETEVENTS); returns its res. */
    static int one(Ring ring, int slot) {
        ring.sq().publish();
        int r = ring.enter(ring.sq().unsubmitted(), 1, Uring.ENTER_GETEVENTS);
        assertEquals(1, r);
        ring.sq().consumed(r);
        int res = ring.cq().res(0);
        ring.cq().advance(1);
        return res;
    }

    /** A scratch file in /dev/shm, open read-write; closed and removed on close. */
    private record ShmFile(String path, int fd) implements AutoCloseable {
        static ShmFile create(String tag) {
            String path = "/dev/shm/jfio-engines-async-" + tag + "-" + ProcessHandle.current().pid();
            int fd = io.jfio.engine.nativeio.Native.libc().open(path, 0x40 | 2, 0644);
            assertTrue(fd >= 0);
            return new ShmFile(path, fd);
        }

        @Override
        public void close() {
            io.jfio.engine.nativeio.Native.libc().close(fd);
            io.jfio.engine.nativeio.Native.libc().unlink(path);
        }
    }

    @Test
    void fsyncOnAnIopollRingIsEinval() throws EngineException {
        try (ShmFile shm = ShmFile.create("ring"); Ring ring = Ring.setup(4, Uring.SETUP_IOPOLL, 0, -1, 0)) {
            int fd = shm.fd();
            int slot = ring.sq().next();
            ring.sq().prep(slot, Uring.OP_FSYNC, 0, fd, 0, 0, 0, 0, 7);
            assertEquals(-Errno.EINVAL, one(ring, slot), "the trap the engine avoids by syncing synchronously");
        }
    }

    @Test
    void reusedSlotsAreZeroedSoStaleFieldsCannotBreakFsync() throws EngineException {
        try (ShmFile shm = ShmFile.create("ring2"); Ring ring = Ring.setup(1, 0, 0, -1, 0)) {
            int fd = shm.fd();
            // A slot once used as READ_FIXED-like (buf_index, rw_flags set) ...
            int slot = ring.sq().next();
            ring.sq().prep(slot, Uring.OP_NOP, 0, -1, 0, 0, 0, RwfFlags.RWF_NOWAIT, 1);
            ring.sq().putShort(slot, Uring.SQE_BUF_INDEX, 3);
            one(ring, slot);
            // ... comes back zeroed from next(), so an FSYNC prepared in it succeeds.
            int again = ring.sq().next();
            assertEquals(slot, again);
            java.nio.ByteBuffer sqes = ring.sq().sqeBuffer();
            assertEquals(0, sqes.getShort(again * ring.sqeSize() + Uring.SQE_BUF_INDEX));
            assertEquals(0, sqes.getInt(again * ring.sqeSize() + Uring.SQE_RW_FLAGS));
            ring.sq().prep(again, Uring.OP_FSYNC, 0, fd, 0, 0, 0, 0, 3);
            assertEquals(0, one(ring, again));
            // Without the zeroing (what fio does) the leftover field makes the kernel refuse it.
            int stale = ring.sq().next();
            ring.sq().prep(stale, Uring.OP_FSYNC, 0, fd, 0, 0, 0, 0, 4);
            ring.sq().putShort(stale, Uring.SQE_BUF_INDEX, 3);
            assertEquals(-Errno.EINVAL, one(ring, stale), "kernel rejects an FSYNC with a stale buf_index");
        }
    }

    @Test
    void prepWritesTheWholeSqeSoAClaimedSlotNeedsNoZeroing() throws EngineException {
        for (int setup : new int[] {0, Uring.SETUP_SQE128}) {
            try (ShmFile shm = ShmFile.create("ring3"); Ring ring = Ring.setup(1, setup, 0, -1, 0)) {
                int fd = shm.fd();
                SubmissionQueue sq = ring.sq();
                int slot = sq.claim();
                assertEquals(0, slot);
                // Garbage in every byte of the slot (buf_index, personality, addr3, the SQE128 half) ...
                for (int off = 0; off < sq.sqeSize(); off += 8) {
                    sq.putLong(slot, off, 0x0303030303030303L);
                }
                // ... which prep overwrites: the FSYNC is accepted as on a zeroed slot.
                sq.prep(slot, Uring.OP_FSYNC, 0, fd, 0, 0, 0, 0, 9);
                java.nio.ByteBuffer sqes = sq.sqeBuffer();
                for (int off = Uring.SQE_BUF_INDEX; off < sq.sqeSize(); off += 8) {
                    assertEquals(0L, sqes.getLong(off), "SQE bytes " + off + "+ after prep");
                }
                assertEquals(0, one(ring, slot));
                // The ring holds one SQE: with it consumed, claim hands out the same slot again.
                assertEquals(slot, sq.claim());
                sq.prep(slot, Uring.OP_NOP, 0, -1, 0, 0, 0, 0, 10);
                assertEquals(0, one(ring, slot));
            }
        }
    }

    @Test
    void claimSaysFullUntilTheKernelConsumes() throws EngineException {
        try (Ring ring = Ring.setup(2, 0, 0, -1, 0)) {
            SubmissionQueue sq = ring.sq();
            assertTrue(sq.claim() >= 0);
            assertTrue(sq.claim() >= 0);
            assertEquals(-1, sq.claim(), "two entries, both claimed");
            sq.prep(0, Uring.OP_NOP, 0, -1, 0, 0, 0, 0, 1);
            sq.prep(1, Uring.OP_NOP, 0, -1, 0, 0, 0, 0, 2);
            sq.publish();
            assertEquals(2, ring.enter(2, 2, Uring.ENTER_GETEVENTS));
            sq.consumed(2);
            assertEquals(2, ring.cq().ready());
            assertEquals(3L, ring.cq().userData(0) + ring.cq().userData(1));
            ring.cq().advance(2);
            assertTrue(sq.claim() >= 0, "the cached head is re-read once the ring looks full");
        }
    }

    @Test
    void batchClaimReusesSqesWrittenOnceAndStopsAtAFullRing() throws EngineException {
        try (Ring ring = Ring.setup(4, 0, 0, -1, 0)) {
            SubmissionQueue sq = ring.sq();
            CompletionQueue cq = ring.cq();
            for (int slot = 0; slot < sq.entries(); slot++) {
                sq.prep(slot, Uring.OP_NOP, 0, -1, 0, 0, 0, 0, 100 + slot);
            }
            assertEquals(3, sq.claim(3));
            assertEquals(1, sq.claim(3), "only one of four entries left");
            assertEquals(0, sq.claim(1), "full");
            sq.publish();
            assertEquals(4, ring.enter(4, 4, Uring.ENTER_GETEVENTS));
            sq.consumed(4);
            assertEquals(4, cq.ready());
            cq.advance(4);
            // The SQEs were never rewritten: the next round submits the same four NOPs again.
            assertEquals(4, sq.claim(8), "the cached head is re-read once the ring looks full");
            sq.publish();
            assertEquals(4, ring.enter(4, 4, Uring.ENTER_GETEVENTS));
            sq.consumed(4);
            long sum = 0;
            for (int i = 0; i < 4; i++) {
                sum += cq.userData(i);
                assertEquals(0, cq.res(i));
            }
            cq.advance(4);
            assertEquals(100 + 101 + 102 + 103, sum);
        }
    }

    @Test
    void sqpollThreadIsWokenWhenItSleeps() throws Exception {
        try (Ring ring = Ring.setup(8, Uring.SETUP_SQPOLL, 0, -1, 10)) {
            SubmissionQueue sq = ring.sq();
            CompletionQueue cq = ring.cq();
            // After 10 ms idle the kernel thread goes to sleep and asks for a wake-up; on a loaded
            // machine it may take much longer than 10 ms to get there.
            long asleep = System.nanoTime() + 10_000_000_000L;
            while (!sq.needsWakeup() && System.nanoTime() < asleep) {
                Thread.sleep(10);
            }
            int slot = sq.next();
            sq.prep(slot, Uring.OP_NOP, 0, -1, 0, 0, 0, 0, 42);
            sq.publish();
            assertTrue(sq.needsWakeup(), "SQ thread asleep after its idle time");
            assertTrue(ring.enter(0, 0, Uring.ENTER_SQ_WAKEUP) >= 0);
            long deadline = System.nanoTime() + 2_000_000_000L;
            while (cq.ready() == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(1, cq.ready(), "NOP completed by the woken SQ thread without GETEVENTS");
            assertEquals(42, cq.userData(0));
            cq.advance(1);
        }
    }
}
