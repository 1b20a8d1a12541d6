package io.jfio.runner.workload;

import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.RandomOptions;
import io.jfio.jobfile.options.ThreadOptions;

import java.util.List;

/**
 * Which I/Os one job issues, decided as fio decides them (io_u.c: get_io_u, fill_io_u,
 * get_next_offset, get_next_buflen, get_rw_ddir; backend.c: do_io and keep_running for the
 * amount and the loops). One instance per job thread; not thread-safe; nothing is allocated
 * per I/O.
 *
 * <p>The runner calls {@link #next(IoUnit, long)} for every I/O it is about to issue and issues
 * it unless it returns false (job done). Every successful {@code next} counts as issued (fio
 * counts io_issues at submit; a requeued I/O keeps its fields and is not asked for again).
 * The job's amount is counted in issued bytes, which equals fio's completed bytes for I/Os
 * that complete in full. A new loop (pass over the files) starts inside {@code next} when the
 * previous one is done; {@link #pass()} tells the runner, which should let all I/O in flight
 * complete at a pass boundary as fio does.
 *
 * <p>Random numbers come from fio's generators seeded as fio seeds them (randseed, the job's
 * thread number), so offsets, block sizes and directions match fio's for the same job layout.
 */
public final class IoPattern {
    static final int READ = 0;
    static final int WRITE = 1;
    static final int TRIM = 2;

    // ---- the job's settings (fio's thread_options after fixup) ----
    private final DirectionMix dirs;
    private final boolean tdRead;
    private final boolean tdWrite;
    private final boolean tdRandom;
    private final boolean tdRw;
    private final boolean trimwrite;
    /** num_range: ranges per trim; above 1 a trim unit carries several (fio's fill_multi_range_io_u). */
    private final int numRange;
    private final IoUnit rangeUnit = new IoUnit(-1, 0, 0);
    private final long[] minBs = new long[3];
    private final long[] maxBs = new long[3];
    private final long[] ba = new long[3];
    private final long rwMinBs;
    private final long maxBsAll;
    private final long[][] splitBs = new long[3][];
    private final long[][] splitPerc = new long[3][];
    private final boolean norandommap;
    private final boolean use64;
    private final boolean timeBased;
    /**
     * verify is not none: a time_based job's pass then still ends at its amount (do_io breaks so that
     * thread_main can run do_verify, even with do_verify=0), and the next pass starts over.
     */
    private final boolean verifying;
    private final long size;
    private final long ioSize;
    private final long numberIos;
    /** Trim verification has picked writes not trimmed yet ({@link #trimsPending(boolean)}). */
    private boolean trimsPending;
    /** I/Os of the job's loop that this pattern did not produce ({@link #otherIssued}). */
    private long otherIos;
    private final int loops;
    private final boolean verify;
    private final long totalBytes;
    private final RandSeeds rs;
    private final OffsetGenerator offsets;
    /** sprandom's writes, or null; when it has no block left fio ends the job (td->done). */
    private final SpRandom spRandom;

    // ---- files ----
    private final IoFile[] files;
    private final int nrFiles;
    private final boolean[] done;
    private final boolean[] opened;
    private final FileService fileService;
    /** the file reset as FileService calls it back (made once: a method reference per I/O would allocate). */
    private final java.util.function.IntConsumer resetFile;
    private int nrDone;
    private FileOpener opener;
    /** --debug=file's view of the files; null with the type off. */
    private final FileDebug fileDebug;
    /** The last fill stopped at a file that openfiles keeps closed for now (fio's -EBUSY). */
    private boolean busy;

    // ---- progress ----
    private final long[] ioIssues = new long[3];
    private final long[] ioIssueBytes = new long[3];
    /** fio's io_bytes (what keep_running compares): like ioIssueBytes but cleared when ramp_time ends. */
    private final long[] ioBytes = new long[3];
    private long bytesIssuedThisPass;
    private int loopsLeft;
    private int pass;
    private boolean inPass;
    private boolean finished;
    private boolean engineQueues;
    private int emptyPasses;
    private final Pacer rate;
    /**
     * experimental_verify with loops above 1: each pass is one of fio's thread_main iterations,
     * which verifies its own writes before the next starts, so {@link #next} stops at a pass's
     * end until {@link #nextIteration} lets the next one start.
     */
    private boolean iterations;
    /** {@link #nextIteration} ran keep_running: the next pass starts without asking it again. */
    private boolean iterationGranted;
    /** The progress of the I/O phase while an iteration's replay reads (null outside one). */
    private long[] savedProgress;

    private IoPattern(ThreadOptions o, List<IoFile> fileList, long threadNumber, boolean fio333) throws WorkloadException {
        JobSpec job = o.spec();
        this.files = fileList.toArray(new IoFile[0]);
        this.nrFiles = files.length;
        if (nrFiles == 0) {
            throw new WorkloadException(job.name() + ": no files to do I/O on");
        }

        // rw mode and its :N postfix
        dirs = new DirectionMix(o.io().rw().fioName(), o.io().rwmixread(), ioIssues);
        tdRead = dirs.tdRead;
        tdWrite = dirs.tdWrite;
        tdRandom = dirs.tdRandom;
        tdRw = dirs.tdRw;
        trimwrite = dirs.trimwrite;
        numRange = o.io().numRange();
        long kbBase = o.stat().kbBase();
        long[] seq = OffsetGenerator.rwSequencer(o.io().rwPostfix(), tdRandom, kbBase);
        String v = ThreadOptions.of(job).verify().verify;
        verify = v != null && !v.equals("0") && !v.isEmpty();

        // block sizes (fixup_options: min/max default to bs, ba to min bs)
        BlockSizes.fixup(o.bs(), job.name(), minBs, maxBs, splitBs, splitPerc);
        long rmin = Long.MAX_VALUE;
        long mx = 0;
        for (int d = 0; d < 3; d++) {
            rmin = Math.min(rmin, minBs[d]);
            mx = Math.max(mx, maxBs[d]);
        }
        rwMinBs = rmin;
        maxBsAll = mx;
        long[] align = o.bs().ba();
        boolean baDiffers = false;
        for (int d = 0; d < 3; d++) {
            ba[d] = align[d] == 0 || !tdRandom ? minBs[d] : align[d];
            baDiffers |= ba[d] != minBs[d];
        }

        // read/write mix: rwmixread and rwmixwrite are one setting (the parser keeps both in step)
        long[] percRand = o.random().percentageRandom();

        // randomness
        OffsetGenerator.Dist dist = OffsetGenerator.distribution(o.random().randomDistribution());
        String gen = o.random().randomGenerator();
        boolean userNoMap = o.random().norandommap();
        // fixup_options: blockalign != min bs and any non-uniform distribution turn the map off
        norandommap = userNoMap || baDiffers || dist != OffsetGenerator.Dist.RANDOM;
        timeBased = o.runtime().timeBased();
        verifying = o.verify().enabled();
        numberIos = o.size().numberIos();
        loops = o.runtime().loops();
        RandomOptions ro = o.random();
        rs = new RandSeeds(ro, threadNumber, fio333 && tdRandom);

        // the amount: o->size becomes the files' total when unset or larger (setup_files)
        // io_size=N%: fio scales each file's share and keeps no absolute io_size
        long ioPct = o.size().ioSizePercent();
        long rawIoSize = o.size().ioSize();
        long total = 0;
        for (IoFile f : files) {
            total += ioPct != 0 && ioPct != 100 ? f.ioSize * ioPct / 100 : f.ioSize;
        }
        long sz = o.size().size();
        if (sz < 0) {
            sz = 0; // size=N% (or zones) is already applied to the files' io sizes by the runner
        }
        size = sz == 0 || (total != 0 && sz > total) ? total : sz;
        if (size < rwMinBs) {
            throw new WorkloadException(size == 0 ? job.name() + ": you need to specify size="
                : "fio: blocksize is larger than data set range");
        }
        // sprandom_init: the job writes the logical size plus over-provisioning (fio sets io_size)
        spRandom = SpRandom.forJob(o, files, rs);
        ioSize = spRandom != null ? spRandom.physicalSize() : rawIoSize < 0 ? 0 : rawIoSize;
        long tb = size;
        if (tdWrite && tdRandom && norandommap) {
            tb = Math.max(tb, ioSize);
        }
        if (tdRw && !tdRandom) {
            tb = Math.max(tb, ioSize);
        }
        // do_io counts a pass's verify_backlog reads in bytes_issued too, so it allows twice the size
        if (verifying && tdWrite && o.verify().backlog > 0) {
            tb += size;
        }
        if (trimwrite) {
            tb += (ioSize != 0 ? ioSize : size) * loops;
        }
        totalBytes = tb;

        // generator width: fio switches to tausworthe64 when a file has more than 2^32 blocks
        boolean need64 = "tausworthe64".equals(gen);
        for (IoFile f : files) {
            if (Math.min(f.realSize, f.ioSize) / rwMinBs > 0xFFFFFFFFL && "tausworthe".equals(gen)
                && !ro.randomGeneratorSet()) {
                need64 = true;
            }
        }
        use64 = need64;
        boolean lfsr = "lfsr".equals(gen);

        done = new boolean[nrFiles];
        opened = new boolean[nrFiles];
        fileService = FileService.create(o, nrFiles, rs.seeds, rs.fileRand);
        fileDebug = FileDebug.forJob(files, tdRandom && !norandommap, tdRandom && lfsr);
        fileService.debug(fileDebug);
        BlockSizes blockSizes = new BlockSizes(minBs, maxBs, splitBs, splitPerc, rs.bsRand, o.bs().bsUnaligned(),
            o.bs().bsIsSeqRand());
        offsets = new OffsetGenerator(o, files, threadNumber, dirs, rs, blockSizes, fileService, minBs, ba, rwMinBs,
            percRand, (int) seq[0], seq[1], norandommap, lfsr, dist, size, ioSize, fio333);
        resetFile = offsets::reset;
        offsets.spRandom(spRandom);

        fillRandSeeds();
        loopsLeft = loops;
        rate = new Pacer(o, minBs, new boolean[] {splitBs[0] != null, splitBs[1] != null, splitBs[2] != null},
            rs.seeds, this);
    }

    /**
     * Builds the pattern for one job. The runner has resolved the files (IoFile.fileOffset,
     * ioSize, realSize as fio's setup_files leaves them) and set the clone index. Random
     * generators are seeded for fio thread number {@code job.index() + 1}.
     */
    public static IoPattern create(JobSpec job, List<IoFile> files) throws WorkloadException {
        return create(job, files, job.index() + 1);
    }

    /** As {@link #create(JobSpec, List)} with fio's thread number (1-based creation order across all jobs). */
    public static IoPattern create(JobSpec job, List<IoFile> files, int threadNumber) throws WorkloadException {
        return new IoPattern(ThreadOptions.of(job), files, threadNumber, false);
    }

    /**
     * As {@link #create(JobSpec, List, int)}, optionally seeding random offsets as fio 3.33 did
     * (a fixed constant times the thread number for repeatable jobs instead of randseed), to
     * reproduce the offsets of the fio 3.33 binary.
     */
    public static IoPattern create(JobSpec job, List<IoFile> files, int threadNumber, boolean fio333Seeding)
            throws WorkloadException {
        return new IoPattern(ThreadOptions.of(job), files, threadNumber, fio333Seeding);
    }

    /**
     * What fio's setup_files checks of the pattern once the files are set up (sprandom's
     * refusals), so that the runner refuses the job where fio does.
     */
    public static void checkSetupFiles(JobSpec job, List<IoFile> files) throws WorkloadException {
        SpRandom.forJob(ThreadOptions.of(job), files.toArray(new IoFile[0]), null);
    }

    /** td_fill_rand_seeds: (re)seeds every generator the pattern uses. */
    private void fillRandSeeds() {
        rs.fill(verify, trimwrite, fileService.random(), use64);
        if (spRandom != null) {
            rs.seedSpRandom(spRandom.rand());
        }
        dirs.seed(rs.seeds);
    }

    // ------------------------------------------------------------------ public API

    /** Pacing for this job (rate, rate_min, thinktime); {@link Pacer#enabled()} is false when unpaced. */
    public Pacer rate() {
        return rate;
    }

    /**
     * Fills {@code u.ddir, u.file, u.offset, u.length} for the next I/O without rate pacing
     * (for jobs without rate options, or when the caller does not pace).
     */
    public boolean next(IoUnit u) {
        return next(u, Long.MIN_VALUE);
    }

    /**
     * Fills {@code u.ddir, u.file, u.offset, u.length} for the next I/O and counts it as issued;
     * returns false when the job's amount is done (size / io_size x loops, number_ios, every
     * file finished). Time-based jobs never run out: a finished pass starts the next one.
     * {@code nowUsec} is the time since the job's epoch; for a paced job the caller must then
     * wait {@code rate().waitUsec()} (after completing the I/O in flight) before issuing.
     */
    public boolean next(IoUnit u, long nowUsec) {
        if (finished) {
            return false;
        }
        while (true) {
            if (spRandom != null && spRandom.done()) {
                finished = true;
                return false;
            }
            if (!inPass) {
                if (iterations && pass > 0 && !iterationGranted && savedProgress == null) {
                    return false; // the end of this iteration's do_io
                }
                if (!iterationGranted && !keepRunning()) {
                    finished = true;
                    return false;
                }
                iterationGranted = false;
                startPass();
            }
            // do_io's loop condition and its "bytes_issued >= total_bytes" break
            if (amountDone()) {
                inPass = false;
                if (bytesIssuedThisPass == 0) {
                    // fio's thread_main: a do_io round that did no I/O ends the job. After
                    // ramp_time reset the done bytes, keep_running alone would grant rounds forever.
                    finished = true;
                    return false;
                }
                continue;
            }
            busy = false;
            if (fill(u, nowUsec)) {
                int d = u.ddir.ordinal();
                ioIssues[d]++;
                ioIssueBytes[d] += u.length;
                ioBytes[d] += u.length;
                bytesIssuedThisPass += u.length;
                rate.issued(d, u.length);
                return true;
            }
            if (busy) {
                return false;
            }
            inPass = false;
            emptyPasses = bytesIssuedThisPass == 0 ? emptyPasses + 1 : 0;
            if (emptyPasses > 1) {
                // two passes in a row found nothing to do (e.g. a time_based job on a file smaller
                // than a block): stop rather than spin
                finished = true;
                return false;
            }
        }
    }

    /**
     * Opens and closes the files as the file service reaches and finishes them (openfiles below
     * nrfiles); without one, the caller keeps every file open.
     */
    public void fileOpener(FileOpener o) {
        opener = o;
        fileService.opener(o);
    }

    /** The last {@link #next} returned false only because the chosen file cannot be opened yet. */
    public boolean filesBusy() {
        return busy;
    }

    /**
     * Tells the pattern whether the engine queues I/O (async engines answer "queued") or completes
     * it inline (sync engines). fio counts a pass's issued bytes only for queued I/O, and stops a
     * pass at the job's size by that count; with inline completion a pass runs until the files are
     * exhausted or the job's total is reached. Default: inline (psync, fio's default engine).
     */
    public void setEngineQueues(boolean queues) {
        this.engineQueues = queues;
    }

    /**
     * fio's reset_all_stats at the end of ramp_time, for the counters the pattern keeps: issue
     * counts (rwmix, number_ios) and the bytes keep_running compares start again from zero.
     * Called by {@link Pacer#resetEpoch()}.
     */
    void resetCounters() {
        for (int d = 0; d < 3; d++) {
            ioIssues[d] = 0;
            ioBytes[d] = 0;
        }
        otherIos = 0;
        dirs.resetIssues();
        offsets.resetCounters();
    }

    /**
     * Called (on the job thread, inside {@link #next}) with the file's index whenever the pattern
     * starts a file over within a pass (time_based wrap, random map reset): where fio drops the
     * file's cached pages again with invalidate=1, so a long run keeps reading the device.
     */
    public void onFileWrap(java.util.function.IntConsumer action) {
        offsets.onFileWrap(action);
    }

    /** Loop number (1 = first pass over the files); changes inside {@link #next} when a new pass starts. */
    public int pass() {
        return pass;
    }

    /** I/Os issued in a direction since the start or the end of ramp_time (fio's io_issues). */
    public long issuedIos(int ddir) {
        return ioIssues[ddir];
    }

    /** Bytes issued so far in a direction. */
    public long issuedBytes(int ddir) {
        return ioIssueBytes[ddir];
    }

    /** Minimum block size per direction after fio's fix-ups. */
    public long minBlockSize(int ddir) {
        return minBs[ddir];
    }

    /** Maximum block size per direction after fio's fix-ups (size the buffers with the largest). */
    public long maxBlockSize(int ddir) {
        return maxBs[ddir];
    }

    /** The job's size after setup (fio's o->size): the amount per loop unless io_size is set. */
    public long size() {
        return size;
    }

    /** True when no random map is kept (norandommap given, or turned on by blockalign / a distribution). */
    /**
     * The seed of the next verified block as fio draws io_u->rand_seed from verify_state: two
     * draws multiplied (fio does so wherever a long is wider than an int).
     */
    public long nextVerifySeed() {
        return rs.nextVerifySeed();
    }

    /** The offset generator's state (fio's td->offset_state), as FioRandom.save lays it out. */
    public void offsetState(long[] dst) {
        rs.offsetRand.save(dst, 0);
    }

    /** Re-seeds verify_state, as fio's td_fill_rand_seeds does before the read-back pass. */
    /**
     * experimental_verify's read-back (fio's clear_io_state before do_verify): the counters and
     * the file positions start over and, with randrepeat, the generators are seeded again, so the
     * job's offset sequence comes once more.
     */
    public void replayForVerify() {
        if (iterations) {
            savedProgress = new long[] {ioIssues[0], ioIssues[1], ioIssues[2], ioIssueBytes[0], ioIssueBytes[1],
                ioIssueBytes[2], ioBytes[0], ioBytes[1], ioBytes[2], loopsLeft, pass, otherIos};
        }
        resetCounters();
        for (int d = 0; d < 3; d++) {
            ioIssueBytes[d] = 0;
        }
        // clear_io_state: no file is done (fio's nr_done_files starts over with do_verify)
        java.util.Arrays.fill(done, false);
        nrDone = 0;
        if (rs.repeatable) {
            fillRandSeeds();
        }
        loopsLeft = 0;
        pass = 0;
        emptyPasses = 0;
        inPass = false;
        finished = false;
    }

    /**
     * Makes each pass one of fio's thread_main iterations (experimental_verify with loops above 1):
     * {@link #next} returns false at a pass's end until {@link #nextIteration}.
     */
    public void iterations() {
        iterations = true;
    }

    /**
     * After an iteration's replay: the I/O phase's counters come back, with what the replay
     * issued added as fio counts it (its reads of replayed writes and trims count as the writes
     * and trims they replay, acct_ddir; the reads it skipped count as issued reads, not bytes, and
     * the cumulative limit of size x loops sees them); then keep_running decides whether another
     * iteration starts. False when the job is done.
     */
    public boolean nextIteration() {
        if (savedProgress != null) {
            long[] p = savedProgress;
            savedProgress = null;
            long[] replayIssues = ioIssues.clone();
            long replayWrite = ioIssueBytes[WRITE];
            long replayTrim = ioIssueBytes[TRIM];
            long replayDone = ioBytes[0] + ioBytes[1] + ioBytes[2];
            for (int d = 0; d < 3; d++) {
                ioIssues[d] = p[d] + replayIssues[d];
                ioIssueBytes[d] = p[3 + d];
                ioBytes[d] = p[6 + d];
            }
            ioIssueBytes[WRITE] += replayWrite;
            ioIssueBytes[TRIM] += replayTrim;
            ioBytes[READ] += replayDone; // fio's io_bytes counts the verify reads as reads
            loopsLeft = (int) p[9];
            pass = (int) p[10];
            otherIos = p[11];
            finished = false;
            emptyPasses = 0;
        }
        inPass = false;
        if (finished || !keepRunning()) {
            finished = true;
            return false;
        }
        iterationGranted = true;
        return true;
    }

    /** The seed of fio's td->trim_state (FIO_RAND_TRIM_OFF), which picks the writes to trim. */
    public long trimSeed() {
        return rs.seeds[RandSeeds.SEED_TRIM];
    }

    public void restartVerifySeeds() {
        rs.restartVerify(use64);
    }

    public boolean noRandomMap() {
        return norandommap;
    }

    /** The job's zonemode=zbd state (zone resets, the error that ended it), or null without zbd. */
    public io.jfio.runner.zbd.ZbdJob zbd() {
        return offsets.zbd();
    }

    // ------------------------------------------------------------------ passes and amount

    /**
     * An I/O the job issued that this pattern did not produce (a verify_backlog read, a
     * trim_backlog trim): fio's number_ios counts every I/O the job issues (io_blocks plus the ones
     * queued or in flight), and do_io's bytes_issued the {@code bytes} of those it issues itself
     * (0 for do_verify's reads).
     */
    public void otherIssued(long bytes) {
        otherIos++;
        bytesIssuedThisPass += bytes;
    }

    /** See {@link #next}: fio's do_io loop goes on while its trim_list is not empty. */
    public void trimsPending(boolean pending) {
        trimsPending = pending;
    }

    /** The pass in progress has issued its amount (see {@link #amountDone}). */
    public boolean amountReached() {
        return !finished && inPass && amountDone();
    }

    /**
     * do_io's loop condition and its "bytes_issued >= total_bytes" break; while writes picked for
     * trimming wait, fio's loop condition holds whatever the amount. A time_based job breaks at its
     * amount only with verify on (and only with an engine that queues: fio counts bytes_issued for
     * queued I/O), so that do_verify runs between its passes.
     */
    private boolean amountDone() {
        return !timeBased && !trimsPending && issueBytesExceeded()
                || engineQueues && bytesIssuedThisPass >= totalBytes && (!timeBased || verifying);
    }

    private boolean exceedsNumberIos() {
        if (numberIos == 0) {
            return false;
        }
        long n = ioIssues[0] + ioIssues[1] + ioIssues[2] + otherIos;
        long limit = numberIos * loops * (trimwrite ? 2 : 1);
        return n >= limit;
    }

    private boolean issueBytesExceeded() {
        long bytes;
        if (tdRw) {
            bytes = ioIssueBytes[READ] + ioIssueBytes[WRITE];
        } else if (tdWrite) {
            bytes = ioIssueBytes[WRITE];
        } else if (tdRead) {
            bytes = ioIssueBytes[READ];
        } else {
            bytes = ioIssueBytes[TRIM];
        }
        long limit = (ioSize != 0 ? ioSize : size) * loops;
        return bytes >= limit || exceedsNumberIos();
    }

    /** backend.c keep_running(), with issued bytes standing for completed ones. */
    private boolean keepRunning() {
        if (timeBased) {
            return true;
        }
        if (loopsLeft > 0) {
            loopsLeft--;
            return true;
        }
        if (exceedsNumberIos()) {
            return false;
        }
        long limit = ioSize != 0 ? ioSize : size;
        long doneBytes = ioBytes[0] + ioBytes[1] + ioBytes[2];
        if (doneBytes < limit) {
            if (limit - doneBytes < maxBsAll) {
                return false;
            }
            return !(allFilesDone() && ioSize == 0);
        }
        return false;
    }

    private boolean allFilesDone() {
        for (boolean d : done) {
            if (!d) {
                return false;
            }
        }
        return true;
    }

    /** clear_io_state() between loops, then do_io's start. */
    private void startPass() {
        pass++;
        inPass = true;
        bytesIssuedThisPass = 0;
        dirs.resetIssues();
        nrDone = 0;
        offsets.restart();
        if (fileDebug != null) {
            fileDebug.newPass();
        }
        for (int i = 0; i < nrFiles; i++) {
            done[i] = false;
            if (opened[i] && opener != null) {
                opener.close(i); // clear_io_state closes the files
            }
            opened[i] = false;
        }
        fileService.restart();
        if (pass > 1 && rs.repeatable) {
            fillRandSeeds();
        }
    }

    // ------------------------------------------------------------------ files

    /** set_io_u_file(): pick a file, fill the unit from it; a file that cannot give an I/O is done. */
    private boolean fill(IoUnit u, long nowUsec) {
        int guard = 0;
        while (true) {
            int fi = nextFileIndex();
            if (fi == FileService.BUSY) {
                // do_io reaps and asks again; the service has moved on by then
                busy = true;
                return false;
            }
            if (fi < 0) {
                return false;
            }
            if (fileDebug != null) {
                fileDebug.get(fi);
            }
            int ddir = dirs.next(nowUsec, rate);
            u.numRanges = 0;
            if (numRange > 1 && ddir == TRIM ? fillRanges(fi, u) : offsets.fill(fi, ddir, u)) {
                return true;
            }
            opened[fi] = false; // fio closes the file
            if (opener != null) {
                opener.close(fi);
            }
            if (fileService.distributed()) {
                offsets.reset(fi);
                if (++guard > 1000 * nrFiles) {
                    return false;
                }
            } else {
                done[fi] = true;
                nrDone++;
            }
            if (fileDebug != null) {
                fileDebug.exhausted(fi, fileService.distributed(), nrDone);
            }
        }
    }

    /**
     * A trim of up to num_range ranges of one file, each the next offset and block size as a
     * single trim would get them, until the file has no more: their (start, length) pairs go in
     * the unit's buffer, the length is their sum and the offset the last one's (fio's
     * fill_multi_range_io_u). False when not even one range was left.
     */
    private boolean fillRanges(int fi, IoUnit u) {
        long total = 0;
        int n = 0;
        while (n < numRange && offsets.fill(fi, TRIM, rangeUnit, true)) {
            long at = u.bufferAddress + 16L * n;
            io.jfio.engine.nativeio.RawMemory.putLong(at, rangeUnit.offset);
            io.jfio.engine.nativeio.RawMemory.putLong(at + 8, rangeUnit.length);
            total += rangeUnit.length;
            n++;
        }
        if (n == 0) {
            return false;
        }
        u.ddir = rangeUnit.ddir;
        u.file = rangeUnit.file;
        u.offset = rangeUnit.offset;
        u.length = (int) total;
        u.numRanges = n;
        return true;
    }

    private int nextFileIndex() {
        return fileService.next(done, opened, nrDone, resetFile);
    }
}
