package io.jfio.netproto;

/** CRC-16 with polynomial 0x8005, reflected, initial value 0 (what fio's crc16.c computes). */
final class Crc16 {
    private static final int[] TABLE = new int[256];

    static {
        for (int i = 0; i < 256; i++) {
            int c = i;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ 0xA001 : c >>> 1;
            }
            TABLE[i] = c;
        }
    }

    private Crc16() {
    }

    static int of(byte[] b, int off, int len) {
        int crc = 0;
        for (int i = off; i < off + len; i++) {
            crc = (crc >>> 8) ^ TABLE[(crc ^ b[i]) & 0xff];
        }
        return crc & 0xffff;
    }
}
