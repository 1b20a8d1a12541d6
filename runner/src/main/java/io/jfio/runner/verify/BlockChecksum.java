package io.jfio.runner.verify;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.zip.CRC32C;

/**
 * Computes the checksum area fio stores after each verify header, byte for byte as fio lays it
 * out. The JDK does md5, sha1, sha512's digest and sha3 (MessageDigest) and crc32c (the CRC32C
 * intrinsic); fio's crc64/crc32/crc16/crc7 variants, XXH32 and fio's sha256 have no JDK
 * equivalent and are computed here. One instance per job thread; it keeps its digests and
 * scratch arrays, so a computation allocates nothing.
 */
final class BlockChecksum {
    private final VerifyType type;
    private final CRC32C crc32c = new CRC32C();
    private final MessageDigest digest;
    private final FioSha256 sha256;
    private final byte[] scratch = new byte[128];

    BlockChecksum(VerifyType type) {
        this.type = type;
        this.digest = switch (type) {
            case MD5 -> md("MD5");
            case SHA1 -> md("SHA-1");
            case SHA512 -> md("SHA-512");
            case SHA3_224 -> md("SHA3-224");
            case SHA3_256 -> md("SHA3-256");
            case SHA3_384 -> md("SHA3-384");
            case SHA3_512 -> md("SHA3-512");
            default -> null;
        };
        this.sha256 = type == VerifyType.SHA256 ? new FioSha256() : null;
    }

    private static MessageDigest md(String name) {
        try {
            return MessageDigest.getInstance(name);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(name + " is missing from this JDK", e);
        }
    }

    CRC32C crc32c() {
        return crc32c;
    }

    /**
     * The checksum area for {@code len} data bytes at {@code off} of the little-endian buffer
     * {@code b}, into {@code out[0..type.checksumSize)}.
     */
    void compute(ByteBuffer b, int off, int len, byte[] out) {
        switch (type) {
            case CRC32C, CRC32C_INTEL -> putInt(out, VerifyHeader.fioCrc32c(crc32c, b, off, len));
            case CRC32 -> putInt(out, Crc.crc32(b, off, len));
            case CRC64 -> {
                long c = Crc.crc64(b, off, len);
                putInt(out, (int) c);
                out[4] = (byte) (c >>> 32);
                out[5] = (byte) (c >>> 40);
                out[6] = (byte) (c >>> 48);
                out[7] = (byte) (c >>> 56);
            }
            case CRC16 -> {
                int c = Crc.crc16(b, off, len);
                out[0] = (byte) c;
                out[1] = (byte) (c >>> 8);
            }
            case CRC7 -> out[0] = (byte) Crc.crc7(b, off, len);
            case XXHASH -> putInt(out, Xxh32.hash(b, off, len, 1));
            case SHA256 -> sha256.compute(b, off, len, out);
            case MD5, SHA3_224, SHA3_256, SHA3_384, SHA3_512 -> digestInto(b, off, len, out);
            case SHA1 -> {
                // fio keeps SHA-1's five state words in machine order: each word byte-swapped
                digestInto(b, off, len, scratch);
                for (int i = 0; i < 20; i += 4) {
                    out[i] = scratch[i + 3];
                    out[i + 1] = scratch[i + 2];
                    out[i + 2] = scratch[i + 1];
                    out[i + 3] = scratch[i];
                }
            }
            case SHA512 -> {
                digestInto(b, off, len, out);
                sha512Tail(b, off, len, out);
            }
            default -> {
                // meta, pattern, null: no checksum area
            }
        }
    }

    private void digestInto(ByteBuffer b, int off, int len, byte[] out) {
        int pos = b.position();
        int lim = b.limit();
        b.limit(off + len).position(off);
        digest.update(b);
        b.limit(lim).position(pos);
        try {
            digest.digest(out, 0, digest.getDigestLength());
        } catch (java.security.DigestException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * fio's sha512 area is 128 bytes: the 64-byte digest over the first half of the 128-byte
     * block buffer its hash worked in, whose second half keeps the last padded block: the data's
     * tail, 0x80, zeros and the 128-bit big-endian length in bits.
     */
    private void sha512Tail(ByteBuffer b, int off, int len, byte[] out) {
        byte[] last = scratch;
        java.util.Arrays.fill(last, (byte) 0);
        int r = len & 127;
        if (r < 112) {
            b.get(off + len - r, last, 0, r);
            last[r] = (byte) 0x80;
        }
        long bits = (long) len << 3;
        for (int i = 0; i < 8; i++) {
            last[127 - i] = (byte) (bits >>> (8 * i));
        }
        System.arraycopy(last, 64, out, 64, 64);
    }

    private static void putInt(byte[] out, int v) {
        out[0] = (byte) v;
        out[1] = (byte) (v >>> 8);
        out[2] = (byte) (v >>> 16);
        out[3] = (byte) (v >>> 24);
    }
}
