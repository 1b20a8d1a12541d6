package io.jfio.engine.uringcmd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.engine.EngineException;
import io.jfio.engine.uring.Ring;
import io.jfio.engine.uring.Uring;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The Ring extension jfio-peak's -X1 uses: enter through a registered ring index. */
class RegisteredRingTest {
    @Test
    void nopsThroughTheRegisteredIndex() throws Exception {
        Ring ring;
        try {
            ring = Ring.setup(8, Uring.SETUP_SQE128 | Uring.SETUP_CQE32, 0, -1, 0);
        } catch (EngineException e) {
            Assumptions.assumeTrue(false, "io_uring unavailable: " + e.getMessage());
            return;
        }
        try {
            Assumptions.assumeTrue(ring.registerRingFd(), "kernel without REGISTER_RING_FDS (before 5.18)");
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 4; i++) {
                    int slot = ring.sq().next();
                    ring.sq().prep(slot, Uring.OP_NOP, 0, -1, 0, 0, 0, 0, 100 + i);
                }
                ring.sq().publish();
                int r = ring.enter(4, 4, Uring.ENTER_GETEVENTS);
                assertEquals(4, r, "enter via the registered index");
                ring.sq().consumed(r);
                assertEquals(4, ring.cq().ready());
                for (int i = 0; i < 4; i++) {
                    assertTrue(ring.cq().userData(i) >= 100);
                    assertEquals(0, ring.cq().res(i));
                }
                ring.cq().advance(4);
            }
        } finally {
            ring.close();
        }
    }
}
