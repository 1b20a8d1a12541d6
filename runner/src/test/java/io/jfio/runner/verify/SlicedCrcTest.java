package io.jfio.runner.verify;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * fio's crc64/crc32/crc16/crc7, taken eight bytes per step, against the same CRCs computed a bit
 * at a time from their polynomials as fio's crc/ sources define them (reflected crc64 and crc16,
 * MSB-first crc32 and crc7, init 0, no final xor), for every length up to 80 and block sizes, from
 * unaligned starts, in both buffer byte orders. (VerifyCrossToolIT checks them against fio.)
 */
class SlicedCrcTest {
    private static long crc64Bits(byte[] d, int off, int len) {
        long c = 0;
        for (int i = off; i < off + len; i++) {
            c ^= d[i] & 0xff;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ 0x95AC9329AC4BC9B5L : c >>> 1;
            }
        }
        return c;
    }

    private static int crc32Bits(byte[] d, int off, int len) {
        int c = 0;
        for (int i = off; i < off + len; i++) {
            c ^= (d[i] & 0xff) << 24;
            for (int k = 0; k < 8; k++) {
                c = (c & 0x80000000) != 0 ? (c << 1) ^ 0x04C11DB7 : c << 1;
            }
        }
        return c;
    }

    private static int crc16Bits(byte[] d, int off, int len) {
        int c = 0;
        for (int i = off; i < off + len; i++) {
            c ^= d[i] & 0xff;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ 0xA001 : c >>> 1;
            }
        }
        return c;
    }

    /** fio's crc7 (polynomial x^7 + x^3 + 1, as the SD card CRC7): MSB-first over a 7-bit register. */
    private static int crc7Bits(byte[] d, int off, int len) {
        int c = 0;
        for (int i = off; i < off + len; i++) {
            for (int k = 7; k >= 0; k--) {
                int bit = ((d[i] >>> k) & 1) ^ ((c >>> 6) & 1);
                c = (c << 1) & 0x7f;
                if (bit != 0) {
                    c ^= 0x09;
                }
            }
        }
        return c;
    }

    @Test
    void slicedCrcsAreTheBitwiseOnes() {
        Random r = new Random(7);
        byte[] d = new byte[65536 + 16];
        r.nextBytes(d);
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            ByteBuffer b = ByteBuffer.allocateDirect(d.length).order(order);
            b.put(0, d);
            int[] lens = new int[80 + 4];
            for (int i = 0; i < 80; i++) {
                lens[i] = i;
            }
            lens[80] = 512;
            lens[81] = 4096 - 52;
            lens[82] = 4096;
            lens[83] = 65536;
            for (int len : lens) {
                for (int off : new int[] {0, 1, 3, 8, 13}) {
                    String at = order + " len " + len + " off " + off;
                    assertEquals(crc64Bits(d, off, len), Crc.crc64(b, off, len), "crc64 " + at);
                    assertEquals(crc32Bits(d, off, len), Crc.crc32(b, off, len), "crc32 " + at);
                    assertEquals(crc16Bits(d, off, len), Crc.crc16(b, off, len), "crc16 " + at);
                    assertEquals(crc7Bits(d, off, len), Crc.crc7(b, off, len), "crc7 " + at);
                }
            }
        }
    }

    /** The catalogued check values ("123456789") of the two that are standard CRCs: CRC-16/ARC and CRC-7/MMC. */
    @Test
    void checkValues() {
        byte[] s = "123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.allocateDirect(s.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, s);
        assertEquals(0xbb3d, Crc.crc16(b, 0, 9));
        assertEquals(0x75, Crc.crc7(b, 0, 9));
    }
}
