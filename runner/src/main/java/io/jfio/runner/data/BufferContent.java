package io.jfio.runner.data;

import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.AlignedBuffer;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.Pattern;
import io.jfio.jobfile.options.BufferOptions;
import io.jfio.runner.workload.FioRandom;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * What one job writes, filled as fio fills it (io_u.c fill_io_buffer, lib/rand.c, dedupe.c): the
 * job's buf_state generator draws a seed per buffer (per compress chunk with compression or
 * dedupe), the seed expands into the buffer with fio's multiplicative hash in four interleaved
 * streams; compression leaves the tail of each chunk zero (or buffer_pattern); dedupe replays an
 * earlier generator state instead of the current one; scrambling stamps each 512-byte block of a
 * reused buffer with its offset and the time, as fio's small_content_scramble does. Buffers are
 * filled in place; after construction nothing here allocates.
 */
public final class BufferContent {

    private final BufferOptions o;
    private final boolean refill;
    private final boolean scramble;
    private final long minWrite;
    private final FioRandom buf;
    private final FioRandom prev = new FioRandom();
    private final FioRandom ret = new FioRandom();
    private final FioRandom dedupe;
    private final FioRandom wsIndex;
    /** The dedupe working set: saved buf_state generators, FioRandom.STATE_LONGS each. */
    private final long[] workingSet;
    private final long uniquePages;
    /** buffer_pattern repeated over the largest fill; null without a pattern. */
    private final byte[] patternTile;
    /**
     * zero_buffers' and the compressible parts' source, made at its first use: most jobs never
     * read it, and 64 KiB per job was 16 MB of heap for the 252-job seed workload.
     */
    private byte[] zeros;
    private final int zerosLength;
    private ByteBuffer[] unitBuffers = new ByteBuffer[0];
    /** Each unit buffer as little-endian longs (made once): the random fill's word stores. */
    private java.nio.LongBuffer[] unitWords = new java.nio.LongBuffer[0];
    private final RandomFill random = new RandomFill();

    /**
     * @param maxFill    the largest buffer filled at once (the unit buffer capacity)
     * @param minWriteBs the job's smallest write block size (fio's min_bs[DDIR_WRITE])
     * @param size       the job's size option (the dedupe working set is a share of it)
     * @param verifying  verify is on: writes are filled by the verify path, never scrambled
     */
    public BufferContent(BufferOptions options, BufferSeeds seeds, int maxFill, long minWriteBs, long size,
                         boolean verifying) {
        this(options, seeds, maxFill, minWriteBs, size, verifying, false);
    }

    /**
     * @param verifyRefill a numjobs clone of a verify job that did not set refill_buffers: fio's
     *                     fixup_options turned it on in the copy the clone is made from (init.c),
     *                     after the first job's flags were set without it
     */
    public BufferContent(BufferOptions options, BufferSeeds seeds, int maxFill, long minWriteBs, long size,
                         boolean verifying, boolean verifyRefill) {
        this.o = options;
        this.refill = options.refillBuffers() || verifyRefill;
        this.scramble = options.scrambleBuffers() && !options.compressGiven() && !verifying;
        this.minWrite = Math.max(1, minWriteBs);
        this.buf = new FioRandom(seeds.buf(), seeds.use64());
        this.prev.copyFrom(buf);
        this.dedupe = new FioRandom(seeds.dedupe(), false);
        this.wsIndex = new FioRandom(seeds.wsIndex(), seeds.use64());
        Pattern p = options.pattern();
        if (p != null) {
            byte[] b = p.bytes();
            patternTile = new byte[Math.max(maxFill, b.length)];
            for (int i = 0; i < patternTile.length; i += b.length) {
                System.arraycopy(b, 0, patternTile, i, Math.min(b.length, patternTile.length - i));
            }
        } else {
            patternTile = null;
        }
        zerosLength = Math.max(maxFill, 1);
        if (options.dedupePercentage() != 0 && options.dedupeMode() == BufferOptions.DedupeMode.WORKING_SET) {
            uniquePages = Math.max(1, size * options.dedupeWorkingSetPercentage() / 100 / minWrite);
            workingSet = workingSet(seeds, options.dedupeGlobal());
        } else {
            uniquePages = 0;
            workingSet = null;
        }
    }

    /**
     * fio's init_dedupe_working_set_seeds: page i repeats the generator state page i-1 had after
     * the draws one write makes; with dedupe_global the pages rotate through every job's buf_state,
     * so that jobs share them.
     */
    private long[] workingSet(BufferSeeds seeds, boolean global) {
        if (uniquePages > Integer.MAX_VALUE / FioRandom.STATE_LONGS) {
            throw new IllegalArgumentException("fio: could not allocate dedupe working set");
        }
        long[] set = new long[(int) uniquePages * FioRandom.STATE_LONGS];
        long chunk = o.compressChunk() == 0 ? minWrite : Math.min(minWrite, o.compressChunk());
        long advancements = minWrite / chunk;
        int jobs = global ? seeds.peerBuf().length : 1;
        long pagesPerSeed = Math.max(uniquePages / jobs, 1);
        int tindex = seeds.jobIndex();
        FioRandom r = new FioRandom();
        r.copyFrom(buf);
        r.save(set, 0);
        for (long i = 1; i < uniquePages; i++) {
            for (long j = 0; j < advancements; j++) {
                r.nextSeed();
            }
            if (global && i % pagesPerSeed == 0) {
                tindex = (tindex + 1) % jobs;
                r.seed(seeds.peerBuf()[tindex], seeds.use64());
            }
            r.save(set, (int) i * FioRandom.STATE_LONGS);
        }
        return set;
    }

    /** Binds the units' buffers (once, before any fill): {@code view} maps an address and length to memory. */
    public void attach(List<IoUnit> units, BufferView view) {
        int max = 0;
        for (IoUnit u : units) {
            max = Math.max(max, u.index + 1);
        }
        unitBuffers = new ByteBuffer[max];
        unitWords = new java.nio.LongBuffer[max];
        for (IoUnit u : units) {
            unitBuffers[u.index] = view.at(u.bufferAddress, u.bufferCapacity).order(ByteOrder.LITTLE_ENDIAN);
            unitWords[u.index] = RandomFill.words(unitBuffers[u.index]);
        }
    }

    /**
     * The job's buffer contents (options and seeds from the job), before its files are laid out:
     * fio's layout draws from the same generator first.
     *
     * @param maxFill the largest buffer ever filled (the unit buffer capacity)
     */
    public static BufferContent forJob(JobSpec spec, boolean verifying, int jobCount, int maxFill) {
        ThreadOptions o = ThreadOptions.of(spec);
        return new BufferContent(o.buffer(), BufferSeeds.of(spec, jobCount), maxFill, o.bs().minBs()[1],
                o.size().size(), verifying, verifying && spec.cloneIndex() != 0 && !spec.isSet("refill_buffers"));
    }

    /** fio's init_io_u: binds the units' buffers and, when the job writes, fills each once in unit order. */
    public void attach(IoBuffers buffers, boolean writes) {
        List<IoUnit> units = buffers.units();
        AlignedBuffer region = buffers.region();
        attach(units, (address, length) -> region.byteBuffer(address - region.address(), length));
        if (writes) {
            fillUnits(units);
        }
    }

    /**
     * One block of a file being laid out (fio's extend_file: fill_io_buffer(b, len, len));
     * {@code words} is the block's long view ({@link RandomFill#words}), made once per layout
     * buffer by its owner, for the fill's bulk path.
     */
    public void fillLayout(ByteBuffer block, java.nio.LongBuffer words, int len) {
        fill(block.order(ByteOrder.LITTLE_ENDIAN), words, len, len, false);
    }

    /** Memory of a unit buffer as a ByteBuffer (the runner's off-heap region). */
    @FunctionalInterface
    public interface BufferView {
        ByteBuffer at(long address, int length);
    }

    /** fio's init_io_u: every buffer of a writing job is filled once, in unit order. */
    public void fillUnits(List<IoUnit> units) {
        for (IoUnit u : units) {
            fill(unitBuffers[u.index], unitWords[u.index], minWrite, u.bufferCapacity, true);
        }
    }

    /**
     * fio's get_io_u for a write: refill_buffers fills the buffer anew; otherwise a scrambling
     * job stamps the reused buffer with the write's offset and the time {@code nowNanos}.
     */
    public void prepareWrite(IoUnit u, long nowNanos) {
        if (refill) {
            fill(unitBuffers[u.index], unitWords[u.index], minWrite, u.length, false);
        } else if (scramble) {
            scramble(unitBuffers[u.index], u.length, u.offset, nowNanos);
        }
    }

    /** fio's fill_io_buffer: {@code len} bytes at the start of {@code b}. */
    public void fill(ByteBuffer b, long minWriteBs, int len) {
        fill(b, null, minWriteBs, len, false);
    }

    /**
     * {@link #fill(ByteBuffer, long, int)} with {@code words}, a long view of {@code b} (or null);
     * {@code once}: a set-up fill (each buffer once, by a job thread that may still run interpreted code).
     */
    private void fill(ByteBuffer b, java.nio.LongBuffer words, long minWriteBs, int len, boolean once) {
        if (o.compressPercentage() != 0 || o.dedupePercentage() != 0) {
            int perc = o.compressPercentage();
            FioRandom rs = null;
            int pos = 0;
            long min = minWriteBs;
            long left = len;
            do {
                if (rs == null) {
                    rs = bufState();
                }
                min = Math.min(min, left);
                int thisWrite = (int) (o.compressChunk() == 0 ? min : Math.min(min, o.compressChunk()));
                fillPercentage(b, words, pos, rs.nextSeed(), perc, thisWrite);
                pos += thisWrite;
                left -= thisWrite;
                saveBufState(rs);
            } while (left > 0);
        } else if (patternTile != null) {
            b.put(0, patternTile, 0, len);
        } else if (o.zeroBuffers()) {
            b.put(0, zeros(), 0, len);
        } else if (once) {
            fillRandomOnce(b, len, bufState().nextSeed());
        } else {
            fillRandom(b, words, 0, len, bufState().nextSeed());
        }
    }

    private byte[] zeros() {
        byte[] z = zeros;
        if (z == null) {
            z = new byte[zerosLength];
            zeros = z; // a racing first use makes a second array of zeros: the same contents
        }
        return z;
    }

    /** fio's get_buf_state: the generator a buffer's contents come from. */
    private FioRandom bufState() {
        int dp = o.dedupePercentage();
        if (dp == 0) {
            return buf;
        }
        if (dp == 100) {
            prev.copyFrom(buf);
            return buf;
        }
        if (dedupe.between(1, 100) <= dp) {
            if (o.dedupeMode() == BufferOptions.DedupeMode.WORKING_SET) {
                long i = wsIndex.between(0, uniquePages - 1);
                ret.restore(workingSet, (int) i * FioRandom.STATE_LONGS);
            } else {
                ret.copyFrom(prev);
            }
            return ret;
        }
        return buf;
    }

    /** fio's save_buf_state. */
    private void saveBufState(FioRandom rs) {
        if (o.dedupePercentage() == 100) {
            rs.copyFrom(prev);
        } else if (rs == buf) {
            prev.copyFrom(rs);
        }
    }

    /**
     * fio's __fill_random_buf_percentage with segment = len: the first (100-perc)% random from
     * {@code seed}, the rest zeros or buffer_pattern (from the pattern's start).
     */
    private void fillPercentage(ByteBuffer b, java.nio.LongBuffer words, int pos, long seed, int perc, int len) {
        if (perc == 100) {
            fillCompressible(b, pos, len);
            return;
        }
        int segment = len;
        while (len > 0) {
            int thisLen = (int) ((long) segment * (100 - perc) / 100);
            if (thisLen > len) {
                thisLen = len;
            }
            fillRandom(b, words, pos, thisLen, seed);
            len -= thisLen;
            if (len == 0) {
                break;
            }
            pos += thisLen;
            thisLen = segment - thisLen;
            if (thisLen > len) {
                thisLen = len;
            } else if (len - thisLen <= Long.BYTES) {
                thisLen = len;
            }
            fillCompressible(b, pos, thisLen);
            len -= thisLen;
            pos += thisLen;
        }
    }

    private void fillCompressible(ByteBuffer b, int pos, int len) {
        byte[] src = patternTile != null ? patternTile : zeros();
        while (len > 0) {
            int n = Math.min(len, src.length);
            b.put(pos, src, 0, n);
            pos += n;
            len -= n;
        }
    }

    /**
     * fio's __fill_random_buf (4 seed buckets): the words of each group of four come from four
     * streams seeded with seed times 1, 2, 3, 5, each advanced by multiplying with the 64-bit
     * golden ratio; the tail continues the first stream.
     */
    void fillRandom(ByteBuffer b, int pos, int len, long seed) {
        fillRandom(b, null, pos, len, seed);
    }

    private void fillRandom(ByteBuffer b, java.nio.LongBuffer words, int pos, int len, long seed) {
        random.fill(b, words, pos, len, seed);
    }

    /** {@link #fillRandom} from the buffer's start, for a fill done once per buffer: {@link RandomFill#fillOnce}. */
    void fillRandomOnce(ByteBuffer b, int len, long seed) {
        RandomFill.fillOnce(b, len, seed);
    }

    /**
     * fio's small_content_scramble: in each 512-byte block the offset goes into the first word of
     * one of its eight cache lines (chosen by time and offset), the time into the last two words
     * of the first line.
     */
    private static void scramble(ByteBuffer b, int len, long offset, long nowNanos) {
        int blocks = len >>> 9;
        long sec = nowNanos / 1_000_000_000L;
        long nsec = nowNanos % 1_000_000_000L;
        int line = (int) ((nsec ^ offset) & 7) << 6;
        long boffset = offset;
        for (int i = 0, p = 0; i < blocks; i++, p += 512, boffset += 512) {
            b.putLong(p + line, boffset);
            b.putLong(p + 48, sec);
            b.putLong(p + 56, nsec);
        }
    }
}
