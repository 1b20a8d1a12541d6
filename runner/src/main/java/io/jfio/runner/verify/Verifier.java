package io.jfio.runner.verify;

import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.options.VerifyOptions;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One job's verify state (fio's verify.c for a thread): fills write buffers with fio's random
 * data and block headers (populate_verify_io_u), logs the writes to read back (io_hist), hands
 * them out again as reads (get_next_verify), and checks what comes back (verify_io_u) with fio's
 * messages. Runs on the job thread; after construction nothing here allocates, except the
 * history growing and the failure path (messages, dump files).
 */
public final class Verifier {
    /** EILSEQ: what fio reports for data that does not verify. */
    public static final int EILSEQ = 84;

    /** Job facts the verify rules depend on (fio's init.c decisions). */
    public record Job(boolean writes, boolean fixedBs, boolean timeBased, boolean overlapRisk, boolean syncEngine,
                      int iodepth, int threadNumber, boolean bsUnaligned, long expectedWrites,
                      boolean fakeIo) {
    }

    private final VerifyType type;
    private final VerifyOptions o;
    private final int interval;
    private final int verifyOffset;
    private final int hdrSize;
    private final VerifyHeader layout;
    private final boolean checkSeed;
    private final boolean checkNumberio;
    private final boolean writes;
    private final boolean syncEngine;
    private final int thread;
    private final boolean bsUnaligned;
    /** The engine fakes its I/O (null): fio pretends everything verified. */
    private final boolean fakeIo;
    private final ByteBuffer[] views;
    private final long[] unitSeed;
    private final long[] unitNumberio;
    private final int[] unitEntry;
    private final boolean[] unitFromList;
    private final List<IoFile> files;
    private final VerifySeeds seeds;
    private final VerifyHistory history;
    private final BlockChecksum sum;
    private final byte[] expected = new byte[128];
    private final byte[] received = new byte[128];
    private final byte[] swap = new byte[256];
    private final PrintStream err;
    /** verify_pattern with its %o places pasted (a working copy), or null. */
    private final byte[] pattern;
    private final int[] patternOffsets;
    private final int patternInterval;
    private long writeNumber;
    private int backlogBatch;
    private boolean lastCompletedRead;
    private long failures;
    private boolean terminate;
    /** fio's inflight log for verify_state_save, or null. */
    private final VerifyState vstate;
    /** The state verify_state_load read: where the verification stops; null verifies all. */
    private VerifyState.Loaded loaded;
    private PrintStream out;
    /** Reads issued by a read-only verify job (fio's io_issues[DDIR_READ]). */
    private long readsIssued;

    public Verifier(VerifyOptions o, Job job, IoBuffers buffers, List<IoFile> files, VerifySeeds seeds, PrintStream err) {
        this.o = o;
        this.type = VerifyType.of(o.verify);
        this.interval = (int) o.interval;
        this.verifyOffset = (int) o.offset;
        this.layout = VerifyHeader.configured();
        this.hdrSize = type.headerSize(layout);
        this.writes = job.writes();
        this.syncEngine = job.syncEngine();
        this.thread = job.threadNumber();
        this.bsUnaligned = job.bsUnaligned();
        this.fakeIo = job.fakeIo();
        // init.c: the seed check needs a write job without backlog and without overlap risk,
        // the sequence check a write job whose writes cannot pass each other; verify_only
        // turns both off; an explicit option wins.
        boolean seed = o.headerSeed;
        if (!o.headerSeedSet && (o.verifyOnly || !job.writes() || o.backlog > 0 || job.overlapRisk())) {
            seed = false;
        }
        boolean seq = o.writeSequence;
        if (!o.writeSequenceSet && (o.verifyOnly || (job.overlapRisk() && !job.syncEngine() && job.iodepth() > 1))) {
            seq = false;
        }
        this.checkSeed = seed && o.pattern == null;
        this.checkNumberio = seq && job.writes() && job.fixedBs() && !job.timeBased();
        List<IoUnit> units = buffers.units();
        this.views = new ByteBuffer[units.size()];
        for (int i = 0; i < units.size(); i++) {
            IoUnit u = units.get(i);
            views[i] = buffers.region().byteBuffer(u.bufferAddress - buffers.address(), u.bufferCapacity)
                    .order(ByteOrder.LITTLE_ENDIAN);
        }
        this.unitSeed = new long[units.size()];
        this.unitNumberio = new long[units.size()];
        this.unitEntry = new int[units.size()];
        this.unitFromList = new boolean[units.size()];
        java.util.Arrays.fill(unitEntry, -1);
        this.files = files;
        this.seeds = seeds;
        long cap = Math.min(Math.max(16, job.expectedWrites()), 1 << 22);
        this.history = new VerifyHistory((int) cap, job.overlapRisk());
        this.sum = new BlockChecksum(type);
        this.err = err;
        this.pattern = o.pattern == null ? null : o.pattern.bytes().clone();
        this.patternOffsets = o.pattern == null ? new int[0] : o.pattern.offsetPositions();
        this.patternInterval = (int) o.patternInterval;
        this.vstate = o.stateSave ? new VerifyState(job.iodepth(), units.size()) : null;
        this.out = err;
        VerifyWarmup.run(type, layout, thread);
    }

    public VerifyType type() {
        return type;
    }

    /** verify=null writes and checks nothing. */
    public boolean isNull() {
        return type == VerifyType.NULL;
    }

    /** Verify failures reported so far (each one printed). */
    public long failures() {
        return failures;
    }

    /** A failure with verify_fatal=1 asks the job to stop (fio_mark_td_terminate). */
    public boolean terminateRequested() {
        return terminate;
    }

    /** Writes logged and not yet read back. */
    public int pending() {
        return history.size();
    }

    /** Before the read-back pass: fio re-seeds verify_state so the seeds come again in order. */
    public void startReadBack() {
        seeds.restart();
    }

    /**
     * verify_state_load=1: reads the state a writer saved (fio's verify_load_state) from
     * {@code dir}; false, after fio's messages on {@code err}, when it cannot be used. The
     * "Stop verify" lines go to {@code out}, as fio's log_info.
     */
    public boolean loadState(java.nio.file.Path dir, String job, long index, PrintStream out) {
        this.out = out;
        if (!o.stateLoad) {
            return true;
        }
        loaded = VerifyState.load(dir, job, index, err);
        return loaded != null;
    }

    /**
     * At the end of a writing verify job with verify_state_save=1 (fio's default): fio's state
     * file for job {@code job}, thread index {@code index}, in {@code dir}; {@code rand} is the
     * offset generator's state (FioRandom.save's layout), or null.
     */
    public void saveState(java.nio.file.Path dir, String job, long index, long[] rand) {
        if (vstate != null && writes) {
            vstate.save(dir, job, index, rand, err);
        }
    }

    /** A new loop over the files: fio prunes the history and re-seeds. */
    public void newPass() {
        if (vstate != null) {
            vstate.clear();
        }
        history.clear();
        writeNumber = 0;
        seeds.restart();
    }

    /**
     * A write unit is about to be issued: fill it (fio's populate_verify_io_u) and log it for
     * the read-back (log_io_piece). {@code timeNanos} goes into the header's time fields.
     */
    public void prepareWrite(IoUnit u, long timeNanos, boolean log) {
        int i = u.index;
        unitFromList[i] = false;
        long nio = writeNumber++;
        unitNumberio[i] = nio;
        if (vstate != null) {
            vstate.issued(i, nio);
        }
        if (type != VerifyType.NULL) {
            ByteBuffer b = views[i];
            long seed;
            if (pattern == null) {
                seed = seeds.next();
                unitSeed[i] = seed;
                fillRandom(b, 0, u.length, seed);
            } else {
                // fio draws no seed for pattern data: the header keeps the unit's (zero) seed
                seed = unitSeed[i];
                fillPattern(b, u.length, u.offset);
            }
            int inc = hdrInc(u.length);
            int n = 0;
            for (int p = 0; p < u.length; p += inc, n++) {
                populateHeader(b, p, Math.min(inc, u.length - p), n, u.offset, seed, nio, timeNanos);
            }
        }
        unitEntry[i] = log && o.doVerify && !o.experimental ? history.log(u.file.index, u.offset, u.length, nio) : -1;
    }

    /** fio's do_dry_run for verify_only: the write is only logged, never issued. */
    public void dryRunWrite(IoUnit u) {
        long nio = writeNumber++;
        if (o.doVerify && !o.experimental) {
            int e = history.log(u.file.index, u.offset, u.length, nio);
            history.completed(e, true);
        }
    }

    /**
     * fio's check_get_verify: with verify_backlog, every backlog-th logged write starts a batch
     * of reads of the oldest logged writes. True when {@code u} was filled with such a read.
     */
    public boolean backlogRead(IoUnit u) {
        if (o.backlog <= 0 || history.size() == 0) {
            return false;
        }
        boolean get = false;
        if (backlogBatch > 0) {
            get = true;
        } else if (history.size() % o.backlog == 0 && !lastCompletedRead) {
            backlogBatch = (int) (o.backlogBatch > 0 ? o.backlogBatch : o.backlog);
            get = true;
        }
        if (get && nextRead(u)) {
            backlogBatch--;
            return true;
        }
        return false;
    }

    /** fio's get_next_verify: the next logged write as a read into {@code u}; false when none. */
    public boolean nextRead(IoUnit u) {
        int e = history.peek();
        if (e < 0) {
            return false;
        }
        if (loaded != null && loaded.shouldStop(history.numberio(e), out)) {
            return false;
        }
        int i = u.index;
        u.ddir = IoDirection.READ;
        u.file = files.get(history.file(e));
        u.offset = history.offset(e);
        u.length = history.length(e);
        unitNumberio[i] = history.numberio(e);
        unitFromList[i] = true;
        unitEntry[i] = -1;
        history.pop(e);
        if (o.pattern == null) {
            unitSeed[i] = seeds.next();
        }
        return true;
    }

    /**
     * A read of a read-only verify job: fio draws a seed for it too. False when a loaded verify
     * state says to stop here (the job then ends, as fio's do_io breaks out).
     */
    public boolean prepareRead(IoUnit u) {
        if (loaded != null && !writes && loaded.shouldStop(readsIssued, out)) {
            return false;
        }
        readsIssued++;
        unitFromList[u.index] = false;
        unitEntry[u.index] = -1;
        if (!writes && o.pattern == null) {
            unitSeed[u.index] = seeds.next();
        }
        return true;
    }

    /**
     * A unit completed. Writes become ready to read back (or leave the history when they
     * failed); reads that verify are checked. Returns 0 or EILSEQ.
     */
    public int completed(IoUnit u, boolean ok, boolean mixedReadWrite) {
        int i = u.index;
        if (u.ddir == IoDirection.WRITE) {
            if (vstate != null) {
                vstate.completed(i);
            }
            lastCompletedRead = false;
            if (unitEntry[i] >= 0) {
                history.completed(unitEntry[i], ok);
                unitEntry[i] = -1;
            }
            return 0;
        }
        if (u.ddir != IoDirection.READ) {
            return 0;
        }
        lastCompletedRead = true;
        if (!ok || (mixedReadWrite && !unitFromList[i])) {
            return 0;
        }
        return verify(u);
    }

    /** fio's verify_io_u. */
    public int verify(IoUnit u) {
        if (type == VerifyType.NULL || fakeIo) {
            return 0;
        }
        ByteBuffer b = views[u.index];
        int inc = hdrInc(u.length);
        int ret = 0;
        int n = 0;
        for (int p = 0; p < u.length; p += inc, n++) {
            if (ret != 0 && o.fatal) {
                break;
            }
            int len = Math.min(inc, u.length - p);
            if (verifyOffset != 0 && hdrSize > 0) {
                swapHeader(b, p);
            }
            if (hdrSize > 0) {
                ret = checkHeader(u, b, p, n, len);
                if (ret != 0) {
                    return done(ret);
                }
            }
            ret = checkData(u, b, p, n, len);
        }
        return done(ret);
    }

    private int done(int ret) {
        if (ret != 0) {
            failures++;
            if (o.fatal) {
                terminate = true;
            }
        }
        return ret;
    }

    private int hdrInc(int buflen) {
        return interval > 0 && interval <= buflen && !bsUnaligned ? interval : buflen;
    }

    private void populateHeader(ByteBuffer b, int p, int len, int n, long unitOffset, long seed, long nio, long time) {
        if (hdrSize == 0) {
            return;
        }
        layout.write(b, p, type, len, seed, unitOffset + (long) n * interval, time, nio, thread, sum.crc32c());
        if (type.checksumSize > 0 && len > hdrSize) {
            sum.compute(b, p + hdrSize, len - hdrSize, expected);
            b.put(p + layout.size, expected, 0, type.checksumSize);
        }
        if (verifyOffset != 0) {
            swapHeader(b, p);
        }
    }

    /** fio's memswp of the header and the bytes at verify_offset. */
    private void swapHeader(ByteBuffer b, int p) {
        b.get(p, swap, 0, hdrSize);
        b.get(p + verifyOffset, swap, hdrSize, hdrSize);
        b.put(p, swap, hdrSize, hdrSize);
        b.put(p + verifyOffset, swap, 0, hdrSize);
    }

    private int checkHeader(IoUnit u, ByteBuffer b, int p, int n, int len) {
        int magic = VerifyHeader.magic(b, p);
        String what = null;
        if (magic != VerifyHeader.MAGIC) {
            what = String.format("verify: bad magic header %x, wanted %x", magic, VerifyHeader.MAGIC);
        } else if (layout.version(b, p) != VerifyHeader.VERSION) {
            what = String.format("verify: unsupported header version %x, wanted %x. Are you trying to verify across"
                    + " versions of fio?", layout.version(b, p), VerifyHeader.VERSION);
        } else if (VerifyHeader.len(b, p) != len) {
            what = String.format("verify: bad header length %d, wanted %d", VerifyHeader.len(b, p), len);
        } else if (checkSeed && VerifyHeader.seed(b, p) != unitSeed[u.index]) {
            what = String.format("verify: bad header rand_seed %s, wanted %s",
                    Long.toUnsignedString(VerifyHeader.seed(b, p)), Long.toUnsignedString(unitSeed[u.index]));
        } else if (VerifyHeader.offset(b, p) != u.offset + (long) n * interval) {
            what = String.format("verify: bad header offset %s, wanted %d",
                    Long.toUnsignedString(VerifyHeader.offset(b, p)), u.offset);
        } else if (checkNumberio && layout.numberio(b, p) != layout.stored(unitNumberio[u.index])) {
            what = String.format("verify: bad header numberio %s, wanted %d",
                    Long.toUnsignedString(layout.numberio(b, p)), unitNumberio[u.index]);
        } else {
            int crc = VerifyHeader.fioCrc32c(sum.crc32c(), b, p, layout.crcOffset);
            if (crc != layout.crc(b, p)) {
                what = String.format("verify: bad header crc %x, calculated %x", layout.crc(b, p), crc);
            }
        }
        if (what == null) {
            return 0;
        }
        err.printf("%s at file %s offset %d, length %d (requested block: offset=%d, length=%d)%n", what,
                u.file.path, u.offset + (long) n * len, len, u.offset, u.length);
        if (o.dump) {
            dump(u, b, p, len, u.offset + (long) n * len, "hdr_fail");
        }
        err.flush();
        return EILSEQ;
    }

    private int checkData(IoUnit u, ByteBuffer b, int p, int n, int len) {
        switch (type) {
            case META, PATTERN, PATTERN_NO_HDR:
                // the header was checked above; the data against verify_pattern when there is one
                return pattern == null ? 0 : checkPattern(u, b, p, n, len);
            default:
                break;
        }
        int size = type.checksumSize;
        sum.compute(b, p + hdrSize, len - hdrSize, received);
        boolean same = true;
        for (int k = 0; k < size; k++) {
            if (b.get(p + layout.size + k) != received[k]) {
                same = false;
                break;
            }
        }
        if (same) {
            return 0;
        }
        b.get(p + layout.size, expected, 0, size);
        long off = u.offset + (long) n * len;
        // IO_U_F_VER_LIST | IO_U_F_IN_CUR_DEPTH, as fio has them when it checks the data
        int flags = (unitFromList[u.index] ? 0x80 : 0) | 0x08;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%.8s: verify failed at file %s offset %d, length %d (requested block: offset=%d,"
                + " length=%d, flags=%x)%n", type.reportName(), u.file.path, off, len, u.offset, u.length, flags));
        sb.append("       Expected CRC: ").append(hex(expected, size)).append(System.lineSeparator());
        sb.append("       Received CRC: ").append(hex(received, size)).append(System.lineSeparator());
        err.print(sb);
        if (o.dump) {
            dump(u, b, p, len, off, "received");
            dumpExpected(u, b, p, n, len, off);
        }
        err.flush();
        return EILSEQ;
    }

    /** fio's fill_verify_pattern: the pattern, %o pasted per chunk of verify_pattern_interval. */
    private void fillPattern(ByteBuffer b, int len, long offset) {
        int chunk = patternInterval > 0 ? patternInterval : len;
        long off = offset;
        for (int done = 0; done < len; done += chunk, off += chunk) {
            int todo = Math.min(chunk, len - done);
            paste(off);
            for (int q = 0; q < todo; q += pattern.length) {
                b.put(done + q, pattern, 0, Math.min(pattern.length, todo - q));
            }
        }
    }

    /** fio's paste_blockoff into the pattern copy: the offset, 8 bytes little-endian, at each %o. */
    private void paste(long offset) {
        for (int at : patternOffsets) {
            for (int k = 0; k < 8 && at + k < pattern.length; k++) {
                pattern[at + k] = (byte) (offset >>> (8 * k));
            }
        }
    }

    /** fio's verify_io_u_pattern for header {@code n} at {@code p}. */
    private int checkPattern(IoUnit u, ByteBuffer b, int p, int n, int inc) {
        int psize = pattern.length;
        int len = inc - hdrSize;
        int start = p + hdrSize;
        long off = u.offset;
        int mod;
        int todo;
        if (patternInterval > 0) {
            long extent = (long) inc * n + hdrSize;
            int pim = (int) (extent % patternInterval);
            mod = pim % psize;
            todo = Math.min(len, patternInterval - pim);
            off += extent / patternInterval * patternInterval;
        } else {
            paste(off);
            mod = (int) (((long) inc * n + hdrSize) % psize);
            todo = len;
        }
        int done = 0;
        int q = start;
        while (done < len) {
            if (patternInterval > 0) {
                paste(off);
            }
            for (int i = 0; i < todo; i++) {
                byte want = pattern[mod];
                byte got = b.get(q + i);
                if (got != want) {
                    err.printf("fio: got pattern '%02x', wanted '%02x'. Bad bits %d%n", got & 0xff, want & 0xff,
                            Integer.bitCount((got ^ want) & 0xff));
                    err.printf("fio: bad pattern block offset %d%n", i + hdrSize);
                    long at = type == VerifyType.PATTERN_NO_HDR ? u.offset : u.offset + (long) n * inc;
                    int l = type == VerifyType.PATTERN_NO_HDR ? u.length : inc;
                    err.printf("pattern: verify failed at file %s offset %d, length %d (requested block: offset=%d,"
                            + " length=%d, flags=%x)%n", u.file.path, at, l, u.offset, u.length,
                            (unitFromList[u.index] ? 0x80 : 0) | 0x08);
                    err.flush();
                    return EILSEQ;
                }
                if (++mod == psize) {
                    mod = 0;
                }
            }
            mod = 0;
            done += todo;
            q += todo;
            off += patternInterval;
            todo = Math.min(len - done, patternInterval);
        }
        return 0;
    }

    private static String hex(byte[] a, int n) {
        StringBuilder sb = new StringBuilder(n * 2);
        for (int i = 0; i < n; i++) {
            sb.append(String.format("%02x", a[i] & 0xff));
        }
        return sb.toString();
    }

    /** fio's dump_buf: {@code <file basename>.<offset>.<kind>} in the working directory. */
    private void dump(IoUnit u, ByteBuffer b, int p, int len, long off, String kind) {
        byte[] data = new byte[len];
        b.get(p, data, 0, len);
        writeDump(u, data, off, kind);
    }

    private void writeDump(IoUnit u, byte[] data, long off, String kind) {
        String name = Path.of(u.file.path).getFileName() + "." + off + "." + kind;
        try {
            Files.write(Path.of(name), data);
            err.printf("       %s data dumped as %s%n", kind, name);
        } catch (IOException e) {
            err.println("open verify buf file: " + e.getMessage());
        }
    }

    /** The block as it was written: regenerated from the seed in the header it carries. */
    private void dumpExpected(IoUnit u, ByteBuffer b, int p, int n, int len, long off) {
        long seed = VerifyHeader.seed(b, p);
        ByteBuffer g = ByteBuffer.allocate(u.length).order(ByteOrder.LITTLE_ENDIAN);
        fillRandom(g, 0, u.length, seed);
        int inc = hdrInc(u.length);
        int k = 0;
        for (int q = 0; q < u.length; q += inc, k++) {
            populateHeader(g, q, Math.min(inc, u.length - q), k, u.offset, seed, unitNumberio[u.index], 0);
        }
        byte[] data = new byte[len];
        g.get(p, data, 0, len);
        writeDump(u, data, off, "expected");
    }

    /**
     * fio's __fill_random_buf: four 64-bit lanes seeded with seed times 1, 2, 3 and 5, each
     * multiplied by the 64-bit golden ratio after every word; the tail continues lane 0.
     */
    static void fillRandom(ByteBuffer b, int off, int len, long seed) {
        final long g = 0x61C8864680B583EBL;
        int bucketWords = (len / 8 / 4) * 4;
        long s0 = seed;
        long s1 = seed * 2;
        long s2 = seed * 3;
        long s3 = seed * 5;
        int p = off;
        int end = off + bucketWords * 8;
        for (; p < end; p += 32) {
            b.putLong(p, s0);
            b.putLong(p + 8, s1);
            b.putLong(p + 16, s2);
            b.putLong(p + 24, s3);
            s0 *= g;
            s1 *= g;
            s2 *= g;
            s3 *= g;
        }
        int rest = off + len - p;
        long s = s0;
        for (; rest >= 8; rest -= 8, p += 8) {
            b.putLong(p, s);
            s *= g;
        }
        for (int k = 0; k < rest; k++) {
            b.put(p + k, (byte) (s >>> (8 * k)));
        }
    }
}
