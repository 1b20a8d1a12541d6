package io.jfio.peak;

import io.jfio.engine.EngineException;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.RawMemory;
import io.jfio.engine.uring.Ring;
import io.jfio.engine.uring.Uring;
import java.nio.ByteBuffer;

/**
 * A submitter's ring as t/io_uring's setup_ring makes it: fio's flag set (dropping COOP, SINGLE,
 * DEFER, NO_SQARRAY on EINVAL), then restrictions (-e1), registered buffers (-B1), registered files
 * (-F1) and the registered ring fd (-R1). On failure {@link #error} holds t/io_uring's messages.
 */
final class PeakRingSetup {
    private static final LibC C = Native.libc();
    /** The kernel's limit on registered buffers (IORING_MAX_REG_BUFFERS). */
    private static final int MAX_REGISTERED_BUFFERS = 16384;

    Ring ring;
    /** -B1 with more than 16384 slots: one registered buffer, buf_index 0 for every slot. */
    boolean singleRegisteredBuffer;
    /** t/io_uring's lines for the failed step, or null when the ring is ready. */
    String error;

    PeakRingSetup(PeakOptions o, int depth, int nbuf, int bs, long bufBase, long iovecsAddr, PeakFile[] files,
                  int nrFiles) throws EngineException {
        error = setup(o, depth, nbuf, bs, bufBase, iovecsAddr, files, nrFiles);
    }

    private String setup(PeakOptions o, int depth, int nbuf, int bs, long bufBase, long iovecsAddr,
                         PeakFile[] files, int nrFiles) throws EngineException {
        int flags = Uring.SETUP_CQSIZE | Uring.SETUP_COOP_TASKRUN | Uring.SETUP_SINGLE_ISSUER
            | Uring.SETUP_DEFER_TASKRUN | Uring.SETUP_NO_SQARRAY;
        if (o.polled && !o.nop) {
            flags |= Uring.SETUP_IOPOLL;
        }
        if (o.passthrough) {
            flags |= Uring.SETUP_SQE128 | Uring.SETUP_CQE32;
        }
        if (o.restriction) {
            flags |= Uring.SETUP_R_DISABLED;
        }
        int[] ladder = {Uring.SETUP_COOP_TASKRUN, Uring.SETUP_SINGLE_ISSUER, Uring.SETUP_DEFER_TASKRUN,
            Uring.SETUP_NO_SQARRAY};
        int step = 0;
        while (true) {
            try {
                ring = Ring.setup(depth, flags, depth, -1, 0);
                break;
            } catch (EngineException e) {
                while (e.errno() == Errno.EINVAL && step < ladder.length && (flags & ladder[step]) == 0) {
                    step++;
                }
                if (e.errno() != Errno.EINVAL || step >= ladder.length) {
                    return "io_uring_setup: " + C.strerror(e.errno()) + "\nqueue setup failed: "
                        + C.strerror(e.errno()) + ", 1";
                }
                flags &= ~ladder[step++];
            }
        }
        ring.setEnterExtraFlags(0); // t/io_uring passes no NO_IOWAIT
        if (o.restriction) {
            int r = registerRestrictions();
            if (r != 0) {
                return "IORING_REGISTER_RESTRICTIONS: " + r + "\nFailed to set restrictions";
            }
        }
        if (o.fixedBufs) {
            // t/io_uring registers one buffer over all slots; jfio registers one per slot, each
            // exactly bs long, because 6.1-era kernels fail fixed passthrough I/O that does not
            // end at the end of its registered buffer (lab README). Slot i uses buf_index i.
            int r;
            if (nbuf <= MAX_REGISTERED_BUFFERS) {
                r = ring.registerBuffers(iovecsAddr, nbuf);
            } else {
                // More slots than the kernel registers buffers: one buffer over all, as t/io_uring.
                ByteBuffer one = RawMemory.allocate(64, 64);
                one.putLong(0, bufBase);
                one.putLong(8, (long) bs * nbuf);
                r = ring.registerBuffers(RawMemory.address(one), 1);
                singleRegisteredBuffer = true;
            }
            if (r < 0) {
                return "io_uring_register_buffers: " + C.strerror(-r) + "\nqueue setup failed: " + C.strerror(-r) + ", 1";
            }
        }
        if (o.registerFiles) {
            ByteBuffer fds = RawMemory.allocate(((4 * nrFiles) + 63) & ~63, 64);
            for (int i = 0; i < nrFiles; i++) {
                fds.putInt(4 * i, files[i].realFd);
                files[i].fixedFd = i;
            }
            int r = ring.registerFiles(RawMemory.address(fds), nrFiles);
            if (r < 0) {
                return "io_uring_register_files: " + C.strerror(-r) + "\nqueue setup failed: " + C.strerror(-r) + ", 1";
            }
        }
        if (o.registerRing && PeakMain.registerRingEnabled() && !ring.registerRingFd()) {
            PeakMain.registerRingFailed();
        }
        return null;
    }

    /** -e1: allow only the read-side opcodes and the registrations t/io_uring needs, then enable the ring. */
    private int registerRestrictions() {
        ByteBuffer res = RawMemory.allocate(128, 64);
        int[][] entries = {{1, Uring.OP_NOP}, {1, Uring.OP_READ}, {1, Uring.OP_READV}, {1, Uring.OP_READ_FIXED},
            {0, Uring.REGISTER_BUFFERS}, {0, Uring.REGISTER_ENABLE_RINGS}, {0, Uring.REGISTER_RING_FDS},
            {0, Uring.REGISTER_FILES}};
        for (int i = 0; i < entries.length; i++) {
            res.putShort(16 * i, (short) entries[i][0]);
            res.put(16 * i + 2, (byte) entries[i][1]);
        }
        int r = ring.register(Uring.REGISTER_RESTRICTIONS, RawMemory.address(res), entries.length);
        if (r < 0) {
            return r;
        }
        r = ring.register(Uring.REGISTER_ENABLE_RINGS, 0, 0);
        return r < 0 ? r : 0;
    }
}
