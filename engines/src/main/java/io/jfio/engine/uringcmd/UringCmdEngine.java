package io.jfio.engine.uringcmd;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineOption;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.RawMemory;
import io.jfio.engine.uring.CompletionQueue;
import io.jfio.engine.uring.Errno;
import io.jfio.engine.uring.Ring;
import io.jfio.engine.uring.SubmissionQueue;
import io.jfio.engine.uring.Uring;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * fio's io_uring_cmd engine with cmd_type=nvme: NVMe read/write/flush/DSM commands sent through
 * IORING_OP_URING_CMD to the namespace's generic character device /dev/ngXnY, on an
 * SQE128/CQE32 ring (spec/engines.md 5). A completion's res is 0 on success, -errno for a kernel
 * failure, or the NVMe status field, which becomes the unit's error with the status named by
 * {@link #errorDetails}.
 */
public final class UringCmdEngine implements IoEngine {
    private static final LibC C = Native.libc();
    private static final int O_ACCMODE = 3;
    private static final int O_DIRECT = 0x4000;
    private static final int O_CREAT = 0x40;
    private static final int O_TRUNC = 0x200;
    private static final int NVME_DSM = 0x09;
    private static final int DSM_ATTR_DEALLOCATE = 1 << 2;

    private UringCmdOptions opts;
    private Ring ring;
    private SubmissionQueue sq;
    private CompletionQueue cq;
    private Thread owner;
    private int depth;
    private IoUnit[] units;
    private IoUnit[] events;
    private int eventCount;
    private int queued;
    private int inFlight;
    private boolean sqpoll;
    private int forceAsyncCounter;
    private int[] blockSizes = new int[0];
    /** Per file index: namespace facts, filled at open. */
    private NvmeNamespace[] namespaces = new NvmeNamespace[0];
    /** Per unit: the registered buffer length (fixedbufs), 0 when not registered. */
    private int[] registeredLength;
    /** Per unit: NVMe status of its last completion, 0 when it succeeded or failed in the kernel. */
    private int[] nvmeStatus;
    /** Per unit: one iovec (vectored commands) and one DSM range (trim). */
    private ByteBuffer iovecs;
    private long iovecsAddr;
    private ByteBuffer ranges;
    private long rangesAddr;
    private ByteBuffer registeredFds;

    @Override
    public String name() {
        return "io_uring_cmd";
    }

    @Override
    public Set<EngineFlag> flags() {
        return EnumSet.of(EngineFlag.BLOCK_SIZE_ALIGNED, EngineFlag.OWN_FILE_OPEN);
    }

    @Override
    public List<EngineOption> options() {
        return UringCmdOptions.OPTIONS;
    }

    /** The ring, for tests and diagnostics (null before init). */
    public Ring ring() {
        return ring;
    }

    /** Namespace facts of an open file, or null. */
    public NvmeNamespace namespace(IoFile f) {
        return f.index < namespaces.length ? namespaces[f.index] : null;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        opts = UringCmdOptions.parse(ctx.engineOptions());
        owner = Thread.currentThread();
        blockSizes = ctx.blockSizes();
        List<IoUnit> list = ctx.ioUnits();
        int maxIndex = 0;
        for (IoUnit u : list) {
            maxIndex = Math.max(maxIndex, u.index);
        }
        units = new IoUnit[maxIndex + 1];
        for (IoUnit u : list) {
            units[u.index] = u;
        }
        registeredLength = new int[units.length];
        nvmeStatus = new int[units.length];
        depth = Integer.highestOneBit(Math.max(1, Math.max(ctx.iodepth(), list.size())) * 2 - 1);
        events = new IoUnit[depth];
        namespaces = new NvmeNamespace[Math.max(1, ctx.files().size())];

        // fio's flag set for io_uring_cmd (spec 4.13); the fallback ladder drops what older kernels lack.
        int flags = Uring.SETUP_SQE128 | Uring.SETUP_CQE32 | Uring.SETUP_CQSIZE | Uring.SETUP_COOP_TASKRUN
            | Uring.SETUP_SINGLE_ISSUER | Uring.SETUP_DEFER_TASKRUN;
        if (opts.hipri) {
            flags |= Uring.SETUP_IOPOLL;
        }
        if (opts.sqThreadPoll) {
            flags |= Uring.SETUP_SQPOLL;
            flags &= ~(Uring.SETUP_DEFER_TASKRUN | Uring.SETUP_SINGLE_ISSUER);
            if (opts.sqThreadPollCpu >= 0) {
                flags |= Uring.SETUP_SQ_AFF;
            }
        }
        ring = Ring.setupWithFallback(depth, flags, depth, opts.sqThreadPollCpu, 0);
        sq = ring.sq();
        cq = ring.cq();
        sqpoll = ring.hasFlag(Uring.SETUP_SQPOLL);
        try {
            iovecs = RawMemory.allocate(roundUp64(16 * units.length), 64);
            iovecsAddr = RawMemory.address(iovecs);
            ranges = RawMemory.allocate(roundUp64(16 * units.length), 64);
            rangesAddr = RawMemory.address(ranges);
            if (opts.fixedBufs) {
                registerBuffers(list);
            }
            if (opts.registerFiles) {
                int n = namespaces.length;
                registeredFds = RawMemory.allocate(roundUp64(4 * n), 64);
                for (int i = 0; i < n; i++) {
                    registeredFds.putInt(4 * i, -1);
                }
                int r = ring.registerFiles(RawMemory.address(registeredFds), n);
                if (r < 0) {
                    throw new EngineException(-r, "io_uring_register", "io_uring_cmd: registerfiles: registering "
                        + n + " file slots failed: " + Errno.describe(-r));
                }
            }
        } catch (EngineException e) {
            ring.close();
            ring = null;
            throw e;
        }
    }

    /**
     * One registered buffer per unit, exactly the unit's capacity (the job's largest block size).
     * Kernels before 6.12 (the lab's 6.1 included) reject a fixed passthrough I/O that does not end
     * at the end of its registered buffer, so I/Os shorter than that go unregistered (queue()).
     */
    private void registerBuffers(List<IoUnit> list) throws EngineException {
        ByteBuffer reg = RawMemory.allocate(roundUp64(16 * units.length), 64);
        for (IoUnit u : list) {
            reg.putLong(16 * u.index, u.bufferAddress);
            reg.putLong(16 * u.index + 8, u.bufferCapacity);
        }
        for (int i = 0; i < units.length; i++) {
            if (units[i] == null) {
                // A hole in the index space: register a 1-byte piece of the first buffer to keep indexes aligned.
                reg.putLong(16 * i, list.get(0).bufferAddress);
                reg.putLong(16 * i + 8, 1);
            }
        }
        int r = ring.registerBuffers(RawMemory.address(reg), units.length);
        if (r < 0) {
            throw new EngineException(-r, "io_uring_register", "io_uring_cmd: fixedbufs: registering "
                + units.length + " buffers failed: " + Errno.describe(-r)
                + (r == -Errno.ENOMEM ? " (locked-memory limit too low? see ulimit -l)" : ""));
        }
        for (IoUnit u : list) {
            registeredLength[u.index] = u.bufferCapacity;
        }
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws EngineException {
        if (!isCharDevice(file.path)) {
            throw new EngineException(Errno.EINVAL, "io_uring_cmd",
                "ioengine io_uring_cmd only works with nvme ns generic char devices (/dev/ngXnY): " + file.path);
        }
        if (opts != null && opts.hipri) {
            String why = whyNoPollQueues();
            if (why != null) {
                throw new EngineException(Errno.EOPNOTSUPP, "io_uring_cmd", "io_uring_cmd: hipri: " + why);
            }
        }
        // O_DIRECT means nothing on the char device; creation flags would be wrong there.
        int flags = openFlags & ~(O_DIRECT | O_CREAT | O_TRUNC);
        int fd = C.open(file.path, flags, 0);
        if (fd < 0) {
            int e = Native.errno();
            throw new EngineException(e, "open", "io_uring_cmd: open " + file.path + ": " + Errno.describe(e));
        }
        try {
            NvmeNamespace ns = NvmeNamespace.identify(fd, file.path);
            if (ns.extendedLba() || Integer.bitCount(ns.lbaDataSize()) != 1) {
                throw new EngineException(Errno.EINVAL, "io_uring_cmd", file.path
                    + ": LBA format with inline metadata (" + ns.lbaDataSize() + "+" + ns.metadataSize()
                    + ") is not supported by jfio's io_uring_cmd");
            }
            int[] sizes = blockSizes.length > 0 ? blockSizes : new int[] {units.length > 0 && units[0] != null
                ? units[0].bufferCapacity : 0};
            String bad = ns.checkBlockSize(file.path, sizes);
            if (bad != null) {
                throw new EngineException(Errno.EINVAL, "io_uring_cmd", bad);
            }
            if (file.index >= namespaces.length) {
                NvmeNamespace[] grown = new NvmeNamespace[file.index + 1];
                System.arraycopy(namespaces, 0, grown, 0, namespaces.length);
                namespaces = grown;
            }
            namespaces[file.index] = ns;
            file.type = IoFile.Type.CHAR;
            file.realSize = ns.sizeBytes();
            if (opts != null && opts.registerFiles && ring != null) {
                int r = ring.updateFile(file.index, fd);
                if (r < 0) {
                    throw new EngineException(-r, "io_uring_register", "io_uring_cmd: registerfiles: registering "
                        + file.path + " failed: " + Errno.describe(-r));
                }
                file.engineSlot = file.index;
            }
        } catch (EngineException e) {
            C.close(fd);
            throw e;
        }
        file.fd = fd;
    }

    /**
     * Test hook: opens a file that is not an NVMe namespace (e.g. /dev/null, which completes every
     * uring_cmd with 0, spec 5.7) with made-up namespace facts, to exercise the SQE128/CQE32 path.
     */
    void openWithoutIdentify(IoFile file, NvmeNamespace ns) throws EngineException {
        int fd = C.open(file.path, 2, 0);
        if (fd < 0) {
            throw new EngineException(Native.errno(), "open", "open " + file.path);
        }
        if (file.index >= namespaces.length) {
            NvmeNamespace[] grown = new NvmeNamespace[file.index + 1];
            System.arraycopy(namespaces, 0, grown, 0, namespaces.length);
            namespaces = grown;
        }
        namespaces[file.index] = ns;
        file.fd = fd;
        if (opts.registerFiles) {
            int r = ring.updateFile(file.index, fd);
            if (r < 0) {
                throw new EngineException(-r, "io_uring_register", "registerfiles: " + Errno.describe(-r));
            }
            file.engineSlot = file.index;
        }
    }

    /** RawMemory's aligned slice rounds its capacity down to the alignment: ask for whole units. */
    private static int roundUp64(int n) {
        return (n + 63) & ~63;
    }

    /** The namespace size from Identify Namespace, so jobs on /dev/ngXnY need no size= (as in fio). */
    @Override
    public long fileSize(IoFile file) throws EngineException {
        if (!isCharDevice(file.path)) {
            return -1;
        }
        int fd = C.open(file.path, 0, 0);
        if (fd < 0) {
            int e = Native.errno();
            throw new EngineException(e, "open", "io_uring_cmd: open " + file.path + ": " + Errno.describe(e));
        }
        try {
            return NvmeNamespace.identify(fd, file.path).sizeBytes();
        } finally {
            C.close(fd);
        }
    }

    static boolean isCharDevice(String path) {
        try {
            int mode = (Integer) Files.getAttribute(Path.of(path), "unix:mode");
            return (mode & 0170000) == 0020000;
        } catch (Exception e) {
            return false;
        }
    }

    /** Passthrough polling needs nvme poll queues; without them 6.1 silently serves IRQs, later kernels fail. */
    static String whyNoPollQueues() {
        try {
            Path p = Path.of("/sys/module/nvme/parameters/poll_queues");
            if (!Files.exists(p)) {
                return null; // nvme built differently: let the kernel decide
            }
            String v = Files.readString(p).trim();
            return "0".equals(v) ? "the nvme driver has no poll queues (load it with nvme.poll_queues=N)" : null;
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public void closeFile(IoFile file) throws EngineException {
        if (file.fd < 0) {
            return;
        }
        if (file.engineSlot >= 0 && ring != null) {
            ring.updateFile(file.engineSlot, -1);
            file.engineSlot = -1;
        }
        int r = C.close(file.fd);
        file.fd = -1;
        if (r < 0) {
            int e = Native.errno();
            throw new EngineException(e, "close", "io_uring_cmd: close " + file.path + ": " + Errno.describe(e));
        }
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (queued + inFlight >= depth) {
            return QueueStatus.BUSY;
        }
        IoFile f = u.file;
        NvmeNamespace ns = namespaces[f.index];
        IoDirection d = u.ddir;
        int shift = ns.lbaShift();
        if (d.isData() && (((u.offset | u.length) & ((1L << shift) - 1)) != 0 || u.length == 0)) {
            u.complete(-Errno.EINVAL); // not LBA aligned: the device cannot express it
            return QueueStatus.COMPLETED;
        }
        int slot = sq.next();
        if (slot < 0) {
            return QueueStatus.BUSY;
        }
        int sqeFlags = 0;
        int fd = f.fd;
        if (f.engineSlot >= 0) {
            sqeFlags = Uring.SQE_FIXED_FILE;
            fd = f.engineSlot;
        }
        if (opts.forceAsync > 0 && ++forceAsyncCounter >= opts.forceAsync) {
            forceAsyncCounter = 0;
            sqeFlags |= Uring.SQE_ASYNC;
        }
        sq.putByte(slot, Uring.SQE_OPCODE, Uring.OP_URING_CMD);
        sq.putByte(slot, Uring.SQE_FLAGS, sqeFlags);
        sq.putInt(slot, Uring.SQE_FD, fd);
        sq.putLong(slot, Uring.SQE_USER_DATA, u.index);
        int c = Nvme.SQE_CMD;
        sq.putInt(slot, c + Nvme.CMD_NSID, ns.nsid());
        long slba = u.offset >>> shift;
        switch (d) {
            case READ, WRITE -> {
                boolean read = d == IoDirection.READ;
                int cdw12 = (int) ((u.length >>> shift) - 1);
                if (read ? opts.readFua : opts.writeFua) {
                    cdw12 |= Nvme.CDW12_FUA;
                }
                sq.putByte(slot, c + Nvme.CMD_OPCODE, read ? Nvme.OPC_READ : Nvme.OPC_WRITE);
                sq.putInt(slot, c + Nvme.CMD_CDW10, (int) slba);
                sq.putInt(slot, c + Nvme.CMD_CDW11, (int) (slba >>> 32));
                sq.putInt(slot, c + Nvme.CMD_CDW12, cdw12);
                if (!opts.nonVectored) {
                    int io = 16 * u.index;
                    iovecs.putLong(io, u.bufferAddress);
                    iovecs.putLong(io + 8, u.length);
                    sq.putInt(slot, Uring.SQE_CMD_OP, Nvme.NVME_URING_CMD_IO_VEC);
                    sq.putLong(slot, c + Nvme.CMD_ADDR, iovecsAddr + io);
                    sq.putInt(slot, c + Nvme.CMD_DATA_LEN, 1);
                } else {
                    sq.putInt(slot, Uring.SQE_CMD_OP, Nvme.NVME_URING_CMD_IO);
                    sq.putLong(slot, c + Nvme.CMD_ADDR, u.bufferAddress);
                    sq.putInt(slot, c + Nvme.CMD_DATA_LEN, u.length);
                    if (registeredLength[u.index] == u.length) {
                        sq.putInt(slot, Uring.SQE_RW_FLAGS, Nvme.IORING_URING_CMD_FIXED);
                        sq.putShort(slot, Uring.SQE_BUF_INDEX, u.index);
                    }
                }
            }
            case TRIM -> {
                int r = 16 * u.index;
                ranges.putInt(r, 0);
                ranges.putInt(r + 4, (int) (u.length >>> shift)); // 1-based NLB in DSM ranges
                ranges.putLong(r + 8, slba);
                sq.putInt(slot, Uring.SQE_CMD_OP, Nvme.NVME_URING_CMD_IO);
                sq.putByte(slot, c + Nvme.CMD_OPCODE, NVME_DSM);
                sq.putLong(slot, c + Nvme.CMD_ADDR, rangesAddr + r);
                sq.putInt(slot, c + Nvme.CMD_DATA_LEN, 16);
                sq.putInt(slot, c + Nvme.CMD_CDW10, 0); // one range (0-based count)
                sq.putInt(slot, c + Nvme.CMD_CDW11, DSM_ATTR_DEALLOCATE);
            }
            default -> {
                // fsync / fdatasync / sync_file_range: an NVMe flush of the namespace.
                sq.putInt(slot, Uring.SQE_CMD_OP, Nvme.NVME_URING_CMD_IO);
                sq.putByte(slot, c + Nvme.CMD_OPCODE, Nvme.OPC_FLUSH);
            }
        }
        queued++;
        return QueueStatus.QUEUED;
    }

    private void checkOwner() throws EngineException {
        if (Thread.currentThread() != owner) {
            throw new EngineException(Errno.EEXIST, "io_uring_enter", "io_uring_cmd: ring created on thread "
                + owner.getName() + " used from " + Thread.currentThread().getName()
                + " (SINGLE_ISSUER rings belong to their creating thread)");
        }
    }

    @Override
    public int commit() throws EngineException {
        checkOwner();
        int n = sq.publish();
        if (n == 0) {
            return 0;
        }
        if (sqpoll) {
            if (sq.needsWakeup()) {
                int r = ring.enter(0, 0, Uring.ENTER_SQ_WAKEUP);
                if (r < 0 && r != -Errno.EINTR && r != -Errno.EAGAIN) {
                    throw enterFailed(r);
                }
            }
            sq.consumed(n);
            inFlight += n;
            queued -= n;
            return n;
        }
        int submitted = 0;
        while (sq.unsubmitted() > 0) {
            int r = ring.enter(sq.unsubmitted(), 0, Uring.ENTER_GETEVENTS);
            if (r < 0) {
                if (r == -Errno.EINTR) {
                    continue;
                }
                if (r == -Errno.EAGAIN || r == -Errno.EBUSY) {
                    break; // getEvents reaps and submits the rest
                }
                throw enterFailed(r);
            }
            if (r == 0) {
                break;
            }
            sq.consumed(r);
            inFlight += r;
            queued -= r;
            submitted += r;
        }
        return submitted;
    }

    private EngineException enterFailed(int r) {
        return new EngineException(-r, "io_uring_enter", "io_uring_cmd: io_uring_enter failed: " + Errno.describe(-r));
    }

    private void reap(int max) {
        int k = cq.ready();
        if (k > max - eventCount) {
            k = max - eventCount;
        }
        for (int i = 0; i < k; i++) {
            IoUnit u = units[(int) cq.userData(i)];
            int res = cq.res(i);
            if (res == 0) {
                nvmeStatus[u.index] = 0;
                u.complete(u.ddir.isData() ? u.length : 0);
            } else if (res < 0) {
                nvmeStatus[u.index] = 0;
                u.complete(res);
            } else {
                // NVMe status: fio keeps it as the I/O's error number and names it in errdetails.
                nvmeStatus[u.index] = res;
                u.complete(-res);
            }
            events[eventCount++] = u;
        }
        if (k > 0) {
            cq.advance(k);
            inFlight -= k;
        }
    }

    @Override
    public int getEvents(int min, int max, long timeoutNanos) throws EngineException {
        checkOwner();
        eventCount = 0;
        if (max > events.length) {
            max = events.length;
        }
        if (min > max) {
            min = max;
        }
        reap(max);
        boolean timedOut = false;
        while (!timedOut && (eventCount < min || (eventCount == 0 && inFlight > 0 && min == 0))) {
            int unsub = sqpoll ? 0 : sq.publish();
            if (inFlight + unsub == 0) {
                break;
            }
            int want = Math.max(0, min - eventCount);
            int r = timeoutNanos >= 0 && want > 0 && (ring.features() & Uring.FEAT_EXT_ARG) != 0
                ? ring.enterTimeout(unsub, want, 0, timeoutNanos)
                : ring.enter(unsub, want, Uring.ENTER_GETEVENTS);
            if (r >= 0) {
                if (r > 0) {
                    sq.consumed(r);
                    inFlight += r;
                    queued -= r;
                }
            } else if (r == -Errno.ETIME) {
                timedOut = true;
            } else if (r != -Errno.EINTR && r != -Errno.EAGAIN && r != -Errno.EBUSY) {
                throw enterFailed(r);
            }
            reap(max);
            if (min == 0) {
                break;
            }
        }
        return eventCount;
    }

    @Override
    public IoUnit event(int i) {
        return events[i];
    }

    @Override
    public String errorDetails(IoUnit unit) {
        int status = unit.index < nvmeStatus.length ? nvmeStatus[unit.index] : 0;
        if (status == 0) {
            return null;
        }
        return "io_uring_cmd: " + unit.file.path + ": " + NvmeStatus.describe(status);
    }

    @Override
    public void cleanup() {
        if (ring != null) {
            ring.close();
            ring = null;
        }
    }
}
