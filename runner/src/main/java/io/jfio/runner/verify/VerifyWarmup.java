package io.jfio.runner.verify;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumSet;
import java.util.Set;

/**
 * Runs the verify data path (fio's random fill, the block header and its crc32c, the type's
 * checksum) over a small scratch buffer before the job's clock starts, once per type and JVM, so
 * the JIT has it queued for compilation before the first timed I/O instead of starting on it
 * while the job runs it interpreted (fio's C needs no such step). A short job pays a fixed
 * per-job cost that a long one amortizes: at 64 MiB jfio's job thread spent 2.5-3.5x fio's CPU
 * per GiB moved, at 512 MiB the same as fio. Bounded by work and time.
 */
final class VerifyWarmup {
    private static final int ROUNDS = 4000;
    private static final long MAX_NANOS = 150_000_000L;
    private static final Set<VerifyType> DONE = EnumSet.noneOf(VerifyType.class);

    private VerifyWarmup() {
    }

    static void run(VerifyType type, VerifyHeader layout, int thread) {
        synchronized (DONE) {
            if (!DONE.add(type)) {
                return;
            }
        }
        if (type == VerifyType.NULL) {
            return;
        }
        int len = 4096;
        ByteBuffer b = ByteBuffer.allocateDirect(len).order(ByteOrder.LITTLE_ENDIAN);
        BlockChecksum sum = new BlockChecksum(type);
        byte[] out = new byte[128];
        int hdr = type.headerSize(layout);
        long start = System.nanoTime();
        for (int i = 0; i < ROUNDS && System.nanoTime() - start < MAX_NANOS; i++) {
            Verifier.fillRandom(b, 0, len, 0x9e3779b97f4a7c15L * (i + 1));
            if (hdr > 0) {
                layout.write(b, 0, type, len, i, i, start, i, thread, sum.crc32c());
                if (type.checksumSize > 0) {
                    sum.compute(b, hdr, len - hdr, out);
                }
                VerifyHeader.fioCrc32c(sum.crc32c(), b, 0, layout.crcOffset);
            }
        }
    }
}
