package io.jfio.runner.verify;

import io.jfio.runner.data.RandomFill;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fio's sha256 through the JDK's compression function gives the same 64-byte area as our own
 * rounds, for every length class of fio's padding (the tail below and from 56 bytes, whole
 * blocks) and at unaligned offsets. fio's own bytes are checked by VerifyCrossToolIT.
 */
class FioSha256Test {
    @Test
    void jdkPathIsReachedUnderTheLaunchersOpens() {
        // surefire passes the --add-opens bin/jfio passes: the fast path must be the one used
        assertTrue(new FioSha256().intrinsic(), "the JDK's SHA-256 engine was not reachable");
        assertTrue(!new FioSha256(false).intrinsic());
    }

    @Test
    void jdkPathMatchesOwnRounds() {
        ByteBuffer b = ByteBuffer.allocateDirect(70_000).order(ByteOrder.LITTLE_ENDIAN);
        RandomFill.fill(b, 0, b.capacity(), 0x1234_5678_9abcL);
        FioSha256 jdk = new FioSha256();
        FioSha256 own = new FioSha256(false);
        byte[] a = new byte[64];
        byte[] c = new byte[64];
        Random r = new Random(7);
        for (int i = 0; i < 400; i++) {
            int len = i < 200 ? i : r.nextInt(65_536 + 1);
            int off = r.nextInt(64);
            jdk.compute(b, off, len, a);
            own.compute(b, off, len, c);
            assertArrayEquals(c, a, "len " + len + " off " + off);
        }
        // a longer block after a shorter one reuses the grown copy without stale bytes
        jdk.compute(b, 0, 4096, a);
        own.compute(b, 0, 4096, c);
        assertArrayEquals(c, a);
    }
}
