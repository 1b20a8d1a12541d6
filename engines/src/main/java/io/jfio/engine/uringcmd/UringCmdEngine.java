package io.jfio.engine.uringcmd;

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
import io.jfio.engine.nativeio.BlockDevice;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.nativeio.RawMemory;
import io.jfio.engine.uring.BlockQueue;
import io.jfio.engine.uring.RingEngine;
import io.jfio.engine.uring.Uring;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * fio's io_uring_cmd engine with cmd_type=nvme: NVMe read/write/flush/DSM commands sent through
 * IORING_OP_URING_CMD to the namespace's generic character device /dev/ngXnY, on an
 * SQE128/CQE32 ring (fio's engines/io_uring.c). A completion's res is 0 on success, -errno for a kernel
 * failure, or the NVMe status field, which becomes the unit's error with the status named by
 * {@link #errorDetails}.
 */
public final class UringCmdEngine extends RingEngine {
    private static final int NVME_DSM = 0x09;
    private static final int DSM_ATTR_DEALLOCATE = 1 << 2;
    /** The function fio's td_verror names when a namespace's layout does not fit the job. */
    public static final String OPEN_CHECK = "fio_ioring_cmd_open_file";

    private UringCmdOptions opts;
    private int[] blockSizes = new int[0];
    /** Per file index: namespace facts and the job's layout of its blocks, filled at open. */
    private NvmeNamespace[] namespaces = new NvmeNamespace[0];
    private NvmeFormat[] formats = new NvmeFormat[0];
    /** md_per_io_size bytes per unit: the separate metadata (PI) of its command. */
    private ByteBuffer metadata;
    private long metadataAddr;
    private int prinfo;
    private boolean verifies;
    private boolean writes;
    private java.io.PrintStream errOut = System.err;
    /** Per unit: the registered buffer length (fixedbufs), 0 when not registered. */
    private int[] registeredLength;
    /** Per unit: NVMe status of its last completion, 0 when it succeeded or failed in the kernel. */
    private int[] nvmeStatus;
    /** The NVMe status of the latest failed command, named once in the job's hint. */
    private int lastStatus;
    /** Per unit: one DSM range (trim). */
    private ByteBuffer ranges;
    private long rangesAddr;
    /** num_range: DSM ranges per trim unit. */
    private int maxRanges = 1;
    /** Per-I/O priorities (cmdprio_percentage, cmdprio_bssplit), in the command's SQE. */
    private Cmdprio cmdprio;

    @Override
    public String name() {
        return "io_uring_cmd";
    }

    @Override
    public Set<EngineFlag> flags() {
        EnumSet<EngineFlag> f = EnumSet.of(EngineFlag.SETS_ISSUE_TIME, EngineFlag.NO_OFFLOAD, EngineFlag.MULTI_RANGE_TRIM);
        if (opts != null && opts.verifyCompare) {
            f.add(EngineFlag.VERIFY_IN_DEVICE);
        }
        return f;
    }

    @Override
    public List<EngineOption> options() {
        return UringCmdOptions.OPTIONS;
    }

    /** Namespace facts of an open file, or null. */
    public NvmeNamespace namespace(IoFile f) {
        return f.index < namespaces.length ? namespaces[f.index] : null;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        opts = UringCmdOptions.parse(ctx.engineOptions());
        cmdprio = Cmdprio.from(ctx.engineOptions(), ctx.jobName(), ctx.reads(), ctx.writes(), ctx.ioprio(),
            ctx.randomSeed());
        blockSizes = ctx.blockSizes();
        namespaces = new NvmeNamespace[Math.max(1, ctx.files().size())];
        formats = new NvmeFormat[namespaces.length];
        prinfo = opts.prinfo();
        verifies = ctx.verifies();
        writes = ctx.writes();
        errOut = ctx.errOut();

        // fio's flag set for io_uring_cmd (fio's engines/io_uring.c); the fallback ladder drops what older kernels lack.
        int flags = Uring.SETUP_SQE128 | Uring.SETUP_CQE32 | Uring.SETUP_CQSIZE | Uring.SETUP_COOP_TASKRUN
            | opts.pollSetupFlags();
        if (!opts.sqthreadPoll) {
            // SQPOLL refuses DEFER_TASKRUN (EINVAL), and SINGLE_ISSUER goes with it for passthrough.
            flags |= Uring.SETUP_SINGLE_ISSUER | Uring.SETUP_DEFER_TASKRUN;
        }
        setupRing(ctx, flags, opts);
        registeredLength = new int[units.length];
        nvmeStatus = new int[units.length];
        maxRanges = Math.max(1, ctx.numRange());
        ranges = RawMemory.allocate(16 * maxRanges * units.length, 64);
        rangesAddr = RawMemory.address(ranges);
        if (opts.mdPerIoSize > 0) {
            if (opts.mdPerIoSize * units.length > Integer.MAX_VALUE) {
                throw new EngineException(Errno.EINVAL, "io_uring_cmd", "fio: md_per_io_size=" + opts.mdPerIoSize
                    + " is too large");
            }
            metadata = RawMemory.allocate((int) opts.mdPerIoSize * units.length, 4096);
            metadataAddr = RawMemory.address(metadata);
        }
        if (opts.fixedbufs) {
            // Kernels before 6.12 (the lab's 6.1 included) reject a fixed passthrough I/O that does
            // not end at the end of its registered buffer: queue() sends shorter I/Os unregistered.
            for (IoUnit u : units) {
                if (u != null) {
                    registeredLength[u.index] = u.bufferCapacity;
                }
            }
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
        int flags = openFlags & ~(OpenFlags.O_DIRECT | OpenFlags.O_CREAT | OpenFlags.O_TRUNC);
        int fd = GenericFileOps.openRetryingAtime(file.path, flags, 0);
        if (fd < 0) {
            int e = Native.errno();
            throw new EngineException(e, "open", "io_uring_cmd: open " + file.path + ": " + Errno.describe(e));
        }
        try {
            NvmeNamespace ns = NvmeNamespace.identify(fd, file.path);
            if (Integer.bitCount(ns.lbaDataSize()) != 1) {
                throw new EngineException(Errno.EINVAL, "io_uring_cmd", file.path
                    + ": LBA data size " + ns.lbaDataSize() + " is not a power of two");
            }
            NvmeFormat fmt = format(ns, file.path);
            int[] sizes = blockSizes.length > 0 ? blockSizes : new int[] {units.length > 0 && units[0] != null
                ? units[0].bufferCapacity : 0};
            String bad = checkFormat(fmt, ns, file.path, sizes);
            if (bad != null) {
                throw new EngineException(Errno.EINVAL, OPEN_CHECK, bad);
            }
            attach(file, fd, ns);
            formats[file.index] = fmt;
            file.type = IoFile.Type.CHAR;
            file.realSize = fmt.sizeBytes();
        } catch (EngineException e) {
            Native.libc().close(fd);
            throw e;
        }
    }

    private NvmeFormat format(NvmeNamespace ns, String path) throws EngineException {
        Object f = NvmeFormat.of(ns, opts == null || opts.piAct, path);
        if (f instanceof String why) {
            throw new EngineException(Errno.EOPNOTSUPP, "io_uring_cmd", why);
        }
        return (NvmeFormat) f;
    }

    /** fio's verify_params and open-time checks for a namespace's layout, as fio words them; null when all hold. */
    private String checkFormat(NvmeFormat f, NvmeNamespace ns, String path, int[] sizes) {
        int max = 0;
        for (int bs : sizes) {
            max = Math.max(max, bs);
            if (bs > 0 && bs % f.lbaSize() != 0) {
                if (f.lbaExt() == 0) {
                    return path + ": block size " + bs + " must be a multiple of LBA data size " + f.lbaDataSize();
                }
                String msg = path + ": block size must be a multiple of " + f.lbaSize()
                    + " (LBA data size + Metadata size)";
                if (sizes.length == 1 && bs % f.lbaDataSize() == 0) {
                    msg += "\nDid you mean to use a block size of " + (long) f.lbaSize() * (bs / f.lbaDataSize()) + "?";
                }
                return msg;
            }
        }
        long need = (long) (max / f.lbaDataSize()) * f.separateMs();
        if (f.separateMs() != 0 && opts.mdPerIoSize < need) {
            return path + ": md_per_io_size should be at least " + need + " bytes";
        }
        if (f.ms() != 0 && f.piType() != 0 && f.lbaExt() != 0 && verifies) {
            return path + ": for extended LBA, verify cannot be used when E2E data protection is enabled";
        }
        return null;
    }

    /**
     * Test hook: opens a file that is not an NVMe namespace (e.g. /dev/null, which completes every
     * uring_cmd with 0) with made-up namespace facts, to exercise the SQE128/CQE32 path.
     */
    void openWithoutIdentify(IoFile file, NvmeNamespace ns) throws EngineException {
        int fd = Native.libc().open(file.path, 2, 0);
        if (fd < 0) {
            throw new EngineException(Native.errno(), "open", "open " + file.path);
        }
        attach(file, fd, ns);
        formats[file.index] = (NvmeFormat) NvmeFormat.of(ns, true, file.path);
    }

    /** Records the namespace under the file's index and registers the fd when registerfiles is on. */
    private void attach(IoFile file, int fd, NvmeNamespace ns) throws EngineException {
        if (file.index >= namespaces.length) {
            namespaces = Arrays.copyOf(namespaces, file.index + 1);
            formats = Arrays.copyOf(formats, file.index + 1);
        }
        namespaces[file.index] = ns;
        registerFile(file, fd);
        file.fd = fd;
    }

    /** The namespace size from Identify Namespace, so jobs on /dev/ngXnY need no size= (as in fio). */
    @Override
    public long fileSize(IoFile file) throws EngineException {
        if (!isCharDevice(file.path)) {
            return -1;
        }
        int fd = Native.libc().open(file.path, 0, 0);
        if (fd < 0) {
            int e = Native.errno();
            throw new EngineException(e, "open", "io_uring_cmd: open " + file.path + ": " + Errno.describe(e));
        }
        try {
            NvmeNamespace ns = NvmeNamespace.identify(fd, file.path);
            Object f = NvmeFormat.of(ns, opts == null || opts.piAct, file.path);
            return f instanceof NvmeFormat nf ? nf.sizeBytes() : ns.sizeBytes();
        } finally {
            Native.libc().close(fd);
        }
    }

    static boolean isCharDevice(String path) {
        return BlockDevice.isCharDevice(Path.of(path));
    }

    /** Passthrough polling needs nvme poll queues; without them 6.1 silently serves IRQs, later kernels fail. */
    static String whyNoPollQueues() {
        // Where the nvme module has no such parameter, let the kernel decide.
        return "0".equals(BlockQueue.nvmePollQueues())
            ? "the nvme driver has no poll queues (load it with nvme.poll_queues=N)" : null;
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (full()) {
            return QueueStatus.BUSY;
        }
        IoFile f = u.file;
        NvmeNamespace ns = namespaces[f.index];
        NvmeFormat fmt = formats[f.index];
        IoDirection d = u.ddir;
        if (d.isData() && !fmt.aligned(u.offset, u.length)) {
            u.complete(-Errno.EINVAL); // not LBA aligned: the device cannot express it
            return QueueStatus.COMPLETED;
        }
        int slot = sq.next();
        if (slot < 0) {
            return QueueStatus.BUSY;
        }
        sq.putByte(slot, Uring.SQE_OPCODE, Uring.OP_URING_CMD);
        sq.putByte(slot, Uring.SQE_FLAGS, fileFlags(f) | forceAsyncFlag());
        sq.putInt(slot, Uring.SQE_FD, sqeFd(f));
        sq.putLong(slot, Uring.SQE_USER_DATA, u.index);
        int c = Nvme.SQE_CMD;
        sq.putInt(slot, c + Nvme.CMD_NSID, ns.nsid());
        long slba = fmt.slba(u.offset);
        switch (d) {
            case READ, WRITE -> {
                boolean read = d == IoDirection.READ;
                int nlb = fmt.blocks(u.length);
                int cdw12 = (nlb - 1) | (read ? opts.readCdw12 : opts.writeCdw12) | prinfo;
                // verify_mode=compare, as fio's io_uring.c: a verify read goes out as a Compare of
                // the expected data the runner put in its buffer (still a read to everything else)
                int opcode = read ? (u.verifyInDevice ? Nvme.OPC_COMPARE : Nvme.OPC_READ) : opts.writeOpcode;
                sq.putByte(slot, c + Nvme.CMD_OPCODE, opcode);
                sq.putInt(slot, c + Nvme.CMD_CDW10, (int) slba);
                sq.putInt(slot, c + Nvme.CMD_CDW11, (int) (slba >>> 32));
                sq.putInt(slot, c + Nvme.CMD_CDW12, cdw12);
                protection(slot, c, fmt, u, slba, nlb, read);
                if (cmdprio.active()) {
                    // fio 3.42 stores the priority at sqes[index], a 64-byte slot, where this
                    // ring's 128-byte SQE of unit i is slot 2i: the value lands in another unit's
                    // SQE (or its command's metadata field). jfio puts it in the unit's own SQE.
                    // Kernels without ioprio support for URING_CMD (6.1) fail it with EINVAL,
                    // and fio's job fails alike once a stray value reaches some unit's ioprio.
                    int prio = cmdprio.choose(u);
                    if (prio >= 0) {
                        sq.putShort(slot, Uring.SQE_IOPRIO, prio);
                    }
                }
                if (!opts.nonVectored) {
                    sq.putInt(slot, Uring.SQE_CMD_OP, Nvme.NVME_URING_CMD_IO_VEC);
                    sq.putLong(slot, c + Nvme.CMD_ADDR, iovec(u));
                    sq.putInt(slot, c + Nvme.CMD_DATA_LEN, 1);
                } else {
                    sq.putInt(slot, Uring.SQE_CMD_OP, Nvme.NVME_URING_CMD_IO);
                    // Write Zeroes moves no data: no buffer, the length kept (as fio's nvme.c)
                    sq.putLong(slot, c + Nvme.CMD_ADDR, opcode == Nvme.OPC_WRITE_ZEROES ? 0 : u.bufferAddress);
                    sq.putInt(slot, c + Nvme.CMD_DATA_LEN, u.length);
                    if (registeredLength[u.index] == u.length) {
                        sq.putInt(slot, Uring.SQE_RW_FLAGS, Nvme.IORING_URING_CMD_FIXED);
                        sq.putShort(slot, Uring.SQE_BUF_INDEX, u.index);
                    }
                }
            }
            case TRIM -> {
                int r = 16 * maxRanges * u.index;
                int n = Math.max(1, u.numRanges);
                if (u.numRanges == 0) {
                    ranges.putInt(r, 0);
                    ranges.putInt(r + 4, fmt.blocks(u.length)); // 1-based NLB in DSM ranges
                    ranges.putLong(r + 8, slba);
                } else {
                    // the workload's (start, length) pairs, as fio's nvme.c turns them into DSM ranges
                    for (int i = 0; i < n; i++) {
                        long start = RawMemory.getLong(u.bufferAddress + 16L * i);
                        long len = RawMemory.getLong(u.bufferAddress + 16L * i + 8);
                        ranges.putInt(r + 16 * i, 0);
                        ranges.putInt(r + 16 * i + 4, fmt.blocks(len));
                        ranges.putLong(r + 16 * i + 8, fmt.slba(start));
                    }
                }
                sq.putInt(slot, Uring.SQE_CMD_OP, Nvme.NVME_URING_CMD_IO);
                sq.putByte(slot, c + Nvme.CMD_OPCODE, NVME_DSM);
                sq.putLong(slot, c + Nvme.CMD_ADDR, rangesAddr + r);
                sq.putInt(slot, c + Nvme.CMD_DATA_LEN, 16 * n);
                sq.putInt(slot, c + Nvme.CMD_CDW10, n - 1); // number of ranges, 0-based
                sq.putInt(slot, c + Nvme.CMD_CDW11, DSM_ATTR_DEALLOCATE);
            }
            default -> {
                // fsync / fdatasync / sync_file_range: an NVMe flush of the namespace.
                sq.putInt(slot, Uring.SQE_CMD_OP, Nvme.NVME_URING_CMD_IO);
                sq.putByte(slot, c + Nvme.CMD_OPCODE, Nvme.OPC_FLUSH);
            }
        }
        queued();
        return QueueStatus.QUEUED;
    }

    /**
     * The PI fields of a read or write (fio's fio_nvme_pi_fill): the initial reference tag (CDW14,
     * and CDW3 for a 64-bit guard's 48-bit tag) when REFTAG is checked on Type 1/2, the application
     * tag and its mask (CDW15) when APPTAG is; the separate metadata buffer; and with pi_act=0 the
     * PI of a write's blocks, computed by the host.
     */
    private void protection(int slot, int c, NvmeFormat fmt, IoUnit u, long slba, int nlb, boolean read) {
        int type = fmt.piType();
        if ((prinfo & Nvme.PRCHK_REF) != 0 && (type == 1 || type == 2)) {
            sq.putInt(slot, c + Nvme.CMD_CDW14, (int) slba);
            if (fmt.guard64()) {
                sq.putInt(slot, c + Nvme.CMD_CDW3, (int) ((slba >>> 32) & 0xFFFF));
            }
        }
        if ((prinfo & Nvme.PRCHK_APP) != 0 && type != 0) {
            sq.putInt(slot, c + Nvme.CMD_CDW15, opts.apptagMask << 16 | opts.apptag);
        }
        long md = metadataAddr + opts.mdPerIoSize * u.index;
        if (fmt.separateMs() != 0) {
            sq.putLong(slot, c + Nvme.CMD_METADATA, md);
            sq.putInt(slot, c + Nvme.CMD_METADATA_LEN, nlb * fmt.separateMs());
        }
        if (!read && type != 0 && !opts.piAct) {
            ProtectionInfo.generate(fmt, prinfo, opts.apptag, u.bufferAddress, md, u.offset, u.length);
        }
    }

    @Override
    public String errorHint(int errno) {
        if (lastStatus != 0 && errno == lastStatus) {
            return "io_uring_cmd: NVMe status 0x" + Integer.toHexString(errno) + ": "
                + NvmeStatus.name(NvmeStatus.sct(errno), NvmeStatus.sc(errno));
        }
        return errno == Errno.EINVAL && cmdprio.active()
            ? "io_uring_cmd: this kernel refuses an ioprio on passthrough commands (IORING_OP_URING_CMD) with EINVAL,"
                + " so per-I/O priorities (cmdprio_percentage, cmdprio_bssplit) fail there, in fio 3.42 too"
            : null;
    }

    @Override
    public int[] clatPrios(int ddir) {
        return cmdprio.clatPrios(ddir);
    }

    @Override
    protected void complete(IoUnit u, int res) {
        if (res == 0) {
            nvmeStatus[u.index] = 0;
            NvmeFormat fmt = formats[u.file.index];
            if (u.ddir == IoDirection.READ && fmt.piType() != 0 && !opts.piAct) {
                String bad = ProtectionInfo.verify(fmt, prinfo, opts.apptag, opts.apptagMask, u.bufferAddress,
                    metadataAddr + opts.mdPerIoSize * u.index, u.offset, u.length, u.file.path);
                if (bad != null) {
                    // fio's log_err at the completion, then the unit fails with EIO
                    errOut.println(bad);
                    errOut.flush();
                    u.complete(-Errno.EIO);
                    return;
                }
            }
            u.complete(u.ddir.isData() ? u.length : 0);
        } else if (res < 0) {
            nvmeStatus[u.index] = 0;
            u.complete(res);
        } else {
            // NVMe status: fio keeps it as the I/O's error number and names it in errdetails.
            nvmeStatus[u.index] = res;
            lastStatus = res;
            u.complete(-res);
        }
    }

    @Override
    protected String pollStallDiagnosis() {
        String why = whyNoPollQueues();
        return super.pollStallDiagnosis() + (why == null ? "" : "; " + why);
    }

    @Override
    public String errorDetails(IoUnit unit) {
        int status = unit.index < nvmeStatus.length ? nvmeStatus[unit.index] : 0;
        if (status == 0) {
            return null;
        }
        return String.format("fio: io_uring_cmd: %s: cq entry status (sct=0x%02x; sc=0x%02x)", unit.file.path,
            NvmeStatus.sct(status), NvmeStatus.sc(status));
    }

    @Override
    public boolean deviceError(IoUnit unit) {
        return unit.index < nvmeStatus.length && nvmeStatus[unit.index] != 0;
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("io_uring_cmd: NVMe passthrough commands over io_uring on /dev/ngXnY (cmd_type=nvme)", UringCmdEngine::new);
        }
    }
}
