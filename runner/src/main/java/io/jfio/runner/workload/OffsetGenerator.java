package io.jfio.runner.workload;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.zbd.ZbdJob;

import java.util.function.IntConsumer;

/**
 * Where a job's next I/O goes in a file and how long it is (io_u.c: get_next_offset,
 * get_next_block, get_next_rand_offset, get_next_seq_offset, get_next_buflen, mark_random_map;
 * filesetup.c: fio_file_reset): per file and direction the last position, sequential offsets with
 * rw's :N holes, the rw_sequencer, trimwrite pairs and strided zones; {@link RandomBlocks} picks
 * random blocks. One per job thread; nothing is allocated per I/O.
 */
final class OffsetGenerator {
    private static final int READ = 0;
    private static final int WRITE = 1;
    private static final int TRIM = 2;

    private static final IoDirection[] DIRS = {IoDirection.READ, IoDirection.WRITE, IoDirection.TRIM};

    /** random_distribution. */
    enum Dist { RANDOM, ZIPF, PARETO, GAUSS, ZONED, ZONED_ABS }

    // ---- settings ----
    private final DirectionMix dirs;
    private final RandSeeds rs;
    private final BlockSizes blockSizes;
    private final FileService fileService;
    private final long[] minBs;
    private final long[] ba;
    private final long rwMinBs;
    private final long[] percRand;
    private final int ddirSeqNr;
    private final long ddirSeqAdd;
    private final boolean rwSeqIdentical;
    private final boolean timeBased;
    private final long size;
    private final long ioSize;
    private final boolean fio333;

    // strided zone mode (zonemode=strided / zonesize / zonerange / zoneskip)
    private final boolean strided;
    private final long stridedSize;
    private final long stridedRange;
    private final long stridedSkip;
    private long zoneBytes;
    /** zonemode=zbd's zones as this job uses them, or null. */
    private final ZbdJob zbd;

    // ---- files ----
    private final IoFile[] files;
    /** fio's f->file_offset, which strided zones move; IoFile.fileOffset is the start (get_start_offset). */
    private final long[] fileOff;
    private final int nrFiles;
    private final long[] lastPos;
    private final long[] lastStart;
    /** The random map, LFSR or distribution of each file (random I/O only). */
    private final RandomBlocks random;
    /** fio's loop_cache_invalidate: told the file index when a time_based job starts a file over. */
    private IntConsumer fileWrapped = fi -> { };
    private int ddirSeqLeft = 1;

    // per-I/O scratch (fields instead of out-parameters, to stay allocation-free)
    private long curOffset;
    private boolean curRandom;
    private boolean curBusyOk;

    /** The pattern's settings after fio's fix-ups; builds the per-file maps and distributions. */
    OffsetGenerator(ThreadOptions o, IoFile[] files, long threadNumber, DirectionMix dirs, RandSeeds rs,
                    BlockSizes blockSizes, FileService fileService, long[] minBs, long[] ba, long rwMinBs,
                    long[] percRand, int ddirSeqNr, long ddirSeqAdd, boolean norandommap, boolean lfsr,
                    Dist dist, long size, long ioSize, boolean fio333) throws WorkloadException {
        this.files = files;
        this.nrFiles = files.length;
        this.dirs = dirs;
        this.rs = rs;
        this.blockSizes = blockSizes;
        this.fileService = fileService;
        this.minBs = minBs;
        this.ba = ba;
        this.rwMinBs = rwMinBs;
        this.percRand = percRand;
        this.ddirSeqNr = ddirSeqNr;
        this.ddirSeqAdd = ddirSeqAdd;
        this.rwSeqIdentical = o.io().rwSequencerIdentical();
        this.timeBased = o.runtime().timeBased();
        this.size = size;
        this.ioSize = ioSize;
        this.fio333 = fio333;

        // zones: fio turns zonesize alone into zonemode=strided, and strided zones off for several open files
        String zoneMode = o.zone().zoneMode();
        long zs = o.zone().zoneSize();
        zbd = ZbdJob.of(o, files, minBs, dirs.tdRandom, dirs.tdWrite, dirs.tdRw);
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
        random = new RandomBlocks(o, files, threadNumber, dirs.tdRandom, rs, minBs, ba, rwMinBs, norandommap, lfsr,
                dist, fio333, strided ? stridedRange : 0);
    }

    /** rw's :N postfix: {I/Os per random draw (randrw:N), bytes skipped after each sequential I/O (rw:N)}. */
    static long[] rwSequencer(String rwPost, boolean tdRandom, long kbBase) throws WorkloadException {
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
        return new long[] {seqNr, seqAdd};
    }

    /** random_distribution by name. */
    static Dist distribution(String name) throws WorkloadException {
        switch (name) {
            case "random": return Dist.RANDOM;
            case "zipf": return Dist.ZIPF;
            case "pareto": return Dist.PARETO;
            case "normal": case "gauss": return Dist.GAUSS;
            case "zoned": return Dist.ZONED;
            case "zoned_abs": return Dist.ZONED_ABS;
            default: throw new WorkloadException("fio: unknown random distribution: " + name);
        }
    }

    /** sprandom's writes (see {@link SpRandom}). */
    void spRandom(SpRandom s) {
        random.spRandom(s);
    }

    /** See {@link IoPattern#onFileWrap}. */
    void onFileWrap(IntConsumer action) {
        fileWrapped = action;
    }

    /** clear_io_state() for the offsets: every file starts at its start offset again. */
    void restart() {
        zoneBytes = 0;
        for (int i = 0; i < nrFiles; i++) {
            fileOff[i] = files[i].fileOffset;
        }
    }

    /** The end of ramp_time: strided zones count their bytes again. */
    void resetCounters() {
        zoneBytes = 0;
    }

    /** fio_file_reset(): what opening a file does to its position and map. */
    void reset(int fi) {
        for (int d = 0; d < 3; d++) {
            lastPos[fi * 3 + d] = fileOff[fi];
            lastStart[fi * 3 + d] = -1;
        }
        random.reset(fi);
        if (zbd != null) {
            zbd.fileReset(fi);
        }
    }

    /**
     * fill_io_u() for a direction already drawn, plus get_io_u()'s bookkeeping of last_start /
     * last_pos: false when the file has no I/O left to give.
     */
    boolean fill(int fi, int ddir, IoUnit u) {
        return fill(fi, ddir, u, false);
    }

    /**
     * As {@link #fill(int, int, IoUnit)}; for one range of a multi-range trim ({@code range}) the
     * random map is marked but the length kept whole, as fio's fill_multi_range_io_u ignores what
     * mark_random_map returns (so a range may reach over blocks already done).
     */
    boolean fill(int fi, int ddir, IoUnit u, boolean range) {
        if (zbd != null) {
            ddir = zbd.adjustDirection(ddir, lastStart[fi * 3 + WRITE] != -1);
        }
        if (dirs.trimwrite) {
            ddir = lastStart[fi * 3 + WRITE] == lastStart[fi * 3 + TRIM] ? TRIM : WRITE;
        }
        curBusyOk = false;
        if (strided) {
            stridedZone(fi, ddir);
        } else if (zbd != null) {
            zbdZoneMode(fi, ddir);
        }
        if (!nextOffset(fi, ddir)) {
            return false;
        }
        long off = curOffset;
        long len = nextBuflen(fi, ddir, off);
        if (len == 0) {
            return false;
        }
        long drawn = off;
        if (zbd != null) {
            if (!zbd.adjust(fi, ddir, off, len)) {
                return false;
            }
            off = zbd.offset;
            len = zbd.length;
        }
        IoFile f = files[fi];
        if (off + len > f.realSize) {
            if (zbd != null) {
                zbd.queued(fi, -1, off, len); // releases the zones without an I/O
            }
            return false;
        }
        if (dirs.tdRandom && random.hasMap(fi)) {
            // fio marks the offset it drew, before zonemode=zbd moved it; one range of a
            // multi-range trim keeps its whole length
            long marked = random.mark(fi, ddir, drawn - fileOff[fi], len, curBusyOk);
            len = range ? len : marked;
        }
        if (zbd != null) {
            zbd.queued(fi, ddir, off, len);
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

    /** setup_zbd_zone_mode(): zone capacity ends and zoneskip move the sequential position. */
    private void zbdZoneMode(int fi, int ddir) {
        int k = fi * 3 + ddir;
        long pos = zbd.zoneMode(fi, ddir, lastPos[k], zoneBytes);
        if (pos == -2) {
            IoFile f = files[fi];
            zoneBytes = 0;
            fileOff[fi] += stridedSize + stridedSkip;
            if (fileOff[fi] >= f.realSize) {
                fileOff[fi] = f.fileOffset;
            }
            lastPos[k] = fileOff[fi];
        } else {
            lastPos[k] = pos;
        }
    }

    /** The job's zonemode=zbd state, or null. */
    ZbdJob zbd() {
        return zbd;
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
            reset(fi);
        }
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
        if (dirs.randtrimwrite && ddir == TRIM && lastStart[fi * 3 + TRIM] == off) {
            lastStart[fi * 3 + WRITE]--;
        }
        curOffset = off;
        return true;
    }

    /** get_next_block(): curOffset relative to the file's start offset. */
    private boolean nextBlock(int fi, int ddir, boolean rwSeq) {
        IoFile f = files[fi];
        if (dirs.randtrimwrite && ddir == WRITE) {
            curBusyOk = true;
            curRandom = true;
            curOffset = lastStart[fi * 3 + TRIM] - fileOff[fi];
            return true;
        }
        if (rwSeq) {
            if (dirs.tdRandom) {
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
        long v = rs.seqRand[ddir].between(1, 100);
        return v <= percRand[ddir];
    }

    /** get_next_rand_block(): a random block, with a reset of the file for time_based jobs. */
    private boolean nextRandBlock(int fi, int ddir) {
        if (nextRandOffset(fi, ddir)) {
            return true;
        }
        if (timeBased || fileService.distributed()) {
            reset(fi);
            fileWrapped.accept(fi);
            return nextRandOffset(fi, ddir);
        }
        return false;
    }

    /** get_next_rand_offset() into curOffset. */
    private boolean nextRandOffset(int fi, int ddir) {
        long off = random.nextOffset(fi, ddir);
        if (off < 0) {
            return false;
        }
        curOffset = off;
        return true;
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
        if (!fio333 && dirs.tdRw && ioSize > size && lastPos[k] >= f.ioSize + start) {
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

    /** get_next_buflen(): dirs.randtrimwrite writes what it just trimmed, else {@link BlockSizes}. */
    private long nextBuflen(int fi, int ddir, long off) {
        if (dirs.randtrimwrite && ddir == WRITE) {
            return lastPos[fi * 3 + TRIM] - lastStart[fi * 3 + TRIM];
        }
        IoFile f = files[fi];
        return blockSizes.next(ddir, curRandom, f.ioSize + f.fileOffset - off);
    }
}
