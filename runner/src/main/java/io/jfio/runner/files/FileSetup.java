package io.jfio.runner.files;

import io.jfio.engine.IoFile;
import io.jfio.engine.nativeio.AlignedBuffer;
import io.jfio.engine.nativeio.BlockDevice;
import io.jfio.engine.nativeio.FileStat;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.OpenFlags;
import io.jfio.engine.nativeio.SyscallException;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.data.RandomFill;
import io.jfio.runner.workload.JobError;
import io.jfio.runner.workload.RwMode;
import io.jfio.runner.zbd.ZbdException;
import io.jfio.runner.zbd.ZbdSetup;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

/**
 * A job's files from name to ready-to-open (fio's setup_files and extend_file): file types,
 * sizes (BLKGETSIZE64 for block devices), each file's region, layout of regular files that are
 * too small (with fio's "Laying out IO file" line), fallocate, and the flags to open with.
 */
public final class FileSetup {
    private static final long BLKFLSBUF = 0x1261L;
    private static final int POSIX_FADV_RANDOM = 1;
    private static final int POSIX_FADV_SEQUENTIAL = 2;
    private static final int POSIX_FADV_DONTNEED = 4;
    private static final int POSIX_FADV_NOREUSE = 5;
    private static final int FALLOC_FL_KEEP_SIZE = 1;
    private static final int S_IFBLK = FileStat.S_IFBLK;
    private static final int S_IFCHR = FileStat.S_IFCHR;
    private static final int S_IFIFO = FileStat.S_IFIFO;
    private static final int S_IFREG = FileStat.S_IFREG;

    /** The function fio names for a failed layout write (filesetup.c's extend_file). */
    public static final String LAYOUT_WRITE = "write";

    private final JobSpec spec;
    private final ThreadOptions opts;
    private final RwMode mode;
    private final boolean diskless;
    private final boolean printLayout;
    private final PrintStream out;
    private final BooleanSupplier terminate;
    private SizeHook sizeHook = f -> -1;

    /** An engine's own idea of a file's size (IoEngine.fileSize, fio's get_file_size hook). */
    @FunctionalInterface
    public interface SizeHook {
        long size(IoFile f) throws io.jfio.engine.EngineException;
    }

    private LayoutFill layoutFill;
    private int layoutBlock;

    /** Fills one block of a file being laid out (fio's extend_file calls fill_io_buffer per block). */
    @FunctionalInterface
    public interface LayoutFill {
        /** {@code words}: the block's little-endian long view, made once per layout buffer. */
        void fill(java.nio.ByteBuffer block, java.nio.LongBuffer words, int length);
    }

    /** Lays files out in blocks of {@code blockSize} filled by {@code fill} (the job's buffer contents). */
    public FileSetup withLayoutFill(LayoutFill fill, int blockSize) {
        this.layoutFill = fill;
        this.layoutBlock = blockSize > 0 ? blockSize : 4096;
        return this;
    }

    private io.jfio.runner.zbd.ZonedFiles zones;

    /** zonemode=zbd: the run's zoned files, which jobs on the same file share. */
    public FileSetup withZones(io.jfio.runner.zbd.ZonedFiles zones) {
        this.zones = zones;
        return this;
    }

    /** Lets the engine size files it knows better (e.g. NVMe generic char devices). */
    public FileSetup withSizeHook(SizeHook hook) {
        this.sizeHook = hook;
        return this;
    }

    public FileSetup(JobSpec spec, RwMode mode, boolean diskless, boolean printLayout, PrintStream out,
                     BooleanSupplier terminate) {
        this.spec = spec;
        this.opts = ThreadOptions.of(spec);
        this.mode = mode;
        this.diskless = diskless;
        this.printLayout = printLayout;
        this.out = out;
        this.terminate = terminate;
    }

    /** Names, types, sizes and regions of the job's files; lays out regular files as fio does. */
    public List<IoFile> prepare() throws JobError {
        List<String> names = FileNames.forJob(spec);
        List<IoFile> files = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            IoFile f = new IoFile(names.get(i), i);
            f.realSize = -1;
            if (!diskless) {
                probe(f);
                long engineSize;
                try {
                    engineSize = sizeHook.size(f);
                } catch (io.jfio.engine.EngineException e) {
                    // mtd's hook names libmtd's call (fio's td_verror there), the others fio's hook
                    String func = e.function() != null && e.function().startsWith("mtd_") ? e.function()
                        : "get_file_size";
                    throw new JobError(e.errno() == 0 ? 22 : e.errno(), func, e.getMessage());
                }
                if (engineSize >= 0) {
                    f.realSize = engineSize;
                }
            }
            files.add(f);
        }
        io.jfio.runner.workload.FileDebug.setUp(files, diskless);
        boolean zbd = opts.zone().zbdMode() && zones != null;
        if (zbd) {
            // fio's zbd_init_files sees the sizes before any layout; a diskless engine's file is
            // size / nrfiles (get_file_sizes)
            long[] before = new long[files.size()];
            for (int i = 0; i < before.length; i++) {
                long sz = files.get(i).realSize;
                before[i] = sz < 0 && diskless ? Math.max(0, opts.size().size()) / before.length : sz;
            }
            try {
                ZbdSetup.init(opts, zones, files, before);
            } catch (ZbdException e) {
                throw zbdError(e);
            }
        }
        long size = opts.size().size();
        int sizePercent = opts.size().sizePercent();
        long minBs = minBlockSize();
        long total = 0;
        for (IoFile f : files) {
            if (f.realSize == -1) {
                total = -1;
                break;
            }
            total += f.realSize;
        }
        long fileSizeLow = 0;
        long fileSizeHigh = 0;
        if (opts.size().fileSize() != null) {
            fileSizeLow = opts.size().fileSize().low();
            fileSizeHigh = opts.size().fileSize().high();
        }
        boolean fill = opts.size().fillDevice();
        if ((total == 0 || total == -1) && size == 0 && fileSizeLow == 0 && !diskless && !fill) {
            throw new JobError(22, "total_file_size", spec.name() + ": you need to specify size=");
        }
        int nr = files.size();
        long fs = 0;
        long extra = 0;
        if (fill && size == -1 && fileSizeLow == 0 && nr > 0) {
            // fill_device without size=: fio's size is (unsigned) -1, no end short of a full file system
            fs = FillDevice.UNBOUNDED / nr;
        } else if (fileSizeLow == 0 && nr > 0) {
            fs = size / nr;
            long all = fs * nr;
            if (all < size) {
                extra = (size - all) / Math.max(1, minBs);
            }
        }
        long align = opts.size().offsetAlign();
        if (align == 0) {
            align = Math.max(1, minBs);
        }
        long needExtend = 0;
        long extendBytes = 0;
        boolean createOnOpen = opts.files().createOnOpen();
        for (IoFile f : files) {
            f.fileOffset = startOffset(f, align);
            if (fileSizeLow == 0) {
                f.ioSize = fs;
                if (extra > 0) {
                    extra--;
                    f.ioSize += minBs;
                }
                if (f.ioSize == 0) {
                    if (f.realSize >= 0 && f.fileOffset > f.realSize) {
                        throw new JobError(22, "offset", "fio: offset extends end (" + f.fileOffset + " > "
                                + f.realSize + ")");
                    }
                    f.ioSize = Math.max(0, f.realSize - f.fileOffset);
                }
            } else if (f.realSize < fileSizeLow || f.realSize > fileSizeHigh) {
                long fsz = fileSizeLow == fileSizeHigh ? fileSizeLow
                        : fileSizeLow + ThreadLocalRandom.current().nextLong(fileSizeHigh - fileSizeLow + 1);
                f.ioSize = fsz - f.fileOffset;
            } else {
                f.ioSize = f.realSize - f.fileOffset;
            }
            if (sizePercent > 0 && sizePercent != 100 && f.realSize > 0) {
                long fileSize = f.ioSize + f.fileOffset;
                f.ioSize = fileSize * sizePercent / 100;
                f.ioSize = Math.min(f.ioSize, fileSize - f.fileOffset);
                f.ioSize -= f.ioSize % Math.max(1, minBs);
            }
            if (f.type == IoFile.Type.REGULAR && f.ioSize + f.fileOffset > f.realSize) {
                if (!diskless && !createOnOpen) {
                    needExtend++;
                    extendBytes += fill && size == -1 ? FillDevice.reportedSize(nr) + f.fileOffset : f.ioSize + f.fileOffset;
                } else {
                    f.realSize = f.ioSize + f.fileOffset;
                }
            }
        }
        for (IoFile f : files) {
            if ((f.type == IoFile.Type.CHAR || f.type == IoFile.Type.PIPE) && f.realSize < 0) {
                // fio keeps an unknown size as (unsigned) -1: no end of file to stop at
                f.realSize = Long.MAX_VALUE;
            }
        }
        if (needExtend > 0) {
            if (printLayout) {
                out.printf("%s: Laying out IO file%s (%d file%s / %s%dMiB)%n", spec.name(),
                        needExtend > 1 ? "s" : "", needExtend, needExtend > 1 ? "s" : "",
                        needExtend > 1 ? "total " : "", extendBytes >>> 20);
                out.flush();
            }
            for (IoFile f : files) {
                if (f.type == IoFile.Type.REGULAR && f.ioSize + f.fileOffset > f.realSize) {
                    extend(f, f.ioSize + f.fileOffset);
                    if (fill && !mode.writes()) {
                        // fio: a fill_device layout stops at ENOSPC; the job reads what fit
                        probe(f);
                        f.ioSize = Math.min(f.ioSize, Math.max(0, f.realSize - f.fileOffset));
                    }
                }
            }
        }
        if (zbd) {
            try {
                ZbdSetup.setup(opts, files, out);
            } catch (ZbdException e) {
                throw zbdError(e);
            }
        }
        return files;
    }

    private static JobError zbdError(ZbdException e) {
        return new JobError(e.errno(), e.function(), e.getMessage());
    }

    /** fio's get_start_offset: offset (or offset=N% of the file) + clone index x offset_increment. */
    private long startOffset(IoFile f, long align) {
        if (opts.files().fileAppend() && f.type == IoFile.Type.REGULAR) {
            return Math.max(0, f.realSize); // file_append: the job's region starts at the end of the file
        }
        long offset = 0;
        if (opts.size().offsetPercent() != 0) {
            if (f.realSize > 0) {
                offset = f.realSize * opts.size().offsetPercent() / 100;
                offset = (offset + align - 1) / align * align;
            }
        } else {
            offset = opts.size().offset();
        }
        long inc;
        if (opts.size().offsetIncrementPercent() != 0) {
            inc = f.realSize > 0 ? f.realSize * opts.size().offsetIncrementPercent() / 100 : 0;
            inc = (inc + align - 1) / align * align;
        } else {
            inc = opts.size().offsetIncrement();
        }
        return offset + spec.cloneIndex() * inc;
    }

    /** The smallest block size of any direction the job does (fio's td_min_bs). */
    private long minBlockSize() {
        long[] bs = opts.bs().bs();
        long min = Long.MAX_VALUE;
        if (mode.reads()) {
            min = Math.min(min, bs[0]);
        }
        if (mode.writes()) {
            min = Math.min(min, bs[1]);
        }
        if (mode.trims()) {
            min = Math.min(min, bs[2]);
        }
        return min == Long.MAX_VALUE ? bs[0] : min;
    }

    private void probe(IoFile f) throws JobError {
        Path p = Path.of(f.path);
        // filetype=: fio takes the files to be of that type instead of stat'ing them
        int forced = switch (opts.files().filetype()) {
            case "file" -> S_IFREG;
            case "block" -> S_IFBLK;
            case "char" -> S_IFCHR;
            default -> 0;
        };
        // one stat, unless the type is forced to a device; a file that cannot be stat'ed is left
        // as missing, open reports the real error
        boolean device = forced == S_IFBLK || forced == S_IFCHR;
        FileStat st = device ? null : FileStat.of(p);
        if (st == null && !device) {
            return;
        }
        int fmt = forced != 0 ? forced : st.format();
        if (fmt == S_IFBLK) {
            f.type = IoFile.Type.BLOCK;
            f.realSize = forced == S_IFBLK ? assumedBlockDeviceSize(f.path) : blockDeviceSize(f.path);
        } else if (fmt == S_IFCHR) {
            f.type = IoFile.Type.CHAR;
            f.realSize = -1;
        } else if (fmt == S_IFIFO) {
            f.type = IoFile.Type.PIPE;
            f.realSize = -1;
        } else {
            f.realSize = st.size();
        }
    }

    /**
     * BLKGETSIZE64 of a file filetype=block says is a block device: its failure is fio's
     * blockdev_size error, which fio logs on a line of its own first (get_file_size).
     */
    private static long assumedBlockDeviceSize(String path) throws JobError {
        try {
            return BlockDevice.size(Path.of(path));
        } catch (SyscallException e) {
            throw new JobError(e.errno(), "blockdev_size", "file:filesetup.c:476, func=blockdev_size, error="
                    + io.jfio.engine.nativeio.Errno.strerror(e.errno()));
        }
    }

    /** BLKGETSIZE64 of a block device. */
    public static long blockDeviceSize(String path) throws JobError {
        try {
            return BlockDevice.size(Path.of(path));
        } catch (SyscallException e) {
            throw new JobError(e.errno(), e.call(), null);
        }
    }

    /** fio's extend_file: (re)create the file and write it out when the job needs its contents. */
    private void extend(IoFile f, long length) throws JobError {
        LibC c = Native.libc();
        long oldLength = Math.max(0, f.realSize);
        boolean overwrite = opts.files().overwrite() || mode.reads();
        boolean append = opts.files().fileAppend();
        boolean newLayout = mode.reads() || (mode.writes() && overwrite && !append);
        boolean unlink = mode.writes() && !overwrite && !append;
        if (unlink || newLayout) {
            c.unlink(f.path);
        }
        int flags = OpenFlags.O_WRONLY;
        if (opts.files().allowFileCreate()) {
            flags |= OpenFlags.O_CREAT;
        }
        if (newLayout) {
            flags |= OpenFlags.O_TRUNC;
        }
        int fd = c.open(f.path, flags, 0644);
        if (fd < 0) {
            int e = Native.errno();
            if (e == 2 && (flags & OpenFlags.O_CREAT) == 0) {
                // fio logs this without recording an error: no pid line, the job still counts in the exit status
                throw new JobError(0, "open", "fio: file creation disallowed by allow_file_create=0");
            }
            throw new JobError(e, "open", null);
        }
        boolean fill = opts.size().fillDevice();
        try {
            boolean fallocated = fill || fallocate(fd, f, length); // fio's fallocate_file leaves a file to fill alone
            io.jfio.runner.workload.FileDebug.laidOut(f, unlink || newLayout, flags, fill ? null : opts.files().fallocate(), fallocated, newLayout && !fill, length);
            if (!newLayout) {
                f.realSize = length;
                dropExtended(fd, oldLength, length);
                return;
            }
            if (!fill && c.ftruncate(fd, length) != 0) {
                int e = Native.errno();
                if (e != 27) { // EFBIG
                    throw new JobError(e, "ftruncate", null);
                }
            }
            writeOut(fd, length);
            if (terminate.getAsBoolean()) {
                // Interrupted half-way: fio removes the partial file rather than leave it looking laid out.
                c.unlink(f.path);
                return;
            }
            if (opts.files().createFsync()) {
                c.fsync(fd);
            }
            f.realSize = length;
            dropExtended(fd, oldLength, length);
        } finally {
            c.close(fd);
        }
    }

    /** fio drops the pages of what it just laid out, whatever invalidate says (filesetup.c after extend_file). */
    private static void dropExtended(int fd, long from, long to) {
        if (to > from) {
            Native.libc().posix_fadvise(fd, from, to - from, POSIX_FADV_DONTNEED);
        }
    }

    /** False when the file system refused native/posix allocation. */
    private boolean fallocate(int fd, IoFile f, long length) {
        String mode = opts.files().fallocate();
        LibC c = Native.libc();
        return switch (mode) {
            case "none", "0" -> true;
            case "keep" -> {
                c.fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, length);
                yield true;
            }
            case "truncate" -> {
                c.ftruncate(fd, length);
                yield true;
            }
            // native and posix: glibc's posix_fallocate uses fallocate(2) and emulates the rest;
            // fio's native mode silently gives up where the filesystem can't.
            default -> c.fallocate(fd, 0, 0, length) == 0;
        };
    }

    /**
     * Writes the file's contents: block by block with the job's buffer contents (fio's extend_file
     * fills each block with fill_io_buffer), or random data without a fill.
     */
    private void writeOut(int fd, long length) throws JobError {
        LibC c = Native.libc();
        int chunk = layoutFill != null ? (int) Math.max(1, Math.min(layoutBlock, length))
                : (int) Math.min(1 << 20, Math.max(4096, length));
        try (AlignedBuffer buf = AlignedBuffer.allocate(chunk, 4096)) {
            writeOut(c, fd, buf, length);
        }
    }

    private void writeOut(LibC c, int fd, AlignedBuffer buf, long length) throws JobError {
        int chunk = (int) buf.length();
        java.nio.ByteBuffer block = buf.byteBuffer(0, chunk);
        // the fill's bulk path writes through a long view: one per buffer, not per block, and
        // twice the per-word path's speed (a sixth of laying out 252 fresh 4 MiB files)
        java.nio.LongBuffer words = layoutFill != null ? RandomFill.words(block) : null;
        if (layoutFill == null) {
            byte[] rnd = new byte[chunk];
            ThreadLocalRandom.current().nextBytes(rnd);
            block.put(rnd);
        }
        long left = length;
        while (left > 0 && !terminate.getAsBoolean()) {
            long n = Math.min(left, chunk);
            if (layoutFill != null) {
                layoutFill.fill(block, words, (int) n);
            }
            long r = c.write(fd, buf.address(), n);
            if (r > 0) {
                left -= r;
                continue;
            }
            int e = r < 0 ? Native.errno() : 5;
            if ((e == 28 || e == 122) && opts.size().fillDevice()) {
                return; // the file system is full: what fill_device lays out
            }
            if (e == 28 || e == 122) {
                out.println("fio: " + (e == 28 ? "ENOSPC" : "EDQUOT") + " on laying out file, stopping");
                out.flush();
            }
            // A layout that could not finish fails the job's set-up (fio's extend_file).
            throw new JobError(e, LAYOUT_WRITE, null);
        }
    }

    /**
     * Open flags for the job's I/O (fio's generic_open_file): also O_NOATIME for a device or pipe,
     * as fio gives every file that is not a regular one (the open retries without it on EPERM).
     */
    public int openFlags(IoFile f) {
        boolean create = f.type == IoFile.Type.REGULAR && opts.files().allowFileCreate();
        // create_on_open creates the file whatever the job does (generic_open_file): a read of it reads nothing
        int onOpen = opts.files().createOnOpen() && opts.files().allowFileCreate() ? OpenFlags.O_CREAT : 0;
        int noatime = f.type == IoFile.Type.REGULAR ? 0 : OpenFlags.O_NOATIME;
        return OpenFlags.forJob(mode.modifies(), opts.io().direct(), create, syncFlags(opts)) | onOpen | noatime;
    }

    /** O_SYNC / O_DSYNC for sync=1|sync|dsync. */
    public static int syncFlags(ThreadOptions opts) {
        return switch (opts.io().sync()) {
            case SYNC -> OpenFlags.O_SYNC;
            case DSYNC -> OpenFlags.O_DSYNC;
            case NONE -> 0;
        };
    }

    /** Drops cached pages of the job's region (invalidate=1): fadvise for files, BLKFLSBUF for devices. */
    public static void invalidate(IoFile f) {
        if (f.fd < 0) {
            return;
        }
        LibC c = Native.libc();
        if (f.type == IoFile.Type.BLOCK) {
            c.ioctl(f.fd, BLKFLSBUF, 0);
        } else if (f.type == IoFile.Type.REGULAR) {
            c.posix_fadvise(f.fd, f.fileOffset, f.ioSize, POSIX_FADV_DONTNEED);
        }
    }

    /**
     * fio's fadvise_hint (default 1), given right after open and invalidate: RANDOM for random
     * workloads and SEQUENTIAL otherwise, or the named advice. Without it the kernel's readahead
     * pulls a randomly read file into the page cache and the job measures memory, not the disk.
     * Returns false when the kernel refused the advice (fio warns once per run).
     */
    public static boolean fadviseHint(IoFile f, ThreadOptions opts, boolean randomWorkload) {
        if (f.fd < 0 || (f.type != IoFile.Type.REGULAR && f.type != IoFile.Type.BLOCK)) {
            return true;
        }
        int advice = switch (opts.files().fadviseHint()) {
            case "0", "false" -> -1;
            case "random" -> POSIX_FADV_RANDOM;
            case "sequential" -> POSIX_FADV_SEQUENTIAL;
            case "noreuse" -> POSIX_FADV_NOREUSE;
            default -> randomWorkload ? POSIX_FADV_RANDOM : POSIX_FADV_SEQUENTIAL;
        };
        return advice < 0 || Native.libc().posix_fadvise(f.fd, f.fileOffset, f.ioSize, advice) == 0;
    }
}
