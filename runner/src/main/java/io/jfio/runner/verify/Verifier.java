package io.jfio.runner.verify;

import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.options.VerifyOptions;
import io.jfio.runner.data.RandomFill;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * One job's verify state (fio's verify.c for a thread): fills write buffers with fio's random
 * data or verify_pattern and the block headers (populate_verify_io_u; {@link BlockHeaders},
 * {@link VerifyPattern}), logs the writes to read back (io_hist, {@link VerifyHistory}), hands
 * them out again as reads (get_next_verify, verify_backlog), and checks what comes back
 * (verify_io_u, {@link BlockVerify}), reporting failures with fio's messages ({@link VerifyReport}).
 * Runs on the job thread, the checks with verify_async on its verify threads ({@link AsyncVerify});
 * after construction nothing here allocates, except the history growing and the failure path
 * (messages, dump files).
 */
public final class Verifier {
    /** EILSEQ: what fio reports for data that does not verify. */
    public static final int EILSEQ = 84;
    /** {@link #completed}: the read went to a verify thread; its unit comes back through {@link #takeVerified}. */
    public static final int HANDED_OFF = -1;
    /** The function fio names for a failure found by a verify_async thread (verify.c's td_verror). */
    public static final String ASYNC_FUNCTION = "async_verify";

    /** Job facts the verify rules depend on (fio's init.c decisions). */
    public record Job(boolean writes, boolean fixedBs, boolean timeBased, boolean overlapRisk, boolean syncEngine,
                      int iodepth, int threadNumber, boolean bsUnaligned, long expectedWrites,
                      boolean fakeIo) {
    }

    private final VerifyType type;
    private final VerifyOptions o;
    private final BlockHeaders headers;
    private final VerifyPattern pattern;
    /** verify_io_u on the job thread; each verify thread checks with a copy. */
    private final BlockVerify check;
    /** verify_async's threads, once started (null without verify_async). */
    private AsyncVerify async;
    private final IoUnit[] unitArray;
    private final boolean writes;
    /** The engine fakes its I/O (null): fio pretends everything verified. */
    private final boolean fakeIo;
    /** The engine's device compares the verify reads (verify_mode=compare). */
    private boolean inDevice;
    private final ByteBuffer[] views;
    /** A new pass is one of fio's loops (not a time_based wrap) and randrepeat re-seeds it. */
    private final boolean loopsReseed;
    /** Each unit's buffer as little-endian longs, for the random fill. */
    private final java.nio.LongBuffer[] words;
    private final RandomFill random = new RandomFill();
    private final long[] unitSeed;
    private final long[] unitNumberio;
    private final int[] unitEntry;
    private final boolean[] unitFromList;
    /** Bytes of verify_pattern the unit's buffer holds since its last read (fio's buf_filled_len). */
    private final int[] unitFilled;
    private final List<IoFile> files;
    private final VerifySeeds seeds;
    private final VerifyHistory history;
    private long writeNumber;
    private int backlogBatch;
    private boolean lastCompletedRead;
    private boolean lastCompletedTrim;
    private long replayLimit;
    private long dryRunBytes;
    private long replayMinBs;
    private long replayVerified;
    private long replayReads;
    /** trim_percentage's picks and trim_backlog's schedule, or null. */
    private final TrimBacklog trims;
    /** The unit reads back a trimmed block (fio's IO_U_F_TRIMMED). */
    private final boolean[] unitTrimmed;
    private long failures;
    private boolean terminate;
    /** fio's inflight log for verify_state_save, or null. */
    private final VerifyState vstate;
    /** The state verify_state_load read: where the verification stops; null verifies all. */
    private VerifyState.Loaded loaded;
    private PrintStream out;
    private final PrintStream err;
    /** Reads issued by a read-only verify job (fio's io_issues[DDIR_READ]). */
    private long readsIssued;

    public Verifier(VerifyOptions o, Job job, IoBuffers buffers, List<IoFile> files, VerifySeeds seeds, PrintStream err) {
        this.o = o;
        this.type = VerifyType.of(o.verify);
        VerifyHeader layout = VerifyHeader.configured();
        this.writes = job.writes();
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
        this.headers = new BlockHeaders(type, layout, (int) o.interval, (int) o.offset, job.threadNumber(),
                job.bsUnaligned(), seed && o.pattern == null, seq && job.writes() && job.fixedBs() && !job.timeBased());
        List<IoUnit> units = buffers.units();
        this.views = new ByteBuffer[units.size()];
        this.loopsReseed = !job.timeBased() && seeds.reseedsEachLoop();
        this.words = new java.nio.LongBuffer[units.size()];
        int maxLen = 0;
        for (int i = 0; i < units.size(); i++) {
            IoUnit u = units.get(i);
            views[i] = buffers.region().byteBuffer(u.bufferAddress - buffers.address(), u.bufferCapacity)
                    .order(ByteOrder.LITTLE_ENDIAN);
            words[i] = RandomFill.words(views[i]);
            maxLen = Math.max(maxLen, u.bufferCapacity);
        }
        this.pattern = VerifyPattern.of(o, maxLen);
        this.unitFilled = new int[units.size()];
        this.unitSeed = new long[units.size()];
        this.unitNumberio = new long[units.size()];
        this.unitEntry = new int[units.size()];
        this.unitFromList = new boolean[units.size()];
        this.unitTrimmed = new boolean[units.size()];
        this.trims = TrimBacklog.of(o, seeds.trimSeed());
        java.util.Arrays.fill(unitEntry, -1);
        this.files = files;
        this.seeds = seeds;
        long cap = Math.min(Math.max(16, job.expectedWrites()), 1 << 22);
        this.history = new VerifyHistory((int) cap, job.overlapRisk());
        this.err = err;
        this.vstate = o.stateSave ? new VerifyState(job.iodepth(), units.size()) : null;
        this.out = err;
        this.unitArray = units.toArray(new IoUnit[0]);
        this.check = new BlockVerify(type, headers, pattern, new VerifyReport(err, o.dump, headers, o.async > 0),
                o.fatal, trims == null || trims.verifyZero(), views, unitSeed, unitNumberio, unitFromList, unitTrimmed);
        VerifyWarmup.run(type, layout, job.threadNumber(), pattern);
    }

    /**
     * verify_async=N: completed reads are checked by N verify threads, as fio's are; a failure
     * is then the async one (flags=84, func=async_verify).
     */
    public boolean async() {
        return o.async > 0;
    }

    /**
     * Starts verify_async's threads (fio's verify_async_init), pinned to verify_async_cpus when
     * given; {@code continues}: continue_on_error covers verify errors, so a failure does not
     * end the verifying. Nothing without verify_async.
     */
    public void startAsync(boolean continues, String threadName) {
        if (o.async > 0 && async == null) {
            async = new AsyncVerify((int) o.async, unitArray, check, continues, o.asyncCpus, err, threadName);
        }
    }

    /** Units at the verify threads, not yet taken back (0 without verify_async). */
    public int verifying() {
        return async == null ? 0 : async.outstanding();
    }

    /** Checked units wait to be taken back. */
    public boolean verifiedReady() {
        return async != null && async.ready();
    }

    /**
     * Takes back the units the verify threads checked: their indices into {@code units}, their
     * results (0 or EILSEQ, counted as failures here) into {@code codes}, both as long as the
     * unit count. With {@code wait} it waits for one while any is out. Returns how many.
     */
    public int takeVerified(int[] units, int[] codes, boolean wait) {
        if (async == null) {
            return 0;
        }
        int n = async.takeBack(units, codes, wait);
        for (int i = 0; i < n; i++) {
            done(codes[i]);
        }
        return n;
    }

    /** The verify threads' ids (for their CPU and heap accounting); empty without verify_async. */
    public long[] asyncThreadIds() {
        return async == null ? new long[0] : async.threadIds();
    }

    /** The job ends: the verify threads end (fio's verify_async_exit), before the buffers go. */
    public void close() {
        if (async != null) {
            async.close();
            async = null;
        }
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
        if (VerifyDebug.on()) {
            VerifyDebug.line("starting loop");
        }
    }

    /** do_verify's end (its "exiting loop" debug line). */
    public void endReadBack() {
        if (VerifyDebug.on()) {
            VerifyDebug.line("exiting loop");
        }
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
        loaded = VerifyState.load(AuxPath.stateDir(dir), job, index, err);
        return loaded != null;
    }

    /**
     * At the end of a writing verify job with verify_state_save=1 (fio's default): fio's state
     * file for job {@code job}, thread index {@code index}, in {@code dir}; {@code rand} is the
     * offset generator's state (FioRandom.save's layout), or null.
     */
    public void saveState(java.nio.file.Path dir, String job, long index, long[] rand) {
        if (vstate != null && writes) {
            vstate.save(AuxPath.stateDir(dir), job, index, rand, err);
        }
    }

    /** Where {@link #saveState} puts the state file of job {@code job}, thread index {@code index}. */
    public static java.nio.file.Path stateFile(java.nio.file.Path dir, String job, long index) {
        return VerifyState.file(AuxPath.stateDir(dir), job, index);
    }

    /**
     * The engine has the device check the verify reads (verify_mode=compare): reads of logged
     * writes carry the expected data, and this verifier checks none of them.
     */
    public void checkInDevice(boolean on) {
        inDevice = on;
    }

    /** A new loop over the files: fio prunes the history and re-seeds. */
    public void newPass() {
        if (vstate != null) {
            vstate.clear();
        }
        history.clear();
        writeNumber = 0;
        seeds.restart();
        if (trims != null && loopsReseed) {
            trims.reseed(seeds.trimSeed());
        }
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
        u.verifyInDevice = false;
        if (type != VerifyType.NULL) {
            fill(u, nio, timeNanos);
        }
        if (vstate != null && VerifyDebug.on() && o.doVerify) {
            VerifyDebug.line("log_inflight: numberio=" + nio + ", inflight_idx=" + vstate.slot(i));
        }
        unitEntry[i] = log && o.doVerify && !o.experimental ? history.log(u.file.index, u.offset, u.length, nio) : -1;
        if (trims != null && unitEntry[i] >= 0) {
            trims.logged(history, unitEntry[i]);
        }
    }

    /** fio's populate_verify_io_u: the unit's data and headers as a write numbered {@code nio} has them. */
    private void fill(IoUnit u, long nio, long timeNanos) {
        int i = u.index;
        ByteBuffer b = views[i];
        long seed;
        if (pattern == null) {
            seed = seeds.next();
            unitSeed[i] = seed;
            if (VerifyDebug.on()) {
                VerifyDebug.line("fill random bytes len=" + u.length);
            }
            random.fill(b, words[i], 0, u.length, seed);
        } else {
            // fio draws no seed for pattern data: the header keeps the unit's (zero) seed
            seed = unitSeed[i];
            // fio's fill_verify_pattern: a buffer still holding the pattern is written as it is
            // (the headers below land where they landed before); %o and verify_offset refill
            if (!pattern.offsetFree() || o.offset != 0 || unitFilled[i] < u.length) {
                pattern.fill(b, u.length, u.offset);
                unitFilled[i] = u.length;
            }
        }
        headers.populate(b, u.length, u.offset, seed, nio, timeNanos);
        if (VerifyDebug.on()) {
            VerifyDebug.headers(true, type, u, headers.inc(u.length));
        }
    }

    /**
     * fio's check_get_trim (after check_get_verify): with trim_backlog, a logged write picked by
     * trim_percentage is trimmed now. True when {@code u} was filled with that trim.
     */
    public boolean backlogTrim(IoUnit u) {
        if (trims == null) {
            return false;
        }
        int e = trims.next(history, lastCompletedTrim);
        if (e < 0) {
            return false;
        }
        int i = u.index;
        logged(u, IoDirection.TRIM, e);
        unitFromList[i] = false;
        unitEntry[i] = -1;
        if (VerifyDebug.on()) {
            VerifyDebug.line(String.format("get_next_trim: ret io_u 0x%x", u.bufferAddress));
        }
        return true;
    }

    /** fio's do_dry_run for verify_only: the write is only logged, never issued. */
    public void dryRunWrite(IoUnit u) {
        long nio = writeNumber++;
        dryRunBytes += u.length;
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

    /** experimental_verify: the read-back replays the job's offsets instead of a write log. */
    public boolean experimental() {
        return o.experimental;
    }

    /**
     * experimental_verify's read-back starts (fio's do_verify): it reads until the bytes verified
     * reach {@code writtenBytes} (what the I/O phase wrote) less one minimum block.
     */
    public void startReplay(long writtenBytes, long minBs, boolean first) {
        // verify_only's dry run "writes" count as written (fio's do_dry_run returns them)
        replayLimit = writtenBytes + dryRunBytes;
        replayMinBs = minBs;
        if (first) {
            // fio's bytes_verified is cleared once per job: a later loop's read-back (loops
            // above 1) counts what the earlier ones verified against its own writes
            replayVerified = 0;
            replayReads = 0;
        }
    }

    /** The replay is done (fio's bytes_verified + rw_min_bs > verify_bytes). */
    public boolean replayDone() {
        return replayVerified + replayMinBs > replayLimit;
    }

    /**
     * One I/O of the replayed sequence: a write becomes the read that checks it, with the seed
     * it drew and numberio counted from 0 (fio's verify_read_issues); a trim becomes a read that
     * must be zeroes. False for a read, which the replay skips (fio counts it as issued).
     */
    public boolean replay(IoUnit u) {
        int i = u.index;
        if (u.ddir == IoDirection.READ || !u.ddir.isData()) {
            return false;
        }
        unitFromList[i] = false;
        unitEntry[i] = -1;
        u.verifyInDevice = false;
        if (u.ddir == IoDirection.TRIM) {
            u.ddir = IoDirection.READ;
            unitFilled[i] = 0;
            unitTrimmed[i] = true;
            return true;
        }
        u.ddir = IoDirection.READ;
        unitFilled[i] = 0;
        unitNumberio[i] = replayReads++;
        if (pattern == null) {
            unitSeed[i] = seeds.next();
        }
        return true;
    }

    /**
     * Writes picked by trim_percentage and not trimmed yet (fio's non-empty td->trim_list): fio's
     * do_io keeps issuing while there are any, past number_ios and the job's size.
     */
    public boolean trimsPending() {
        return trims != null && history.trimEntries() > 0;
    }

    /** The end of the I/O phase (fio's do_io): picked writes never trimmed are reported as fio does. */
    public void endOfIo() {
        if (history.trimEntries() > 0) {
            err.printf("fio: %d trim entries leaked?%n", history.trimEntries());
            err.flush();
        }
    }

    /** {@code u} as a {@code dir} of the block the write log's entry {@code e} names. */
    private void logged(IoUnit u, IoDirection dir, int e) {
        u.ddir = dir;
        u.file = files.get(history.file(e));
        u.offset = history.offset(e);
        u.length = history.length(e);
    }

    /** fio's get_next_verify: the next logged write as a read into {@code u}; false when none. */
    public boolean nextRead(IoUnit u) {
        int e = history.peek();
        if (e < 0) {
            if (VerifyDebug.on()) {
                VerifyDebug.line("get_next_verify: empty");
            }
            return false;
        }
        if (VerifyDebug.on()) {
            VerifyDebug.line(String.format("get_next_verify: ret io_u 0x%x", u.bufferAddress));
            VerifyDebug.line("verify_state_should_stop numberio=" + history.numberio(e));
        }
        if (loaded != null && loaded.shouldStop(history.numberio(e), out)) {
            return false;
        }
        int i = u.index;
        logged(u, IoDirection.READ, e);
        unitFilled[i] = 0;
        unitNumberio[i] = history.numberio(e);
        unitFromList[i] = true;
        unitTrimmed[i] = history.trimmed(e);
        unitEntry[i] = -1;
        history.pop(e);
        if (pattern == null) {
            unitSeed[i] = seeds.next();
        }
        u.verifyInDevice = inDevice;
        if (inDevice && type != VerifyType.NULL) {
            // as fio's io_uring.c at prep: the expected data, drawn as a write draws it (a fresh
            // seed for random data, the time now in the headers), for the device to compare
            fill(u, unitNumberio[i], System.currentTimeMillis() * 1_000_000L);
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
        u.verifyInDevice = false;
        unitFilled[u.index] = 0;
        unitFromList[u.index] = false;
        unitEntry[u.index] = -1;
        if (!writes && pattern == null) {
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
        if (u.ddir.isData()) {
            // fio's td->last_ddir_completed
            lastCompletedRead = u.ddir == IoDirection.READ;
            lastCompletedTrim = u.ddir == IoDirection.TRIM;
        }
        if (u.ddir == IoDirection.WRITE) {
            if (vstate != null) {
                if (VerifyDebug.on() && o.doVerify) {
                    VerifyDebug.line("invalidate_inflight: numberio=" + unitNumberio[i] + ", inflight_idx="
                            + vstate.slot(i));
                }
                vstate.completed(i);
            }
            if (unitEntry[i] >= 0) {
                history.completed(unitEntry[i], ok);
                unitEntry[i] = -1;
            }
            return 0;
        }
        if (u.ddir != IoDirection.READ) {
            return 0;
        }
        unitFilled[i] = 0;
        if (!ok || (mixedReadWrite && !unitFromList[i])) {
            return 0;
        }
        replayVerified += u.length;
        if (async != null && !nothingToCheck(u)) {
            async.submit(i);
            return HANDED_OFF;
        }
        return verify(u);
    }

    /** verify=null, an engine that fakes its I/O (fio pretends it verified), the device compared it. */
    private boolean nothingToCheck(IoUnit u) {
        // the device compared it (fio's IO_U_F_VER_IN_DEV): a miscompare failed the I/O
        return type == VerifyType.NULL || fakeIo || u.verifyInDevice;
    }

    /** fio's verify_io_u on the job thread. */
    public int verify(IoUnit u) {
        return nothingToCheck(u) ? 0 : done(check.check(u));
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
}
