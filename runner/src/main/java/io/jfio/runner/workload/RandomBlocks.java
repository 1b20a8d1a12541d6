package io.jfio.runner.workload;

import io.jfio.engine.IoFile;
import io.jfio.jobfile.FioDebug;
import io.jfio.jobfile.options.ThreadOptions;

import java.nio.charset.StandardCharsets;

/**
 * Which block a random I/O goes to (io_u.c: get_next_rand_offset, __get_next_rand_offset,
 * mark_random_map): per file the random map or LFSR, or the zipf/pareto/normal distribution, and
 * random_distribution's zoned split. One per job thread; nothing is allocated per I/O.
 */
final class RandomBlocks {
    private static final int READ = 0;
    private static final int WRITE = 1;

    private final IoFile[] files;
    private final RandSeeds rs;
    private final long[] minBs;
    private final long[] ba;
    private final boolean norandommap;
    private final boolean lfsr;
    private final OffsetGenerator.Dist dist;
    private final ZoneSplit zones;
    /** Strided zones draw blocks within zonerange (0 without strided zones). */
    private final long stridedRange;
    private final RandomMap[] maps;
    private final Lfsr[] lfsrs;
    private final Distributions[] dists;
    /** sprandom's region-by-region writes (null without sprandom); reads stay on the LFSR. */
    private SpRandom spRandom;

    RandomBlocks(ThreadOptions o, IoFile[] files, long threadNumber, boolean tdRandom, RandSeeds rs, long[] minBs,
                 long[] ba, long rwMinBs, boolean norandommap, boolean lfsr, OffsetGenerator.Dist dist, boolean fio333,
                 long stridedRange) throws WorkloadException {
        int nrFiles = files.length;
        this.files = files;
        this.rs = rs;
        this.minBs = minBs;
        this.ba = ba;
        this.norandommap = norandommap;
        this.lfsr = lfsr;
        this.dist = dist;
        this.stridedRange = stridedRange;
        maps = new RandomMap[nrFiles];
        lfsrs = new Lfsr[nrFiles];
        dists = new Distributions[nrFiles];
        String post = o.random().distributionPostfix();
        double distVal = dist == OffsetGenerator.Dist.ZIPF ? 1.1 : dist == OffsetGenerator.Dist.PARETO ? 0.2 : 0.0;
        double center = -1;
        boolean zoned = dist == OffsetGenerator.Dist.ZONED || dist == OffsetGenerator.Dist.ZONED_ABS;
        ZoneSplit zs0 = null;
        if (zoned) {
            zs0 = new ZoneSplit(post, dist == OffsetGenerator.Dist.ZONED_ABS, o.stat().kbBase());
        } else if (dist != OffsetGenerator.Dist.RANDOM && post != null && !post.isEmpty()) {
            double[] vc = DistributionArgs.parseDistr(post, "fio: random postfix parsing failed");
            distVal = vc[0];
            center = vc[1];
        }
        zones = zs0;
        DistributionArgs.checkDistr(dist == OffsetGenerator.Dist.ZIPF ? FileService.Service.ZIPF
            : dist == OffsetGenerator.Dist.PARETO ? FileService.Service.PARETO : FileService.Service.GAUSS,
            dist != OffsetGenerator.Dist.RANDOM && !zoned, distVal, center);
        if (dist == OffsetGenerator.Dist.ZIPF || dist == OffsetGenerator.Dist.PARETO
                || dist == OffsetGenerator.Dist.GAUSS) {
            long rangeSize = Math.min(minBs[READ], minBs[WRITE]);
            for (int i = 0; i < nrFiles; i++) {
                IoFile f = files[i];
                long fsize = Math.min(f.realSize, f.ioSize);
                long nranges = (fsize + rangeSize - 1) / rangeSize;
                long fseed = (long) Distributions.jhash(f.path.getBytes(StandardCharsets.UTF_8), 0) * threadNumber;
                if (!fio333) {
                    fseed *= rs.seeds[RandSeeds.SEED_BLOCK];
                } else if (!rs.repeatable) {
                    fseed = rs.seeds[RandSeeds.SEED_BLOCK];
                }
                fseed &= 0xFFFFFFFFL;
                dists[i] = dist == OffsetGenerator.Dist.ZIPF ? Distributions.zipf(nranges, distVal, center, fseed, true)
                    : dist == OffsetGenerator.Dist.PARETO ? Distributions.pareto(nranges, distVal, center, fseed, true)
                    : Distributions.gauss(nranges, distVal, center, fseed, true);
            }
        } else if (tdRandom) {
            for (int i = 0; i < nrFiles; i++) {
                IoFile f = files[i];
                long blocks = (stridedRange != 0 ? stridedRange : Math.min(f.realSize, f.ioSize)) / rwMinBs;
                if (lfsr) {
                    lfsrs[i] = Lfsr.create(blocks, rs.seeds[RandSeeds.SEED_BLOCK]);
                    if (lfsrs[i] == null) {
                        throw new WorkloadException("fio: failed initializing LFSR");
                    }
                } else if (!norandommap) {
                    maps[i] = new RandomMap(Math.max(blocks, 1));
                }
            }
        }
    }

    /** fio_file_reset() for the random state: the map is cleared, the LFSR starts over. */
    void reset(int fi) {
        if (maps[fi] != null) {
            maps[fi].reset();
        } else if (lfsrs[fi] != null) {
            lfsrs[fi].reset(rs.seeds[RandSeeds.SEED_BLOCK]);
        }
    }

    /** Writes take their blocks from sprandom (fio's get_next_rand_offset does so before any distribution). */
    void spRandom(SpRandom s) {
        spRandom = s;
    }

    /** The file keeps a random map (randommap on, no LFSR). */
    boolean hasMap(int fi) {
        return maps[fi] != null && !norandommap;
    }

    /**
     * get_next_rand_offset(): block number from the distribution times blockalign: the offset
     * relative to the file's start, or -1 when the file has no random block left.
     */
    long nextOffset(int fi, int ddir) {
        long b;
        if (spRandom != null && ddir == WRITE) {
            b = spRandom.next(lfsrs[fi]);
            return b < 0 ? -1 : b * ba[WRITE];
        }
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
                    return -1;
                }
                if (!zones.hasZones[ddir]) {
                    b = randBlock(fi, lastb);
                    break;
                }
                int v = (int) rs.zoneRand.between(1, 100);
                if (dist == OffsetGenerator.Dist.ZONED_ABS) {
                    long stotal = zones.zoneSizePrev[ddir][v - 1] / ba[ddir];
                    long send = zones.zoneSize[ddir][v - 1] / ba[ddir];
                    if (zones.zoneSizePerc[ddir][v - 1] == -1 && zones.zoneSize[ddir][v - 1] == 0) {
                        b = randBlock(fi, lastb);
                        break;
                    }
                    if (send > lastb) {
                        return -1; // fio: zoned_abs sizes exceed file size
                    }
                    b = randBlock(fi, send - stotal);
                    if (b < 0) {
                        return -1;
                    }
                    b += stotal;
                } else {
                    int send = zones.zoneSizePerc[ddir][v - 1];
                    int stotal = zones.zoneSizePercPrev[ddir][v - 1];
                    if (send == -1) {
                        b = randBlock(fi, lastb);
                        break;
                    }
                    long offset = stotal != 0 ? stotal * lastb / 100 : 0;
                    long zlast = lastb * (send - stotal) / 100;
                    b = randBlock(fi, zlast);
                    if (b < 0) {
                        return -1;
                    }
                    b += offset;
                }
                break;
            }
            default: {
                long lastb = lastBlock(fi, ddir);
                if (lastb == 0) {
                    return -1;
                }
                b = randBlock(fi, lastb);
            }
        }
        if (b < 0) {
            return -1;
        }
        return b * ba[ddir];
    }

    /** __get_next_rand_offset(): a uniform block below lastb (or the LFSR's next), moved to a free one. */
    private long randBlock(int fi, long lastb) {
        long b;
        if (!lfsr) {
            long draw = rs.offsetRand.next();
            if (FioDebug.on(FioDebug.Type.RANDOM)) {
                FioDebug.line(FioDebug.Type.RANDOM, "off rand " + Long.toUnsignedString(draw));
            }
            double r = FioRandom.unsignedToDouble(draw) / rs.offsetRand.maxPlusOne();
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
        if (FioDebug.on(FioDebug.Type.RANDOM)) {
            FioDebug.line(FioDebug.Type.RANDOM, "get_next_rand_offset: offset " + b + " busy");
        }
        return map.nextFree(b);
    }

    private long lastBlock(int fi, int ddir) {
        IoFile f = files[fi];
        long maxSize = Math.min(f.ioSize, f.realSize);
        if (stridedRange != 0) {
            maxSize = stridedRange;
        }
        if (minBs[ddir] > ba[ddir]) {
            maxSize -= minBs[ddir] - ba[ddir];
        }
        return maxSize / ba[ddir];
    }

    /**
     * mark_random_map(): marks the blocks an I/O at {@code relOff} (from the file's current start)
     * covers; trims the I/O at the first block already done. {@code busyOk}: the offset did not
     * come from the map (sequential or rw_sequencer), so nothing is marked.
     */
    long mark(int fi, int ddir, long relOff, long len, boolean busyOk) {
        long mbs = minBs[ddir];
        long block = relOff / mbs;
        long nr = (len + mbs - 1) / mbs;
        if (!busyOk) {
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
