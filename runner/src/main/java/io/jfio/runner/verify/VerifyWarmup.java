package io.jfio.runner.verify;

import io.jfio.runner.data.RandomFill;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumSet;
import java.util.Set;

/**
 * Runs the verify data path (fio's random fill or the job's verify_pattern, the block header
 * and its crc32c, the type's checksum, and the checks the read-back makes) over a small scratch
 * buffer before the job's clock starts, once per type and JVM, so the JIT has it queued for
 * compilation before the first timed I/O instead of starting on it while the job runs it interpreted (fio's C needs no such
 * step). A short job pays a fixed per-job cost that a long one amortizes: at 64 MiB jfio's job
 * thread spent 2.5-3.5x fio's CPU per GiB moved, at 512 MiB the same as fio. Bounded by work and
 * time. A warm-up block that does not verify is a bug in this package: it fails loudly.
 */
final class VerifyWarmup {
    private static final int ROUNDS = 4000;
    private static final long MAX_NANOS = 150_000_000L;
    private static final Set<VerifyType> DONE = EnumSet.noneOf(VerifyType.class);

    private VerifyWarmup() {
    }

    /** {@code pattern}: the job's verify_pattern (filled and checked instead of random data), or null. */
    static void run(VerifyType type, VerifyHeader layout, int thread, VerifyPattern pattern) {
        synchronized (DONE) {
            if (!DONE.add(type)) {
                return;
            }
        }
        exercise(type, layout, thread, pattern);
    }

    /** One warm-up of {@code type}'s paths, whether or not this JVM has made one (tests call it). */
    static void exercise(VerifyType type, VerifyHeader layout, int thread, VerifyPattern pattern) {
        if (type == VerifyType.NULL) {
            return;
        }
        // the pattern's image covers the job's largest unit only (bs=512 gives 512 + the pattern)
        int len = pattern == null ? 4096 : Math.min(4096, pattern.maxUnit());
        ByteBuffer b = ByteBuffer.allocateDirect(len).order(ByteOrder.LITTLE_ENDIAN);
        java.nio.LongBuffer words = RandomFill.words(b);
        RandomFill random = new RandomFill();
        BlockHeaders headers = new BlockHeaders(type, layout, 0, 0, thread, false, true, true);
        long start = System.nanoTime();
        int bad = 0;
        for (int i = 0; i < ROUNDS && System.nanoTime() - start < MAX_NANOS; i++) {
            long seed = 0x9e3779b97f4a7c15L * (i + 1);
            if (pattern != null) {
                pattern.fill(b, len, (long) i * len);
            } else {
                random.fill(b, words, 0, len, seed);
            }
            if (pattern != null && type != VerifyType.PATTERN) {
                // verify=pattern: no header, the pattern alone (verify=meta, pattern_hdr: below)
                if (!pattern.check(b, 0, 0, len, 0, (long) i * len)) {
                    bad++;
                }
            }
            if (headers.hdrSize > 0) {
                // the write side (populate_verify_io_u) and the read side (verify_io_u) of a block
                headers.populate(b, len, (long) i * len, seed, i, start);
                headers.unswap(b, 0);
                if (headers.checkHeader(b, 0, 0, len, (long) i * len, seed, i) != null
                        || (type.checksumSize > 0 && !headers.checksumMatches(b, 0, len))
                        || (pattern != null && !pattern.check(b, 0, 0, len, headers.hdrSize, (long) i * len))) {
                    bad++;
                }
            }
        }
        if (bad != 0) {
            throw new IllegalStateException(type + ": " + bad + " warm-up blocks did not verify");
        }
    }
}
