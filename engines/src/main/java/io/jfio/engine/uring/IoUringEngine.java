package io.jfio.engine.uring;

import io.jfio.engine.Cmdprio;
import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineOption;
import io.jfio.engine.GenericFileOps;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.BlkDiscard;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.RwfFlags;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * fio's io_uring engine over a hand-written {@link Ring}. queue() fills one zeroed SQE per unit
 * (user_data = unit index); submitting and reaping are {@link RingEngine}'s.
 */
public final class IoUringEngine extends RingEngine {
    /** io_uring cmd_op for an asynchronous block discard (_IO(0x12, 0)). */
    private static final int BLOCK_URING_CMD_DISCARD = 0x1200;
    /** sync_file_range flags used when the runner passes none in {@link IoUnit#rwFlags}. */
    static final int SYNC_FILE_RANGE_WRITE = 2;

    private IoUringOptions opts;
    private Cmdprio cmdprio;
    /** The job's own priority, which every read and write carries in its SQE (fio's td->ioprio). */
    private int jobIoprio;
    /** Whether trims go through URING_CMD discard; off after the first refusal or without URING_CMD. */
    private boolean discardCmd;
    private boolean vectored;
    private int baseRwFlags;
    /** A file polled I/O goes to, for the stall diagnosis. */
    private String pollFile;
    private final BlkDiscard discard = new BlkDiscard();

    @Override
    public String name() {
        return "io_uring";
    }

    @Override
    public Set<EngineFlag> flags() {
        return EnumSet.of(EngineFlag.SETS_ISSUE_TIME, EngineFlag.ATOMIC_WRITES, EngineFlag.NO_OFFLOAD);
    }

    @Override
    public List<EngineOption> options() {
        return IoUringOptions.OPTIONS;
    }

    /** Whether reads and writes go as READV/WRITEV (nonvectored=0, or the probe found no READ/WRITE). */
    public boolean vectored() {
        return vectored;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        opts = IoUringOptions.parse(ctx.engineOptions());
        cmdprio = Cmdprio.from(ctx.engineOptions(), ctx.jobName(), ctx.reads(), ctx.writes(), ctx.ioprio(),
            ctx.randomSeed());
        jobIoprio = ctx.ioprio();
        int flags = Uring.SETUP_CQSIZE | Uring.SETUP_COOP_TASKRUN | Uring.SETUP_SINGLE_ISSUER
            | opts.pollSetupFlags();
        if (opts.deferTaskrun && !opts.sqthreadPoll) {
            // DEFER_TASKRUN and SQPOLL are exclusive (EINVAL); fio drops DEFER via its retry ladder.
            flags |= Uring.SETUP_DEFER_TASKRUN;
        }
        setupRing(ctx, flags, opts);
        // As fio after 3.42: a registered ring fd spares the kernel an fd lookup on every enter.
        ring.registerRingFd();
        boolean[] ops = ring.probe();
        discardCmd = ops != null && ops[Uring.OP_URING_CMD] && !iopoll();
        if (opts.nonvectored < 0) {
            vectored = ops == null || !(ops[Uring.OP_READ] && ops[Uring.OP_WRITE]);
        } else {
            vectored = opts.nonvectored == 0;
        }
        baseRwFlags = RwfFlags.forJob(opts.uncached, opts.nowait, ctx.direct());
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws EngineException {
        if (opts != null && opts.hipri) {
            String why = BlockQueue.whyNoPolling(file.path);
            if (why != null) {
                throw new EngineException(Errno.EOPNOTSUPP, "io_uring", "io_uring: hipri: " + why);
            }
            pollFile = file.path;
        }
        GenericFileOps.open(file, openFlags);
        try {
            registerFile(file, file.fd);
        } catch (EngineException e) {
            Native.libc().close(file.fd);
            file.fd = -1;
            throw e;
        }
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (full()) {
            return QueueStatus.BUSY;
        }
        IoDirection d = u.ddir;
        if (d == IoDirection.TRIM) {
            return trim(u);
        }
        if (iopoll() && (d == IoDirection.SYNC || d == IoDirection.DATASYNC)) {
            // FSYNC on an IOPOLL ring fails with EINVAL: do it synchronously instead.
            int r = d == IoDirection.SYNC ? Native.libc().fsync(u.file.fd) : Native.libc().fdatasync(u.file.fd);
            u.complete(r < 0 ? -Native.errno() : 0);
            return QueueStatus.COMPLETED;
        }
        int slot = sq.claim(); // every case below writes the whole SQE with prep
        if (slot < 0) {
            return QueueStatus.BUSY;
        }
        IoFile f = u.file;
        int sqeFlags = fileFlags(f) | forceAsyncFlag();
        int fd = sqeFd(f);
        switch (d) {
            case READ, WRITE -> {
                boolean read = d == IoDirection.READ;
                int rw = baseRwFlags | u.rwFlags;
                if (opts.fixedbufs) {
                    sq.prep(slot, read ? Uring.OP_READ_FIXED : Uring.OP_WRITE_FIXED, sqeFlags, fd, u.offset,
                        u.bufferAddress, u.length, rw, u.index);
                    sq.putShort(slot, Uring.SQE_BUF_INDEX, u.index);
                } else if (vectored) {
                    sq.prep(slot, read ? Uring.OP_READV : Uring.OP_WRITEV, sqeFlags, fd, u.offset,
                        iovec(u), 1, rw, u.index);
                } else {
                    sq.prep(slot, read ? Uring.OP_READ : Uring.OP_WRITE, sqeFlags, fd, u.offset,
                        u.bufferAddress, u.length, rw, u.index);
                }
                // As fio's io_uring: an SQPOLL thread does not inherit the job's ioprio_set, so
                // every read and write carries the job's priority, or its per-I/O one.
                int prio = cmdprio.active() ? cmdprio.choose(u) : -1;
                sq.putShort(slot, Uring.SQE_IOPRIO, prio >= 0 ? prio : jobIoprio);
            }
            case SYNC -> sq.prep(slot, Uring.OP_FSYNC, sqeFlags, fd, 0, 0, 0, 0, u.index);
            case DATASYNC -> sq.prep(slot, Uring.OP_FSYNC, sqeFlags, fd, 0, 0, 0, Uring.FSYNC_DATASYNC, u.index);
            case SYNC_FILE_RANGE -> sq.prep(slot, Uring.OP_SYNC_FILE_RANGE, sqeFlags, fd, u.offset, 0, u.length,
                u.rwFlags != 0 ? u.rwFlags : SYNC_FILE_RANGE_WRITE, u.index);
            default -> throw new IllegalStateException("io_uring: unexpected ddir " + d);
        }
        queued();
        return QueueStatus.QUEUED;
    }

    @Override
    public int[] clatPrios(int ddir) {
        return cmdprio.clatPrios(ddir);
    }

    private QueueStatus trim(IoUnit u) {
        IoFile f = u.file;
        if (discardCmd) {
            // As fio 3.42: an asynchronous block discard (URING_CMD, 6.12+) whatever the file is;
            // the first failure turns it off for the job and later trims use the ioctl.
            int slot = sq.next();
            if (slot < 0) {
                return QueueStatus.BUSY;
            }
            sq.prep(slot, Uring.OP_URING_CMD, fileFlags(f), sqeFd(f), 0, u.offset, 0, 0, u.index);
            sq.putInt(slot, Uring.SQE_CMD_OP, BLOCK_URING_CMD_DISCARD);
            sq.putLong(slot, Uring.SQE_ADDR3, u.length);
            queued();
            return QueueStatus.QUEUED;
        }
        if (hasQueued()) {
            return QueueStatus.BUSY; // fio: synchronous trims only with nothing queued
        }
        u.complete(syncDiscard(u));
        return QueueStatus.COMPLETED;
    }

    private long syncDiscard(IoUnit u) {
        return discard.discard(u.file.fd, u.offset, u.length);
    }

    @Override
    protected void complete(IoUnit u, int res) {
        u.complete(u.ddir == IoDirection.TRIM ? discardResult(u, res) : res);
    }

    /**
     * A reaped discard: 0 means done. Any failure, as in fio's io_uring.c, turns the command off
     * and completes the unit with nothing trimmed and no error (a full residual), so the next
     * trim goes through the ioctl.
     */
    private long discardResult(IoUnit u, int res) {
        if (res == 0) {
            return u.length;
        }
        discardCmd = false;
        return 0;
    }

    @Override
    public String errorHint(int errno) {
        return RwfFlags.errorHint(errno, baseRwFlags);
    }

    @Override
    protected String pollStallDiagnosis() {
        String why = pollFile == null ? null : BlockQueue.whyNoPolling(pollFile);
        return super.pollStallDiagnosis() + (why == null ? "" : "; " + why)
            + (ring.hasFlag(Uring.SETUP_DEFER_TASKRUN) ? "; try defer_taskrun=0" : "");
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("io_uring with hand-written rings (no liburing)", IoUringEngine::new);
        }
    }
}
