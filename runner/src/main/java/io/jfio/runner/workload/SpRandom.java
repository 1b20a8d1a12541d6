package io.jfio.runner.workload;

import io.jfio.engine.IoFile;
import io.jfio.jobfile.options.SpRandomOptions;
import io.jfio.jobfile.options.ThreadOptions;

/**
 * fio 3.42's sprandom (SanDisk pseudo-random preconditioning, fio's sprandom.c): a random write
 * job that brings a flash device into the steady state a long random workload would leave it in,
 * in one pass of logical size plus over-provisioning.
 *
 * <p>The model (after Desnoyers' analytic SSD model, as fio's sprandom.c explains it): a greedy
 * garbage collector in steady state picks blocks of validity 1 - 1/WA, with WA = 0.5/OP + 0.7;
 * validities spaced evenly from 1 down to that value occupy space inversely proportional to their
 * validity; resampling that curve at equal space gives each of the equal regions the validity it
 * should end with. The writes then go region by region through the file's LFSR (each block once);
 * every write is remembered with the probability of its region's invalid share, and the next
 * region begins by writing the remembered blocks again, which invalidates them where they were.
 * With a device cache size (spr_cs) the rewrites of a region wait until the end of the next one,
 * so that they do not land in the cache that still holds their first copy.
 *
 * <p>The draws come from fio's sprandom_state (its own seed slot), so with the LFSR's sequence
 * the offsets are fio's. One per job; nothing is allocated per I/O.
 */
final class SpRandom {
    /** Invalid shares are kept in units of 1/10000, the range of the draw that decides a rewrite. */
    static final int PCT_PRECISION = 10000;

    private final long physicalSize;
    private final int numRegions;
    private final long cacheSize;
    private final long regionWriteCount;
    /**
     * Per region the invalid share in 1/10000. One entry more than regions: the writes that the
     * job's byte count leaves after the last region (fewer than the regions) are remembered with
     * share 0; those are never written again, so the share only decides nothing (fio reads past
     * its array there).
     */
    private final int[] invalidPct;
    private final FioRandom rand;

    // the two-phase ring of remembered blocks: staged in one region, visible to the next
    private final long[] ring;
    private final long capacity;
    private long commitHead;
    private long stagingHead;
    private long readTail;

    private final long[] invalidCount = new long[2];
    private int currentRegion;
    private int phase;
    private long writesRemaining;
    private boolean done;

    private SpRandom(long physicalSize, int numRegions, long cacheSize,
                     long regionWriteCount, int[] invalidPct, long capacity, FioRandom rand) {
        this.physicalSize = physicalSize;
        this.numRegions = numRegions;
        this.cacheSize = cacheSize;
        this.regionWriteCount = regionWriteCount;
        this.invalidPct = invalidPct;
        this.capacity = capacity;
        this.ring = new long[(int) Math.max(capacity, 1)];
        this.rand = rand;
        this.writesRemaining = regionWriteCount;
    }

    /**
     * sprandom_init for the job's one file: {@code logicalSize} is min(real size, io size),
     * {@code alignBs} the write block size, {@code rand} seeded from fio's FIO_RAND_SPRANDOM_OFF
     * slot (32-bit). Throws with fio's message for what fio refuses here.
     */
    static SpRandom create(SpRandomOptions o, long logicalSize, long alignBs, FioRandom rand)
            throws WorkloadException {
        return create(o, logicalSize, alignBs, rand, false);
    }

    private static SpRandom create(SpRandomOptions o, long logicalSize, long alignBs, FioRandom rand, boolean debug)
            throws WorkloadException {
        if (alignBs <= 0 || (alignBs & (alignBs - 1)) != 0) {
            throw WorkloadException.setupFiles("fio: sprandom: bs [" + alignBs + "] should be power of 2");
        }
        double op = o.overProvisioning();
        int n = o.numRegions();
        long physical = physicalSize(op, logicalSize, alignBs);
        if (n <= 0) {
            throw WorkloadException.setupFiles("fio: requires at least one region");
        }
        double waf = 0.5 / op + 0.7;
        if (!(waf > 1.0)) {
            // fio asserts here (spr_op of 5/3 or more leaves no write amplification to model)
            throw WorkloadException.setupFiles("fio: sprandom: spr_op [" + op + "] leaves a write amplification of "
                    + waf + ", which must be greater than 1");
        }
        double[] validity = validityDistribution(n, op, debug);
        if (debug) {
            SpRandomDebug.array("validity resampled:", validity);
        }
        int[] pct = new int[n + 1];
        for (int i = 0; i < n; i++) {
            pct[i] = (int) Math.round((1.0 - validity[i]) * PCT_PRECISION);
        }
        long regionSize = Long.divideUnsigned(physical, n);
        long regionWrites = Long.divideUnsigned(regionSize, alignBs);
        long cache = o.cacheSize();
        if (cache != 0 && Long.compareUnsigned(cache, regionSize) > 0) {
            throw WorkloadException.setupFiles("fio: sprandom: spr_cs [" + Long.toUnsignedString(cache)
                    + "] must be smaller than region_sz [" + regionSize + "] which means ["
                    + Long.divideUnsigned(physical, cache) + "] regions allowed");
        }
        long capacity = invalidCapacity(regionWrites, validity[0]);
        if (cache != 0) {
            // the rewrites of a region wait a whole region longer: room for two regions' worth
            capacity *= 2;
        }
        if (capacity > Integer.MAX_VALUE - 8) {
            throw WorkloadException.setupFiles("fio: sprandom: " + capacity + " remembered blocks per region are too many");
        }
        if (debug) {
            SpRandomDebug.summary(logicalSize, physical, op, regionSize, n, cache, regionWrites, capacity);
        }
        return new SpRandom(physical, n, cache, regionWrites, pct, capacity, rand);
    }

    /**
     * sprandom_init for a job of IoPattern (null without sprandom): the job has one file (fio
     * refuses more), writes of bs[write] bytes, and the draws of fio's FIO_RAND_SPRANDOM_OFF seed
     * ({@code rs} null: only the checks, as the runner's file set-up makes them).
     */
    static SpRandom forJob(ThreadOptions o, IoFile[] files, RandSeeds rs) throws WorkloadException {
        SpRandomOptions so = o.sprandom();
        if (!so.enabled()) {
            return null;
        }
        if (files.length != 1) {
            throw WorkloadException.setupFiles("fio: SPRandom supports only one file");
        }
        IoFile f = files[0];
        FioRandom rand = new FioRandom();
        if (rs != null) {
            rs.seedSpRandom(rand);
        }
        // the set-up lines come once, from the runner's check at the end of the file set-up (where
        // fio prints them, refusal or not), not again when the job builds its pattern
        return create(so, Math.min(f.realSize, f.ioSize), o.bs().bs()[1], rand, rs == null && SpRandomDebug.on());
    }

    /** Logical size plus the over-provisioning share (rounded up), aligned up to the block size. */
    static long physicalSize(double op, long logicalSize, long alignBs) {
        // C adds the byte count to the double and truncates the sum back to an integer
        long size = (long) ((double) logicalSize + Math.ceil((double) logicalSize * op));
        return (size + (alignBs - 1)) & ~(alignBs - 1);
    }

    /**
     * The validity each region should end with, lowest first: validities spaced evenly from 1 down
     * to the garbage collector's, each weighted by the space it takes (1 / validity), the curve
     * resampled at evenly spaced accumulated space, then reversed.
     */
    static double[] validityDistribution(int n, double op) throws WorkloadException {
        return validityDistribution(n, op, false);
    }

    private static double[] validityDistribution(int n, double op, boolean debug) throws WorkloadException {
        double waf = 0.5 / op + 0.7;
        double gcValidity = 1.0 - 1.0 / waf;
        if (debug) {
            SpRandomDebug.linspace(1.0, gcValidity, n);
        }
        double[] validity = linspace(1.0, gcValidity, n);
        double[] ratio = new double[n];
        double[] acc = new double[n];
        double sum = 0.0;
        for (int i = 0; i < n; i++) {
            ratio[i] = 1.0 / validity[i];
            acc[i] = sum + ratio[i];
            sum = acc[i];
        }
        if (debug) {
            SpRandomDebug.array("validity_distribution", validity);
            SpRandomDebug.array("blocks ratio", ratio);
            SpRandomDebug.array("accumulated ratio:", acc);
            SpRandomDebug.points(acc, validity);
        }
        for (int i = 0; i + 1 < n; i++) {
            if (acc[i + 1] <= acc[i]) {
                throw WorkloadException.setupFiles("fio: x-values must be strictly increasing.");
            }
        }
        if (debug) {
            SpRandomDebug.linspace(acc[0], acc[n - 1], n);
        }
        double[] x = linspace(acc[0], acc[n - 1], n);
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = interpolate(x[i], acc, validity);
        }
        if (debug) {
            SpRandomDebug.points(x, y);
            SpRandomDebug.array("validity resampled", y);
        }
        double[] reversed = new double[n];
        for (int i = 0; i < n; i++) {
            reversed[n - 1 - i] = y[i];
        }
        return reversed;
    }

    private static double[] linspace(double start, double end, int num) {
        double[] a = new double[num];
        if (num == 1) {
            a[0] = start;
            return a;
        }
        double step = (end - start) / ((double) num - 1.0);
        for (int i = 0; i < num; i++) {
            a[i] = start + (double) i * step;
        }
        return a;
    }

    /** Linear interpolation in (xs, ys), xs increasing; the end values outside their range. */
    private static double interpolate(double x, double[] xs, double[] ys) {
        int n = xs.length;
        if (n == 1 || x <= xs[0]) {
            return ys[0];
        }
        if (x >= xs[n - 1]) {
            return ys[n - 1];
        }
        for (int i = 0; i < n - 1; i++) {
            if (x >= xs[i] && x <= xs[i + 1]) {
                if (Math.abs(xs[i + 1] - xs[i]) < 1e-9) {
                    return ys[i];
                }
                return ys[i] + (ys[i + 1] - ys[i]) * ((x - xs[i]) / (xs[i + 1] - xs[i]));
            }
        }
        return 0.0;
    }

    /** The expected rewrites of a region of {@code count} blocks at this validity, plus six sigma. */
    private static long invalidCapacity(long count, double validity) {
        double sigma = Math.sqrt((double) count * validity * (1.0 - validity));
        return (long) Math.ceil((double) count * (1.0 - validity) + 6.0 * sigma);
    }

    /** The bytes the job writes: fio sets the job's io_size to this. */
    long physicalSize() {
        return physicalSize;
    }

    /** fio's sprandom_state, which td_fill_rand_seeds seeds again with the job's other generators. */
    FioRandom rand() {
        return rand;
    }

    long regionWriteCount() {
        return regionWriteCount;
    }

    /** Invalid share of a region in 1/10000 (for tests). */
    int invalidPct(int region) {
        return invalidPct[region];
    }

    /** The job has written every region or the LFSR has no block left: fio ends the job (td->done). */
    boolean done() {
        return done;
    }

    /**
     * sprandom_get_next_offset: the next block number to write (fio multiplies it by blockalign),
     * or -1 at the end (which also marks the job {@link #done}).
     */
    long next(Lfsr lfsr) {
        long b = nextBlock(lfsr);
        if (b < 0) {
            done = true;
            if (SpRandomDebug.on()) {
                SpRandomDebug.line("sprandom is done");
            }
        }
        return b;
    }

    private long nextBlock(Lfsr lfsr) {
        long b;
        if (cacheSize == 0 && (b = pop()) >= 0) {
            remember(b, phase ^ 1);
            if (SpRandomDebug.on()) {
                SpRandomDebug.line("Write " + b + " over " + currentRegion);
            }
            return b;
        }
        if (writesRemaining == 0) {
            if (cacheSize != 0 && (b = pop()) >= 0) {
                remember(b, phase ^ 1);
                if (SpRandomDebug.on()) {
                    SpRandomDebug.line("Cache Defer Write " + b + "  over " + currentRegion);
                }
                return b;
            }
            if (currentRegion >= numRegions) {
                if (SpRandomDebug.on()) {
                    SpRandomDebug.line("End: Last Region " + currentRegion + " cur" + numRegions);
                }
                return -1;
            }
            if (SpRandomDebug.on()) {
                debugInvalidation();
            }
            invalidCount[phase] = 0;
            currentRegion++;
            phase ^= 1;
            writesRemaining = regionWriteCount - invalidCount[phase];
            commitHead = stagingHead;
        }
        b = lfsr == null ? -1 : lfsr.next();
        if (b < 0) {
            if (cacheSize != 0 && (b = pop()) >= 0) {
                // the remembered blocks of the last region still go out, not remembered again
                if (SpRandomDebug.on()) {
                    SpRandomDebug.line("lfsr cache exit Write " + b + "  over " + currentRegion);
                }
                return b;
            }
            if (SpRandomDebug.on()) {
                SpRandomDebug.line("End: LFSR exhausted " + currentRegion + " [" + invalidCount[phase] + "] ["
                        + invalidCount[phase ^ 1] + "]");
                debugInvalidation();
            }
            return -1;
        }
        if (writesRemaining > 0) {
            writesRemaining--;
        }
        remember(b, phase ^ 1);
        if (SpRandomDebug.on()) {
            SpRandomDebug.line("Write " + b + " lfsr " + currentRegion);
        }
        return b;
    }

    /** sprandom_add_with_probability: one draw per write; kept for rewriting by the region's share. */
    private void remember(long b, int ph) {
        long v = rand.between(0, PCT_PRECISION);
        if (v <= invalidPct[currentRegion]) {
            if (!spaceAvailable()) {
                if (SpRandomDebug.on()) {
                    SpRandomDebug.line("pcb buffer would be overriten");
                }
                // fio asserts here; six sigma of room makes it practically unreachable
                throw new IllegalStateException("sprandom: the ring of blocks to rewrite is full");
            }
            ring[(int) stagingHead] = b;
            stagingHead = (stagingHead + 1) % capacity;
            invalidCount[ph]++;
        }
    }

    private void debugInvalidation() {
        SpRandomDebug.invalidation(currentRegion, regionWriteCount, invalidCount[phase],
                currentRegion > 0 ? invalidPct[currentRegion - 1] : 0);
    }

    /** The oldest committed block, or -1 when none is visible. */
    private long pop() {
        if (readTail == commitHead) {
            return -1;
        }
        long b = ring[(int) readTail];
        readTail = (readTail + 1) % capacity;
        return b;
    }

    private boolean spaceAvailable() {
        long committed = commitHead >= readTail ? commitHead - readTail : capacity - readTail + commitHead;
        long staged = stagingHead >= commitHead ? stagingHead - commitHead : capacity - commitHead + stagingHead;
        // one slot stays free to tell a full ring from an empty one
        return committed + staged < capacity - 1;
    }
}
