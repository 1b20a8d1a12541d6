package io.jfio.runner.workload;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.BsSplitEntry;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.SizeRange;
import io.jfio.jobfile.options.RandomOptions;
import io.jfio.jobfile.options.ThreadOptions;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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

    // fio's FIO_RAND_*_OFF seed slots
    static final int SEED_BS = 0;
    static final int SEED_VERIFY = 3;
    static final int SEED_MIX = 4;
    static final int SEED_FILE = 5;
    static final int SEED_BLOCK = 6;
    static final int SEED_SEQ_RAND_READ = 10;
    static final int SEED_POISSON = 15;
    static final int SEED_ZONE = 16;
    static final int SEED_POISSON2 = 17;
    static final int SEED_POISSON3 = 18;
    static final int NR_SEEDS = 23;

    private static final IoDirection[] DIRS = {IoDirection.READ, IoDirection.WRITE, IoDirection.TRIM};

    private enum Dist { RANDOM, ZIPF, PARETO, GAUSS, ZONED, ZONED_ABS }

    enum Service { ROUNDROBIN, SEQUENTIAL, RANDOM, ZIPF, PARETO, GAUSS }

    // ---- the job's settings (fio's thread_options after fixup) ----
    private final String rwMode;
    private final boolean tdRead;
    private final boolean tdWrite;
    private final boolean tdTrim;
    private final boolean tdRandom;
    private final boolean tdRw;
    private final boolean trimwrite;
    private final boolean randtrimwrite;
    private final int ddirSeqNr;
    private final long ddirSeqAdd;
    private final boolean rwSeqIdentical;
    private final long[] minBs = new long[3];
    private final long[] maxBs = new long[3];
    private final long[] ba = new long[3];
    private final long rwMinBs;
    private final long maxBsAll;
    private final long[][] splitBs = new long[3][];
    private final long[][] splitPerc = new long[3][];
    private final boolean bsUnaligned;
    private final boolean bsIsSeqRand;
    private final BlockSizes blockSizes;
    private final int[] rwmix = new int[2];
    private final long[] percRand;
    private final boolean norandommap;
    private final boolean lfsr;
    private final boolean use64;
    private final Dist dist;
    private final int[][] zoneSizePerc = new int[3][];
    private final int[][] zoneSizePercPrev = new int[3][];
    private final long[][] zoneSize = new long[3][];
    private final long[][] zoneSizePrev = new long[3][];
    private final boolean[] hasZones = new boolean[3];
    private final boolean timeBased;
    private final long size;
    private final long ioSize;
    private final long numberIos;
    private final int loops;
    private final boolean randRepeatable;
    private final boolean verify;
    private final long totalBytes;
    private final long threadNumber;
    private final long[] seeds = new long[NR_SEEDS];

    // strided zone mode (zonemode=strided / zonesize / zonerange / zoneskip)
    private final boolean strided;
    private final long stridedSize;
    private final long stridedRange;
    private final long stridedSkip;
    private long zoneBytes;

    // ---- files ----
    private final IoFile[] files;
    /** fio's f->file_offset, which strided zones move; IoFile.fileOffset is the start (get_start_offset). */
    private final long[] fileOff;
    private final int nrFiles;
    private final long[] lastPos;
    private final long[] lastStart;
    private final boolean[] done;
    private final boolean[] opened;
    private final RandomMap[] maps;
    private final Lfsr[] lfsrs;
    private final Distributions[] dists;
    private final Service service;
    private final int serviceNr;
    private final FileService fileService;
    /** fileReset as FileService calls it back (made once: a method reference per I/O would allocate). */
    private final java.util.function.IntConsumer resetFile = this::fileReset;
    private int nrDone;
    private final Distributions serviceDist;

    // ---- random states ----
    private final FioRandom[] bsRand = new FioRandom[3];
    private final FioRandom mixRand = new FioRandom();
    private final FioRandom fileRand = new FioRandom();
    private final FioRandom offsetRand = new FioRandom();
    private final FioRandom[] seqRand = new FioRandom[3];
    private final FioRandom zoneRand = new FioRandom();
    /** fio's verify_state: seeds for the data of verified writes (FIO_RAND_VER_OFF). */
    private final FioRandom verifyRand = new FioRandom();

    // ---- progress ----
    private final long[] ioIssues = new long[3];
    private final long[] ioIssueBytes = new long[3];
    /** fio's io_bytes (what keep_running compares): like ioIssueBytes but cleared when ramp_time ends. */
    private final long[] ioBytes = new long[3];
    private long bytesIssuedThisPass;
    private long rwmixIssues;
    private int rwmixDdir = READ;
    private int ddirSeqLeft = 1;
    private int loopsLeft;
    private int pass;
    private boolean inPass;
    /** fio's loop_cache_invalidate: told the file index when a time_based job starts a file over. */
    private java.util.function.IntConsumer fileWrapped = fi -> { };
    private boolean finished;
    private boolean engineQueues;
    private final boolean fio333;
    private int emptyPasses;
    private final Pacer rate;

    // per-I/O scratch (fields instead of out-parameters, to stay allocation-free)
    private long curOffset;
    private boolean curRandom;
    private boolean curBusyOk;

    private IoPattern(ThreadOptions o, List<IoFile> fileList, long threadNumber, boolean fio333) throws WorkloadException {
        JobSpec job = o.spec();
        this.fio333 = fio333;
        this.threadNumber = threadNumber;
        this.files = fileList.toArray(new IoFile[0]);
        this.nrFiles = files.length;
        if (nrFiles == 0) {
            throw new WorkloadException(job.name() + ": no files to do I/O on");
        }

        // rw mode and its :N postfix
        rwMode = o.io().rw().fioName();
        int tdDdir;
        switch (rwMode) {
            case "read": tdDdir = 1; break;
            case "write": tdDdir = 2; break;
            case "trim": tdDdir = 8; break;
            case "randread": tdDdir = 1 | 4; break;
            case "randwrite": tdDdir = 2 | 4; break;
            case "randtrim": tdDdir = 8 | 4; break;
            case "rw": case "readwrite": tdDdir = 3; break;
            case "randrw": tdDdir = 3 | 4; break;
            case "trimwrite": tdDdir = 8 | 2; break;
            case "randtrimwrite": tdDdir = 8 | 4 | 2; break;
            default: throw new WorkloadException("fio: unknown rw mode: " + rwMode);
        }
        tdRead = (tdDdir & 1) != 0;
        tdWrite = (tdDdir & 2) != 0;
        tdRandom = (tdDdir & 4) != 0;
        tdTrim = (tdDdir & 8) != 0;
        tdRw = tdRead && tdWrite;
        trimwrite = tdTrim && tdWrite;
        randtrimwrite = trimwrite && tdRandom;
        long kbBase = o.stat().kbBase();
        String rwPost = o.io().rwPostfix();
        int seqNr = 1;
        long seqAdd = 0;
        if (rwPost != null && !rwPost.isEmpty()) {
            Long v = PostfixSize.parseSize(rwPost, kbBase);
            if (tdRandom) {
                if (v == null) {
                    throw new WorkloadException("fio: randrw postfix parsing failed");
                }
                if (v <= 0 || v > 0xFFFFFFFFL) {
                    throw new WorkloadException("fio: randrw postfix parsing out of range");
                }
                seqNr = (int) (long) v;
            } else {
                if (v == null) {
                    throw new WorkloadException("fio: rw postfix parsing failed");
                }
                seqAdd = v;
            }
        }
        ddirSeqNr = seqNr;
        ddirSeqAdd = seqAdd;
        rwSeqIdentical = o.io().rwSequencerIdentical();
        String v = ThreadOptions.of(job).verify().verify;
        verify = v != null && !v.equals("0") && !v.isEmpty();

        // block sizes (fixup_options: min/max default to bs, ba to min bs)
        long[] bs = o.bs().bs();
        SizeRange[] range = o.bs().bsRange();
        List<BsSplitEntry>[] split = o.bs().bsSplit();
        for (int d = 0; d < 3; d++) {
            minBs[d] = bs[d];
            maxBs[d] = bs[d];
            if (range != null && range[d] != null && range[d].high() != 0) {
                minBs[d] = Math.min(range[d].low(), range[d].high());
                maxBs[d] = Math.max(range[d].low(), range[d].high());
            }
            List<BsSplitEntry> s = split == null || split.length == 0 ? null : split[Math.min(d, split.length - 1)];
            if (s != null && !s.isEmpty()) {
                List<BsSplitEntry> sorted = new ArrayList<>(s);
                // fio sorts the entries by percentage for its lookup
                sorted.sort((a, b) -> Integer.compare(a.percent(), b.percent()));
                splitBs[d] = new long[sorted.size()];
                splitPerc[d] = new long[sorted.size()];
                long mn = Long.MAX_VALUE;
                long mx = 0;
                for (int i = 0; i < sorted.size(); i++) {
                    splitBs[d][i] = sorted.get(i).blockSize();
                    splitPerc[d][i] = sorted.get(i).percent();
                    mn = Math.min(mn, splitBs[d][i]);
                    mx = Math.max(mx, splitBs[d][i]);
                }
                minBs[d] = mn;
                maxBs[d] = mx;
            }
            if (minBs[d] <= 0) {
                throw new WorkloadException(job.name() + ": block size must be positive");
            }
        }
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
        bsUnaligned = o.bs().bsUnaligned();
        bsIsSeqRand = o.bs().bsIsSeqRand();

        // read/write mix: rwmixread and rwmixwrite are one setting (the parser keeps both in step)
        int mixRead = o.io().rwmixread();
        rwmix[READ] = mixRead;
        rwmix[WRITE] = 100 - mixRead;
        percRand = o.random().percentageRandom();

        // randomness
        String distName = o.random().randomDistribution();
        switch (distName) {
            case "random": dist = Dist.RANDOM; break;
            case "zipf": dist = Dist.ZIPF; break;
            case "pareto": dist = Dist.PARETO; break;
            case "normal": case "gauss": dist = Dist.GAUSS; break;
            case "zoned": dist = Dist.ZONED; break;
            case "zoned_abs": dist = Dist.ZONED_ABS; break;
            default: throw new WorkloadException("fio: unknown random distribution: " + distName);
        }
        String gen = o.random().randomGenerator();
        boolean userNoMap = o.random().norandommap();
        // fixup_options: blockalign != min bs and any non-uniform distribution turn the map off
        norandommap = userNoMap || baDiffers || dist != Dist.RANDOM;
        timeBased = o.runtime().timeBased();
        numberIos = o.size().numberIos();
        loops = o.runtime().loops();
        RandomOptions ro = o.random();
        boolean seedSet = ro.randseedSet() || ro.randseed() != 0x89;
        randRepeatable = ro.randrepeat() && !seedSet;
        long randSeed = ro.randseed();
        if (!ro.randrepeat() && !seedSet) {
            randSeed = System.nanoTime() ^ 0x5DEECE66DL; // fio takes OS entropy here
        }
        long seed = randSeed;
        for (int i = 0; i < 4; i++) {
            seed *= 0x9e370001L;
        }
        for (int i = 0; i < NR_SEEDS; i++) {
            seeds[i] = seed * threadNumber + i;
            seed *= 0x9e370001L;
        }
        // randrepeat as given, before fio's fix-up "randseed turns randrepeat off" (which the
        // parser applies already); fio 3.33 looked at it before that fix-up
        boolean repeatAsGiven = seedSet && !ro.randrepeatSet() || ro.randrepeat();
        if (fio333 && tdRandom && repeatAsGiven) {
            // fio 3.33 seeded the offsets of a repeatable job from a fixed constant and the thread
            // number, and did so before randseed switched randrepeat off, so randseed did not count
            seeds[SEED_BLOCK] = 0xb1899bedL * threadNumber;
        }

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
        ioSize = rawIoSize < 0 ? 0 : rawIoSize;
        long tb = size;
        if (tdWrite && tdRandom && norandommap) {
            tb = Math.max(tb, ioSize);
        }
        if (tdRw && !tdRandom) {
            tb = Math.max(tb, ioSize);
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
        lfsr = "lfsr".equals(gen);

        // zones: fio turns zonesize alone into zonemode=strided, and strided zones off for several open files
        String zoneMode = o.zone().zoneMode();
        long zs = o.zone().zoneSize();
        if ("zbd".equals(zoneMode)) {
            throw new WorkloadException(job.name() + ": zonemode=zbd is not supported by jfio");
        }
        boolean str = zs != 0 && "strided".equals(zoneMode);
        long openFiles = Math.min(o.files().openfiles(), nrFiles);
        strided = str && openFiles <= 1;
        stridedSize = zs;
        long zr = o.zone().zoneRange();
        stridedRange = zr > 0 ? zr : zs;
        stridedSkip = o.zone().zoneSkip();

        // per-file state
        fileOff = new long[nrFiles];
        lastPos = new long[nrFiles * 3];
        lastStart = new long[nrFiles * 3];
        done = new boolean[nrFiles];
        opened = new boolean[nrFiles];
        maps = new RandomMap[nrFiles];
        lfsrs = new Lfsr[nrFiles];
        dists = new Distributions[nrFiles];
        String post = ro.distributionPostfix();
        double distVal = dist == Dist.ZIPF ? 1.1 : dist == Dist.PARETO ? 0.2 : 0.0;
        double center = -1;
        if (dist == Dist.ZONED || dist == Dist.ZONED_ABS) {
            parseZones(post, dist == Dist.ZONED_ABS, kbBase);
        } else if (dist != Dist.RANDOM && post != null && !post.isEmpty()) {
            double[] vc = parseDistr(post, "fio: random postfix parsing failed");
            distVal = vc[0];
            center = vc[1];
        }
        checkDistr(dist == Dist.ZIPF ? Service.ZIPF : dist == Dist.PARETO ? Service.PARETO : Service.GAUSS,
            dist != Dist.RANDOM && dist != Dist.ZONED && dist != Dist.ZONED_ABS, distVal, center);
        if (dist == Dist.ZIPF || dist == Dist.PARETO || dist == Dist.GAUSS) {
            long rangeSize = Math.min(minBs[READ], minBs[WRITE]);
            for (int i = 0; i < nrFiles; i++) {
                IoFile f = files[i];
                long fsize = Math.min(f.realSize, f.ioSize);
                long nranges = (fsize + rangeSize - 1) / rangeSize;
                long fseed = (long) Distributions.jhash(f.path.getBytes(StandardCharsets.UTF_8), 0) * threadNumber;
                if (!fio333) {
                    fseed *= seeds[SEED_BLOCK];
                } else if (!randRepeatable) {
                    fseed = seeds[SEED_BLOCK];
                }
                fseed &= 0xFFFFFFFFL;
                dists[i] = dist == Dist.ZIPF ? Distributions.zipf(nranges, distVal, center, fseed, true)
                    : dist == Dist.PARETO ? Distributions.pareto(nranges, distVal, center, fseed, true)
                    : Distributions.gauss(nranges, distVal, center, fseed, true);
            }
        } else if (tdRandom) {
            for (int i = 0; i < nrFiles; i++) {
                IoFile f = files[i];
                long blocks = (strided ? stridedRange : Math.min(f.realSize, f.ioSize)) / rwMinBs;
                if (lfsr) {
                    lfsrs[i] = Lfsr.create(blocks, seeds[SEED_BLOCK]);
                    if (lfsrs[i] == null) {
                        throw new WorkloadException("fio: failed initializing LFSR");
                    }
                } else if (!norandommap) {
                    maps[i] = new RandomMap(Math.max(blocks, 1));
                }
            }
        }

        // file service
        String fst = o.files().fileServiceType();
        String fstPost = o.files().fileServicePostfix();
        int fsNr = 1;
        double fsVal = 0;
        double fsCenter = -1;
        switch (fst) {
            case "roundrobin": service = Service.ROUNDROBIN; break;
            case "sequential": service = Service.SEQUENTIAL; break;
            case "random": service = Service.RANDOM; break;
            case "zipf": service = Service.ZIPF; fsVal = 1.1; break;
            case "pareto": service = Service.PARETO; fsVal = 0.2; break;
            case "normal": case "gauss": service = Service.GAUSS; break;
            default: throw new WorkloadException("fio: bad file service type: " + fst);
        }
        if (fstPost != null && !fstPost.isEmpty()) {
            if (service == Service.ROUNDROBIN || service == Service.SEQUENTIAL || service == Service.RANDOM) {
                fsNr = atoi(fstPost);
            } else {
                double[] vc = parseDistr(fstPost, "fio: file service type random postfix parsing failed");
                fsVal = vc[0];
                fsCenter = vc[1];
            }
        }
        checkDistr(service, service == Service.ZIPF || service == Service.PARETO || service == Service.GAUSS,
            fsVal, fsCenter);
        serviceNr = fsNr;
        if (service == Service.ZIPF || service == Service.PARETO || service == Service.GAUSS) {
            long nranges = (long) nrFiles << 10;
            long fseed = seeds[SEED_FILE] & 0xFFFFFFFFL;
            serviceDist = service == Service.ZIPF ? Distributions.zipf(nranges, fsVal, fsCenter, fseed, false)
                : service == Service.PARETO ? Distributions.pareto(nranges, fsVal, fsCenter, fseed, false)
                : Distributions.gauss(nranges, fsVal, fsCenter, fseed, false);
        } else {
            serviceDist = null;
        }

        for (int d = 0; d < 3; d++) {
            bsRand[d] = new FioRandom();
            seqRand[d] = new FioRandom();
        }
        fillRandSeeds();
        blockSizes = new BlockSizes(minBs, maxBs, splitBs, splitPerc, bsRand, bsUnaligned, bsIsSeqRand);
        fileService = new FileService(service, serviceNr, serviceDist, fileRand, nrFiles);
        loopsLeft = loops;
        rate = new Pacer(o, minBs, new boolean[] {splitBs[0] != null, splitBs[1] != null, splitBs[2] != null},
            seeds, this);
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

    private static int atoi(String s) {
        int i = 0;
        String t = s.trim();
        int v = 0;
        boolean neg = false;
        if (i < t.length() && (t.charAt(i) == '-' || t.charAt(i) == '+')) {
            neg = t.charAt(i) == '-';
            i++;
        }
        while (i < t.length() && Character.isDigit(t.charAt(i))) {
            v = v * 10 + (t.charAt(i) - '0');
            i++;
        }
        return neg ? -v : v;
    }

    private static double[] parseDistr(String s, String error) throws WorkloadException {
        try {
            int c = s.indexOf(':');
            double center = -1;
            if (c >= 0) {
                center = Double.parseDouble(s.substring(c + 1).trim());
                s = s.substring(0, c);
            }
            return new double[] {Double.parseDouble(s.trim()), center};
        } catch (NumberFormatException e) {
            throw new WorkloadException(error);
        }
    }

    private static void checkDistr(Service kind, boolean active, double val, double center) throws WorkloadException {
        if (!active) {
            return;
        }
        if (center != -1 && (center < 0.0 || center > 1.0)) {
            throw new WorkloadException("fio: distribution center out of range (0 <= center <= 1.0)");
        }
        if (kind == Service.ZIPF && val == 1.0) {
            throw new WorkloadException("fio: zipf theta must different than 1.0");
        }
        if (kind == Service.PARETO && (val <= 0.0 || val >= 1.0)) {
            throw new WorkloadException("fio: pareto input out of range (0 < input < 1.0)");
        }
        if (kind == Service.GAUSS && (val < 0.0 || val >= 100.0)) {
            throw new WorkloadException("fio: normal deviation out of range (0 <= input < 100.0)");
        }
    }

    /** zoned:/zoned_abs: access%/size[%] pairs, per direction with ',' as bssplit; then the 1..100 lookup table. */
    private void parseZones(String post, boolean absolute, long kbBase) throws WorkloadException {
        if (post == null || post.isEmpty()) {
            return;
        }
        String[] groups = post.split(",", -1);
        for (int d = 0; d < 3; d++) {
            String g;
            if (groups.length == 1) {
                g = groups[0];
            } else if (groups.length == 2) {
                g = d == READ ? groups[0] : groups[1];
            } else {
                g = groups[Math.min(d, groups.length - 1)];
            }
            parseZoneGroup(d, g, absolute, kbBase);
        }
    }

    private void parseZoneGroup(int d, String g, boolean absolute, long kbBase) throws WorkloadException {
        List<long[]> entries = new ArrayList<>();
        for (String item : g.split(":", -1)) {
            if (item.isEmpty()) {
                break;
            }
            int slash = item.indexOf('/');
            String a = slash >= 0 ? item.substring(0, slash) : item;
            long second;
            if (slash >= 0) {
                String p = item.substring(slash + 1);
                if (absolute) {
                    Long v = PostfixSize.parseSize(p, kbBase);
                    if (v == null) {
                        throw new WorkloadException("fio: split conversion failed");
                    }
                    second = v;
                } else {
                    int v = atoi(p);
                    second = v > 100 ? 100 : v == 0 ? -1 : v;
                }
            } else {
                second = absolute ? 0 : -1;
            }
            Long acc = PostfixSize.parseSize(a, kbBase);
            if (acc == null) {
                throw new WorkloadException("fio: split conversion failed");
            }
            entries.add(new long[] {acc, second});
            if (entries.size() == 256) {
                break;
            }
        }
        if (entries.isEmpty()) {
            return;
        }
        long perc = 0;
        long sperc = 0;
        int spercMissing = 0;
        for (long[] e : entries) {
            perc += e[0];
            if (!absolute) {
                if (e[1] == -1) {
                    spercMissing++;
                } else {
                    sperc += e[1];
                }
            }
        }
        if (perc > 100 || sperc > 100) {
            throw new WorkloadException("fio: zone_split percentages add to more than 100%");
        }
        if (perc < 100) {
            throw new WorkloadException("fio: access percentage don't add up to 100 for zoned random distribution (got="
                + perc + ")");
        }
        if (spercMissing != 0) {
            if (spercMissing == 1 && entries.size() == 1) {
                sperc = 100;
            }
            for (long[] e : entries) {
                if (e[1] == -1) {
                    e[1] = (100 - sperc) / spercMissing;
                }
            }
        }
        int[] sp = new int[100];
        int[] spPrev = new int[100];
        long[] sz = new long[100];
        long[] szPrev = new long[100];
        java.util.Arrays.fill(sp, -1);
        int aprev = 0;
        int sprev = 0;
        long sprevSz = 0;
        for (long[] e : entries) {
            int access = (int) e[0];
            int sizePerc = absolute ? 0 : (int) e[1];
            long sizeAbs = absolute ? e[1] : 0;
            for (int j = aprev; j < aprev + access && j < 100; j++) {
                sp[j] = sprev + sizePerc;
                spPrev[j] = sprev;
                sz[j] = sprevSz + sizeAbs;
                szPrev[j] = sprevSz;
            }
            aprev += access;
            sprev += sizePerc;
            sprevSz += sizeAbs;
        }
        zoneSizePerc[d] = sp;
        zoneSizePercPrev[d] = spPrev;
        zoneSize[d] = sz;
        zoneSizePrev[d] = szPrev;
        hasZones[d] = true;
    }

    /** td_fill_rand_seeds: (re)seeds every generator the pattern uses. */
    private void fillRandSeeds() {
        long readSeed = seeds[SEED_BS];
        long writeSeed = seeds[SEED_BS + 1];
        long trimSeed = seeds[SEED_BS + 2];
        if (verify) {
            // reads that verify must draw the same block sizes the writes drew
            writeSeed = readSeed;
        }
        if (trimwrite) {
            trimSeed = writeSeed;
        }
        bsRand[READ].seed(readSeed, use64);
        bsRand[WRITE].seed(writeSeed, use64);
        bsRand[TRIM].seed(trimSeed, use64);
        mixRand.seed(seeds[SEED_MIX], false);
        if (service == Service.RANDOM) {
            fileRand.seed(seeds[SEED_FILE], use64);
        }
        zoneRand.seed(seeds[SEED_ZONE], false);
        verifyRand.seed(seeds[SEED_VERIFY], use64);
        offsetRand.seed(seeds[SEED_BLOCK], use64);
        for (int d = 0; d < 3; d++) {
            seqRand[d].seed(seeds[SEED_SEQ_RAND_READ], false);
        }
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
            if (!inPass) {
                if (!keepRunning()) {
                    finished = true;
                    return false;
                }
                startPass();
            }
            // do_io's loop condition and its "bytes_issued >= total_bytes" break
            if (!timeBased && (issueBytesExceeded() || engineQueues && bytesIssuedThisPass >= totalBytes)) {
                inPass = false;
                continue;
            }
            if (fill(u, nowUsec)) {
                int d = u.ddir.ordinal();
                ioIssues[d]++;
                ioIssueBytes[d] += u.length;
                ioBytes[d] += u.length;
                bytesIssuedThisPass += u.length;
                rate.issued(d, u.length);
                return true;
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
        rwmixIssues = 0;
        zoneBytes = 0;
    }

    /**
     * Called (on the job thread, inside {@link #next}) with the file's index whenever the pattern
     * starts a file over within a pass (time_based wrap, random map reset): where fio drops the
     * file's cached pages again with invalidate=1, so a long run keeps reading the device.
     */
    public void onFileWrap(java.util.function.IntConsumer action) {
        fileWrapped = action;
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
        long a = verifyRand.next();
        return a * verifyRand.next();
    }

    /** The offset generator's state (fio's td->offset_state), as FioRandom.save lays it out. */
    public void offsetState(long[] dst) {
        offsetRand.save(dst, 0);
    }

    /** Re-seeds verify_state, as fio's td_fill_rand_seeds does before the read-back pass. */
    public void restartVerifySeeds() {
        verifyRand.seed(seeds[SEED_VERIFY], use64);
    }

    public boolean noRandomMap() {
        return norandommap;
    }

    // ------------------------------------------------------------------ passes and amount

    private boolean exceedsNumberIos() {
        if (numberIos == 0) {
            return false;
        }
        long n = ioIssues[0] + ioIssues[1] + ioIssues[2];
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
        rwmixIssues = 0;
        nrDone = 0;
        zoneBytes = 0;
        for (int i = 0; i < nrFiles; i++) {
            done[i] = false;
            opened[i] = false;
            fileOff[i] = files[i].fileOffset;
        }
        fileService.restart();
        if (pass > 1 && randRepeatable) {
            fillRandSeeds();
        }
    }

    /** fio_file_reset(): what opening a file does to its position and map. */
    private void fileReset(int fi) {
        for (int d = 0; d < 3; d++) {
            lastPos[fi * 3 + d] = fileOff[fi];
            lastStart[fi * 3 + d] = -1;
        }
        if (maps[fi] != null) {
            maps[fi].reset();
        } else if (lfsrs[fi] != null) {
            lfsrs[fi].reset(seeds[SEED_BLOCK]);
        }
    }

    // ------------------------------------------------------------------ files

    /** set_io_u_file(): pick a file, fill the unit from it; a file that cannot give an I/O is done. */
    private boolean fill(IoUnit u, long nowUsec) {
        int guard = 0;
        while (true) {
            int fi = nextFileIndex();
            if (fi < 0) {
                return false;
            }
            if (fillIoU(fi, u, nowUsec)) {
                return true;
            }
            opened[fi] = false; // fio closes the file
            if (service == Service.ZIPF || service == Service.PARETO || service == Service.GAUSS) {
                fileReset(fi);
                if (++guard > 1000 * nrFiles) {
                    return false;
                }
            } else {
                done[fi] = true;
                nrDone++;
            }
        }
    }

    private int nextFileIndex() {
        return fileService.next(done, opened, nrDone, resetFile);
    }

    // ------------------------------------------------------------------ one I/O

    /** fill_io_u() plus get_io_u()'s bookkeeping of last_start / last_pos. */
    private boolean fillIoU(int fi, IoUnit u, long nowUsec) {
        int ddir = rwDdir(nowUsec);
        if (trimwrite) {
            ddir = lastStart[fi * 3 + WRITE] == lastStart[fi * 3 + TRIM] ? TRIM : WRITE;
        }
        curBusyOk = false;
        if (strided) {
            stridedZone(fi, ddir);
        }
        if (!nextOffset(fi, ddir)) {
            return false;
        }
        long off = curOffset;
        long len = nextBuflen(fi, ddir, off);
        if (len == 0) {
            return false;
        }
        IoFile f = files[fi];
        if (off + len > f.realSize) {
            return false;
        }
        if (tdRandom && maps[fi] != null && !norandommap) {
            len = markRandomMap(fi, ddir, off, len);
        }
        u.ddir = DIRS[ddir];
        u.file = f;
        u.offset = off;
        u.length = (int) len;
        lastStart[fi * 3 + ddir] = off;
        lastPos[fi * 3 + ddir] = off + len;
        zoneBytes += len;
        return true;
    }

    /** setup_strided_zone_mode(): after zonesize bytes, move on by zonerange + zoneskip (wrapping). */
    private void stridedZone(int fi, int ddir) {
        IoFile f = files[fi];
        int k = fi * 3 + ddir;
        if (zoneBytes >= stridedSize) {
            zoneBytes = 0;
            fileOff[fi] += stridedRange + stridedSkip;
            if (fileOff[fi] >= f.realSize) {
                fileOff[fi] = f.fileOffset;
            }
            lastPos[k] = fileOff[fi];
        }
        if (lastPos[k] >= fileOff[fi] + stridedRange) {
            lastPos[k] = fileOff[fi];
        }
        if (zoneBytes % stridedRange == 0) {
            fileReset(fi);
        }
    }

    /** get_rw_ddir(): the rwmix draw with fio's rule for how long to stay in one direction, then rate. */
    private int rwDdir(long nowUsec) {
        int ddir;
        if (tdRw) {
            if (ioIssues[rwmixDdir] >= rwmixIssues) {
                long v = mixRand.between(1, 100);
                int d = v <= rwmix[READ] ? READ : WRITE;
                if (d != rwmixDdir) {
                    // set_rwmix_bytes(): uses the direction being left and the share of the other one
                    long diff = rwmix[rwmixDdir ^ 1];
                    rwmixIssues = ioIssues[rwmixDdir] * diff / 100;
                }
                rwmixDdir = d;
            }
            ddir = rwmixDdir;
        } else if (tdRead) {
            ddir = READ;
        } else if (tdWrite) {
            ddir = WRITE;
        } else {
            ddir = TRIM;
        }
        if (rate.enabled() && nowUsec != Long.MIN_VALUE) {
            ddir = rate.direction(ddir, nowUsec, tdRw, rwmix);
        }
        rwmixDdir = ddir;
        return ddir;
    }

    /** get_next_offset(): sets curOffset (absolute) and curRandom; false when the file is exhausted. */
    private boolean nextOffset(int fi, int ddir) {
        IoFile f = files[fi];
        boolean rwSeqHit = false;
        if (ddirSeqNr != 0 && --ddirSeqLeft == 0) {
            rwSeqHit = true;
            ddirSeqLeft = ddirSeqNr;
        }
        if (!nextBlock(fi, ddir, rwSeqHit)) {
            return false;
        }
        long off = curOffset;
        if (Long.compareUnsigned(off, f.ioSize) >= 0) {
            return false;
        }
        off += fileOff[fi];
        if (Long.compareUnsigned(off, f.realSize) >= 0) {
            return false;
        }
        if (randtrimwrite && ddir == TRIM && lastStart[fi * 3 + TRIM] == off) {
            lastStart[fi * 3 + WRITE]--;
        }
        curOffset = off;
        return true;
    }

    /** get_next_block(): curOffset relative to the file's start offset. */
    private boolean nextBlock(int fi, int ddir, boolean rwSeq) {
        IoFile f = files[fi];
        if (randtrimwrite && ddir == WRITE) {
            curBusyOk = true;
            curRandom = true;
            curOffset = lastStart[fi * 3 + TRIM] - fileOff[fi];
            return true;
        }
        if (rwSeq) {
            if (tdRandom) {
                if (shouldDoRandom(ddir)) {
                    curRandom = true;
                    return nextRandBlock(fi, ddir);
                }
                curRandom = false;
                curBusyOk = true;
                if (nextSeqOffset(fi, ddir)) {
                    return true;
                }
                return nextRandBlock(fi, ddir);
            }
            curRandom = false;
            return nextSeqOffset(fi, ddir);
        }
        curBusyOk = true;
        curRandom = false;
        if (!rwSeqIdentical) {
            if (nextSeqOffset(fi, ddir)) {
                return true;
            }
            return nextRandBlock(fi, ddir);
        }
        long ls = lastStart[fi * 3 + ddir];
        curOffset = ls != -1 ? ls - fileOff[fi] : 0;
        return true;
    }

    private boolean shouldDoRandom(int ddir) {
        if (percRand[ddir] == 100) {
            return true;
        }
        long v = seqRand[ddir].between(1, 100);
        return v <= percRand[ddir];
    }

    /** get_next_rand_block(): a random block, with a reset of the file for time_based jobs. */
    private boolean nextRandBlock(int fi, int ddir) {
        if (nextRandOffset(fi, ddir)) {
            return true;
        }
        if (timeBased || service == Service.ZIPF || service == Service.PARETO || service == Service.GAUSS) {
            fileReset(fi);
            fileWrapped.accept(fi);
            return nextRandOffset(fi, ddir);
        }
        return false;
    }

    /** get_next_rand_offset(): block number from the distribution, then curOffset = block x ba. */
    private boolean nextRandOffset(int fi, int ddir) {
        long b;
        switch (dist) {
            case ZIPF:
            case PARETO:
            case GAUSS:
                b = dists[fi].next();
                break;
            case ZONED:
            case ZONED_ABS: {
                long lastb = lastBlock(fi, ddir);
                if (lastb == 0) {
                    return false;
                }
                if (!hasZones[ddir]) {
                    b = randBlock(fi, lastb);
                    break;
                }
                int v = (int) zoneRand.between(1, 100);
                if (dist == Dist.ZONED_ABS) {
                    long stotal = zoneSizePrev[ddir][v - 1] / ba[ddir];
                    long send = zoneSize[ddir][v - 1] / ba[ddir];
                    if (zoneSizePerc[ddir][v - 1] == -1 && zoneSize[ddir][v - 1] == 0) {
                        b = randBlock(fi, lastb);
                        break;
                    }
                    if (send > lastb) {
                        return false; // fio: zoned_abs sizes exceed file size
                    }
                    b = randBlock(fi, send - stotal);
                    if (b < 0) {
                        return false;
                    }
                    b += stotal;
                } else {
                    int send = zoneSizePerc[ddir][v - 1];
                    int stotal = zoneSizePercPrev[ddir][v - 1];
                    if (send == -1) {
                        b = randBlock(fi, lastb);
                        break;
                    }
                    long offset = stotal != 0 ? stotal * lastb / 100 : 0;
                    long zlast = lastb * (send - stotal) / 100;
                    b = randBlock(fi, zlast);
                    if (b < 0) {
                        return false;
                    }
                    b += offset;
                }
                break;
            }
            default: {
                long lastb = lastBlock(fi, ddir);
                if (lastb == 0) {
                    return false;
                }
                b = randBlock(fi, lastb);
            }
        }
        if (b < 0) {
            return false;
        }
        curOffset = b * ba[ddir];
        return true;
    }

    /** __get_next_rand_offset(): a uniform block below lastb (or the LFSR's next), moved to a free one. */
    private long randBlock(int fi, long lastb) {
        long b;
        if (!lfsr) {
            double r = FioRandom.unsignedToDouble(offsetRand.next()) / offsetRand.maxPlusOne();
            b = FioRandom.doubleToUnsigned((double) lastb * r);
        } else {
            b = lfsrs[fi] == null ? -1 : lfsrs[fi].next();
            if (b < 0) {
                return -1;
            }
        }
        RandomMap map = maps[fi];
        if (norandommap || map == null) {
            return b;
        }
        if (b >= map.size() || !map.isSet(b)) {
            return b;
        }
        return map.nextFree(b);
    }

    private long lastBlock(int fi, int ddir) {
        IoFile f = files[fi];
        long maxSize = Math.min(f.ioSize, f.realSize);
        if (strided && stridedRange != 0) {
            maxSize = stridedRange;
        }
        if (minBs[ddir] > ba[ddir]) {
            maxSize -= minBs[ddir] - ba[ddir];
        }
        return maxSize / ba[ddir];
    }

    /** get_next_seq_offset(): continues after the last I/O of this direction (plus rw=...:N holes). */
    private boolean nextSeqOffset(int fi, int ddir) {
        IoFile f = files[fi];
        int k = fi * 3 + ddir;
        long start = f.fileOffset;
        if (lastPos[k] >= f.ioSize + start && timeBased && nrFiles == 1) {
            lastPos[k] = fileOff[fi];
            fileWrapped.accept(fi);
        }
        if (!fio333 && tdRw && ioSize > size && lastPos[k] >= f.ioSize + start) {
            // 3.42: a sequential mixed job with io_size > size wraps instead of ending the file
            lastPos[k] = fileOff[fi];
        }
        if (lastPos[k] < f.realSize) {
            if (lastPos[k] == fileOff[fi] && fileOff[fi] != 0 && ddirSeqAdd < 0) {
                lastPos[k] = Math.min(f.realSize, f.ioSize);
            }
            long pos = lastPos[k] - fileOff[fi];
            if (pos != 0 && ddirSeqAdd != 0) {
                pos += ddirSeqAdd;
                if (Long.compareUnsigned(pos, f.realSize) >= 0) {
                    if (ddirSeqAdd > 0) {
                        pos = fileOff[fi];
                    } else {
                        pos = Math.min(f.realSize, f.ioSize) + ddirSeqAdd;
                    }
                }
            }
            curOffset = pos;
            return true;
        }
        return false;
    }

    private boolean fits(int fi, long off, long len) {
        IoFile f = files[fi];
        return off + len <= f.ioSize + f.fileOffset;
    }

    /** get_next_buflen(): randtrimwrite writes what it just trimmed, else {@link BlockSizes}. */
    private long nextBuflen(int fi, int ddir, long off) {
        if (randtrimwrite && ddir == WRITE) {
            return lastPos[fi * 3 + TRIM] - lastStart[fi * 3 + TRIM];
        }
        IoFile f = files[fi];
        return blockSizes.next(ddir, curRandom, f.ioSize + f.fileOffset - off);
    }

    /** mark_random_map(): marks the blocks an I/O covers; trims the I/O at the first block already done. */
    private long markRandomMap(int fi, int ddir, long off, long len) {
        long mbs = minBs[ddir];
        IoFile f = files[fi];
        long block = (off - fileOff[fi]) / mbs;
        long nr = (len + mbs - 1) / mbs;
        if (!curBusyOk) {
            nr = maps[fi].setNr(block, nr);
            if (nr == 0) {
                return len;
            }
        }
        if (nr * mbs < len) {
            len = nr * mbs;
        }
        return len;
    }
}
