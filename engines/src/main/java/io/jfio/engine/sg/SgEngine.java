package io.jfio.engine.sg;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineOption;
import io.jfio.engine.GenericFileOps;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.BlockDevice;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.RawMemory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * fio's sg engine (engines/sg.c): SCSI READ/WRITE (or the sg_write_mode command), SYNCHRONIZE
 * CACHE and UNMAP sent with ioctl(SG_IO), one call per I/O, to a SCSI generic device /dev/sgN or
 * a SCSI block device /dev/sdX. The device's block size and capacity come from READ CAPACITY
 * (BLKSSZGET on a block device, as fio does). Each unit owns a {@link SgCommand} slot in one
 * off-heap region, so queue() allocates nothing. On a /dev/sg character device, with neither
 * direct nor sync set, reads and writes go asynchronously as fio's: write(2) hands the request to
 * the driver, read(2) returns whichever completed (its pack_id names the unit), so up to iodepth
 * are in flight; syncs and trims there use SG_IO (fio batches queued trims into one UNMAP at
 * commit: the same counts).
 */
public final class SgEngine implements IoEngine {
    private static final int O_ACCMODE = 3;
    private static final int O_RDWR = 2;
    /** O_DSYNC, also set in O_SYNC. */
    private static final int O_DSYNC = 0x1000;
    private static final int POLLIN = 1;

    private SgOptions opts;
    private LibC libc;
    /** Bound in init, not at construction: the engine registry makes one of each engine to read its options. */
    private io.jfio.engine.nativeio.PosixLib net;
    private ByteBuffer slots;
    private SgCommand[] commands = new SgCommand[0];
    /** Per file index: the device's logical block size. */
    private int[] blockSize = new int[1];
    /** Per file index: reads and writes go by write(2)/read(2) (a char device, neither direct nor sync). */
    private boolean[] async = new boolean[1];
    private boolean direct;
    /** Asynchronous commands in flight, per file index, and completions ready for event(). */
    private int[] inflight = new int[1];
    private int inflightTotal;
    private IoUnit[] unitsByIndex = new IoUnit[0];
    private IoUnit[] ready = new IoUnit[0];
    private List<IoFile> files = List.of();
    /** A header read(2) returns, and the pollfd array over the job's files. */
    private ByteBuffer scratch;
    private long scratchAddr;
    private long pollAddr;

    @Override
    public String name() {
        return "sg";
    }

    @Override
    public Set<EngineFlag> flags() {
        return EnumSet.of(EngineFlag.SYNC_IO);
    }

    @Override
    public List<EngineOption> options() {
        return SgOptions.OPTIONS;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        opts = SgOptions.parse(ctx.engineOptions());
        libc = Native.libc();
        net = io.jfio.engine.nativeio.PosixLib.get();
        int n = 0;
        for (IoUnit u : ctx.ioUnits()) {
            n = Math.max(n, u.index + 1);
        }
        n = Math.max(n, 1);
        slots = RawMemory.allocate(SgCommand.SLOT * n, 64);
        long base = RawMemory.address(slots);
        commands = new SgCommand[n];
        for (int i = 0; i < n; i++) {
            ByteBuffer s = slots.duplicate().position(i * SgCommand.SLOT).limit((i + 1) * SgCommand.SLOT).slice();
            commands[i] = new SgCommand(s, base + (long) i * SgCommand.SLOT);
        }
        blockSize = new int[Math.max(1, ctx.files().size())];
        async = new boolean[blockSize.length];
        inflight = new int[blockSize.length];
        direct = ctx.direct();
        files = ctx.files();
        unitsByIndex = IoUnit.byIndex(ctx.ioUnits());
        ready = new IoUnit[n];
        scratch = RawMemory.allocate(SgCommand.HDR_SIZE + 8 * blockSize.length, 64);
        scratchAddr = RawMemory.address(scratch);
        pollAddr = scratchAddr + SgCommand.HDR_SIZE;
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws EngineException {
        // fio's FIO_RO_NEEDS_RW_OPEN: SCSI commands go through a read-write descriptor even for reads.
        GenericFileOps.open(file, (openFlags & ~O_ACCMODE) | O_RDWR);
        try {
            int bs;
            if (file.type == IoFile.Type.BLOCK) {
                bs = BlockDevice.logicalBlockSize(file.fd);
            } else if (file.type == IoFile.Type.CHAR) {
                long[] cap = readCapacity(file.fd, file.path);
                bs = (int) cap[0];
                file.realSize = (cap[1] + 1) * cap[0];
            } else {
                throw wrongType(file);
            }
            if (file.index >= blockSize.length) {
                blockSize = Arrays.copyOf(blockSize, file.index + 1);
            }
            blockSize[file.index] = bs;
            // fio's sgio_unbuffered: direct or sync (O_SYNC/O_DSYNC) make every command synchronous
            async[file.index] = file.type == IoFile.Type.CHAR && !direct && (openFlags & O_DSYNC) == 0;
        } catch (EngineException | IOException e) {
            GenericFileOps.close(file);
            if (e instanceof EngineException ee) {
                throw ee;
            }
            throw new EngineException(Errno.ENOTTY, "ioctl", "sg: " + file.path + ": " + e.getMessage());
        }
    }

    /** Test hook: an open descriptor that is no SCSI device (e.g. /dev/null: SG_IO fails with ENOTTY). */
    void attachWithoutCapacity(IoFile file, int fd, int bs) {
        file.fd = fd;
        file.type = IoFile.Type.CHAR;
        if (file.index >= blockSize.length) {
            blockSize = Arrays.copyOf(blockSize, file.index + 1);
        }
        blockSize[file.index] = bs;
    }

    private static EngineException wrongType(IoFile file) {
        // fio logs the refusal and then its td_verror line for it.
        return new EngineException(Errno.EINVAL, "wrong file type",
            "ioengine sg only works on block or character devices\n"
                + "file:engines/sg.c:1399, func=wrong file type, error=Invalid argument");
    }

    /** The size from READ CAPACITY, so jobs on /dev/sgN need no size= (as in fio). */
    @Override
    public long fileSize(IoFile file) throws EngineException {
        Path p = Path.of(file.path);
        if (!BlockDevice.isCharDevice(p) && !BlockDevice.isBlockDevice(p)) {
            throw wrongType(file);
        }
        int fd = Native.libc().open(file.path, 0, 0);
        if (fd < 0) {
            int e = Native.errno();
            throw new EngineException(e, "open", "sg: open " + file.path + ": " + Errno.describe(e));
        }
        try {
            long[] cap = readCapacity(fd, file.path);
            return (cap[1] + 1) * cap[0];
        } finally {
            Native.libc().close(fd);
        }
    }

    /**
     * {block size, last LBA}: READ CAPACITY(10), then (16) when the device has no (10) or its last
     * LBA does not fit 32 bits, as fio's fio_sgio_read_capacity does.
     */
    static long[] readCapacity(int fd, String path) throws EngineException {
        ByteBuffer mem = RawMemory.allocate(SgCommand.SLOT + 64, 64);
        long addr = RawMemory.address(mem);
        SgCommand c = new SgCommand(mem, addr);
        ByteBuffer reply = RawMemory.wrap(addr + SgCommand.SLOT, 32);
        c.readCapacity(false, addr + SgCommand.SLOT);
        sgio(fd, c, path);
        long bs = 0;
        long last = SgCommand.MAX_10B_LBA;
        if ((c.info() & SgCommand.SG_INFO_CHECK) == 0) {
            bs = SgCommand.be(reply, 4, 4);
            last = SgCommand.be(reply, 0, 4);
        }
        if (last == SgCommand.MAX_10B_LBA) {
            for (int i = 0; i < 32; i++) {
                reply.put(i, (byte) 0);
            }
            c.readCapacity(true, addr + SgCommand.SLOT);
            sgio(fd, c, path);
            bs = SgCommand.be(reply, 8, 4);
            last = SgCommand.be(reply, 0, 8);
        }
        if (bs == 0) {
            throw new EngineException(Errno.EIO, "fio_sgio_read_capacity",
                "ioengine sg unable to successfully execute read capacity to get block size and maximum lba");
        }
        return new long[] {bs, last};
    }

    private static void sgio(int fd, SgCommand c, String path) throws EngineException {
        if (Native.libc().ioctl(fd, SgCommand.SG_IO, c.address()) < 0) {
            int e = Native.errno();
            throw new EngineException(e, "ioctl", "sg: SG_IO on " + path + ": " + Errno.describe(e)
                + (e == Errno.ENOTTY ? " (not a SCSI device)" : ""));
        }
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        int bs = blockSize[u.file.index];
        if (u.ddir.isData() && (u.length & (bs - 1)) != 0) {
            u.complete(-Errno.EINVAL); // fio: "read/write not sector aligned"
            return QueueStatus.COMPLETED;
        }
        SgCommand c = commands[u.index];
        c.prepare(u.ddir, u.index, u.offset, u.length, u.bufferAddress, bs, opts);
        if (async[u.file.index] && u.ddir.isData()) {
            if (libc.write(u.file.fd, c.address(), SgCommand.HDR_SIZE) < 0) {
                u.complete(-Native.errno());
                return QueueStatus.COMPLETED;
            }
            inflight[u.file.index]++;
            inflightTotal++;
            return QueueStatus.QUEUED;
        }
        if (libc.ioctl(u.file.fd, SgCommand.SG_IO, c.address()) < 0) {
            u.complete(-Native.errno());
        } else {
            finish(u, c);
        }
        return QueueStatus.COMPLETED;
    }

    private static void finish(IoUnit u, SgCommand c) {
        if ((c.info() & SgCommand.SG_INFO_CHECK) != 0 || c.status() != 0) {
            u.complete(-Errno.EIO);
        } else {
            u.complete(u.length);
        }
    }

    /** Requests were handed to the driver in queue(): nothing more to submit. */
    @Override
    public int commit() {
        return 0;
    }

    /**
     * fio's fio_sgio_getevents: waits (poll) until a file has a completion when {@code min} > 0,
     * then read(2)s completed requests; the returned header's pack_id is the unit's index.
     */
    @Override
    public int getEvents(int min, int max, long timeoutNanos) throws EngineException {
        int n = 0;
        while (n < max && inflightTotal > 0) {
            int nfds = 0;
            for (IoFile f : files) {
                if (f.index < inflight.length && inflight[f.index] > 0) {
                    scratch.putInt(SgCommand.HDR_SIZE + 8 * nfds, f.fd);
                    scratch.putInt(SgCommand.HDR_SIZE + 8 * nfds + 4, POLLIN);
                    nfds++;
                }
            }
            int r = net.poll(pollAddr, nfds, n < min ? -1 : 0);
            if (r < 0) {
                int e = Native.errno();
                if (e == Errno.EINTR) {
                    continue;
                }
                throw new EngineException(e, "poll", null);
            }
            if (r == 0) {
                break;
            }
            for (int i = 0; i < nfds && n < max; i++) {
                if ((scratch.getShort(SgCommand.HDR_SIZE + 8 * i + 6) & POLLIN) == 0) {
                    continue;
                }
                int fd = scratch.getInt(SgCommand.HDR_SIZE + 8 * i);
                if (libc.read(fd, scratchAddr, SgCommand.HDR_SIZE) != SgCommand.HDR_SIZE) {
                    throw new EngineException(Native.errno(), "sg_read", null);
                }
                IoUnit u = unitsByIndex[scratch.getInt(SgCommand.PACK_ID)];
                SgCommand c = commands[u.index];
                for (int b = 0; b < SgCommand.HDR_SIZE; b += 8) {
                    RawMemory.putLong(c.address() + b, RawMemory.getLong(scratchAddr + b));
                }
                inflight[u.file.index]--;
                inflightTotal--;
                finish(u, c);
                ready[n++] = u;
            }
        }
        return n;
    }

    @Override
    public IoUnit event(int i) {
        return ready[i];
    }

    /** fio's sg error details: statuses, sense bytes and the CDB of the failed command. */
    @Override
    public String errorDetails(IoUnit unit) {
        if (unit.index >= commands.length) {
            return null;
        }
        // fio's io_u_log_error prints an engine's details as "fio: DETAILS".
        return "fio: " + commands[unit.index].errorDetails(unit.ddir == io.jfio.engine.IoDirection.TRIM);
    }

    @Override
    public void cleanup() {
        slots = null;
        commands = new SgCommand[0];
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("sg: SCSI commands with ioctl(SG_IO) on /dev/sgN or a SCSI block device", SgEngine::new);
        }
    }
}
