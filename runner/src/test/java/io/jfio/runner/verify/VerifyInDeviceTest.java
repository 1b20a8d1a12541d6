package io.jfio.runner.verify;

import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.options.VerifyOptions;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The verifier's side of io_uring_cmd's verify_mode=compare (fio's IO_U_F_VER_IN_DEV): a read of
 * a logged write is filled with the data fio's populate_verify_io_u puts there (for a pattern,
 * exactly what the write left), marked for the device to compare, and not checked again here;
 * with the engine reading (verify_mode=read) the same garbage fails the check. The device's side
 * (the Compare command and its miscompare status) is checked against fio in .ci/labs/uring-cmd.sh.
 */
class VerifyInDeviceTest {
    private static final int BS = 4096;

    private static Verifier verifier(String verify, IoBuffers buffers, IoFile f) {
        VerifyOptions vo = VerifyOptions.from(Jobs.parse("[t]\nrw=write\nbs=4k\nsize=64k\n" + verify).get(0));
        Verifier.Job job = new Verifier.Job(true, true, false, false, true, 1, 1, false, 16, false);
        return new Verifier(vo, job, buffers, List.of(f), new CountingSeeds(1), new PrintStream(new ByteArrayOutputStream(), true));
    }

    private static ByteBuffer view(IoBuffers b, IoUnit u) {
        return b.region().byteBuffer(u.bufferAddress - b.address(), u.bufferCapacity);
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] a = new byte[BS];
        b.get(0, a);
        return a;
    }

    private static void garble(ByteBuffer b) {
        for (int i = 0; i < BS; i++) {
            b.put(i, (byte) (i * 31 + 7));
        }
    }

    /** Writes one block at {@code off} through {@code w} and returns what it wrote. */
    private static byte[] write(Verifier v, IoBuffers buffers, IoUnit w, IoFile f, long off) {
        w.ddir = IoDirection.WRITE;
        w.file = f;
        w.offset = off;
        w.length = BS;
        v.prepareWrite(w, 1_000_000_000L, true);
        assertFalse(w.verifyInDevice, "a write is never a compare");
        assertEquals(0, v.completed(w, true, false));
        return bytes(view(buffers, w));
    }

    @Test
    void aComparedReadCarriesTheWrittenPatternAndIsNotCheckedAgain() {
        IoFile f = new IoFile("/dev/w5cmp-test", 0);
        try (IoBuffers buffers = IoBuffers.allocate(1, BS, BS)) {
            IoUnit u = buffers.unit(0);
            Verifier v = verifier("verify=pattern\nverify_pattern=0x5a%o\n", buffers, f);
            v.checkInDevice(true);
            byte[] first = write(v, buffers, u, f, 0);
            byte[] second = write(v, buffers, u, f, BS);
            v.endOfIo();
            v.startReadBack();
            ByteBuffer b = view(buffers, u);
            garble(b);
            assertTrue(v.nextRead(u));
            assertEquals(IoDirection.READ, u.ddir);
            assertTrue(u.verifyInDevice);
            assertArrayEquals(first, bytes(b), "the buffer holds what the write at offset 0 left");
            garble(b); // whatever the buffer holds after the compare, the verifier leaves it to the device
            assertEquals(0, v.completed(u, true, false));
            assertTrue(v.nextRead(u));
            assertEquals(BS, u.offset);
            assertArrayEquals(second, bytes(b), "%o: the offset of this block, not the first");
            assertEquals(0, v.completed(u, true, false));
            assertEquals(0, v.failures());
            assertFalse(v.nextRead(u));
            // the unit reused for a write leaves the mark behind
            write(v, buffers, u, f, 0);
        }
    }

    @Test
    void withTheEngineReadingTheSameGarbageFails() {
        IoFile f = new IoFile("/dev/w5cmp-test", 0);
        try (IoBuffers buffers = IoBuffers.allocate(1, BS, BS)) {
            IoUnit u = buffers.unit(0);
            Verifier v = verifier("verify=pattern\nverify_pattern=0x5a\n", buffers, f);
            write(v, buffers, u, f, 0);
            v.endOfIo();
            v.startReadBack();
            assertTrue(v.nextRead(u));
            assertFalse(u.verifyInDevice);
            garble(view(buffers, u));
            assertEquals(Verifier.EILSEQ, v.completed(u, true, false));
            assertEquals(1, v.failures());
        }
    }

    /**
     * fio's populate_verify_io_u draws a fresh seed for random data and stamps the headers with
     * the read's time: a header verify never matches what the write left, so fio's Compare of
     * verify=crc32c data fails; jfio fills the same way.
     */
    @Test
    void randomDataIsFilledAsFioFillsItNotAsTheWriteDid() {
        IoFile f = new IoFile("/dev/w5cmp-test", 0);
        try (IoBuffers buffers = IoBuffers.allocate(1, BS, BS)) {
            IoUnit u = buffers.unit(0);
            Verifier v = verifier("verify=crc32c\n", buffers, f);
            v.checkInDevice(true);
            byte[] written = write(v, buffers, u, f, 0);
            v.endOfIo();
            v.startReadBack();
            assertTrue(v.nextRead(u));
            assertTrue(u.verifyInDevice);
            assertNotEquals(java.util.Arrays.toString(written), java.util.Arrays.toString(bytes(view(buffers, u))));
            assertEquals(0, v.completed(u, true, false));
        }
    }
}
