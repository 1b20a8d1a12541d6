package io.jfio.runner.verify;

import io.jfio.runner.data.RandomFill;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * fio's {@code --crctest[=type,...]} (crc/test.c): the speed of each checksum over 2048 passes
 * of a 128 KiB random buffer, one {@code name:<tabs>N.NN MiB/sec} line per checksum in fio's
 * table order. The checksums are the ones jfio's verify uses (the JDK's where fio's are
 * bit-identical to them), plus murmur3, Jenkins' hash and FNV, which fio uses for its own
 * hashing and verify does not: those are timed as the published algorithms (MurmurHash3 x86_32,
 * lookup2, FNV-1a over 64-bit words), so their figures compare in kind, not to the cycle.
 */
public final class CrcTest {
    private static final int CHUNK = 128 * 1024;
    private static final int NR_CHUNKS = 2048;
    private static final int SEED = 0x8989;

    private interface Fn {
        long run(ByteBuffer b, int passes);
    }

    private record Type(String name, Fn fn) {
    }

    private static final List<Type> TYPES = List.of(
            new Type("md5", (b, n) -> digest("MD5", b, n)),
            new Type("crc64", (b, n) -> {
                long s = 0;
                for (int i = 0; i < n; i++) {
                    s += Crc.crc64(b, 0, CHUNK);
                }
                return s;
            }),
            new Type("crc32", (b, n) -> {
                long s = 0;
                for (int i = 0; i < n; i++) {
                    s += Crc.crc32(b, 0, CHUNK);
                }
                return s;
            }),
            new Type("crc32c", (b, n) -> {
                long s = 0;
                for (int i = 0; i < n; i++) {
                    CRC32C c = new CRC32C();
                    c.update(b.duplicate().position(0).limit(CHUNK));
                    s += c.getValue();
                }
                return s;
            }),
            new Type("crc16", (b, n) -> {
                long s = 0;
                for (int i = 0; i < n; i++) {
                    s += Crc.crc16(b, 0, CHUNK);
                }
                return s;
            }),
            new Type("crc7", (b, n) -> {
                long s = 0;
                for (int i = 0; i < n; i++) {
                    s += Crc.crc7(b, 0, CHUNK);
                }
                return s;
            }),
            new Type("sha1", (b, n) -> digest("SHA-1", b, n)),
            new Type("sha256", (b, n) -> digest("SHA-256", b, n)),
            new Type("sha512", (b, n) -> digest("SHA-512", b, n)),
            new Type("xxhash", (b, n) -> {
                long s = 0;
                for (int i = 0; i < n; i++) {
                    s += Xxh32.hash(b, 0, CHUNK, SEED);
                }
                return s;
            }),
            new Type("murmur3", (b, n) -> {
                long s = 0;
                for (int i = 0; i < n; i++) {
                    s += murmur3(b, CHUNK, SEED);
                }
                return s;
            }),
            new Type("jhash", (b, n) -> {
                long s = 0;
                for (int i = 0; i < n; i++) {
                    s += lookup2(b, CHUNK, SEED);
                }
                return s;
            }),
            new Type("fnv", (b, n) -> {
                long s = 0;
                for (int i = 0; i < n; i++) {
                    s += fnv(b, CHUNK, SEED);
                }
                return s;
            }),
            new Type("sha3-224", (b, n) -> digest("SHA3-224", b, n)),
            new Type("sha3-256", (b, n) -> digest("SHA3-256", b, n)),
            new Type("sha3-384", (b, n) -> digest("SHA3-384", b, n)),
            new Type("sha3-512", (b, n) -> digest("SHA3-512", b, n)));

    /** Keeps the JIT from dropping a checksum whose result nothing reads. */
    private static volatile long sink;

    private CrcTest() {
    }

    /**
     * Runs the test for {@code type} (null: every checksum; "help" or "list": the names) and
     * returns fio's exit status: 0 after the table, 1 after a list.
     */
    public static int run(String type, PrintStream out, PrintStream err) {
        boolean[] chosen = new boolean[TYPES.size()];
        if (type == null) {
            java.util.Arrays.fill(chosen, true);
        } else if (type.equals("help") || type.equals("list")) {
            return list(out);
        } else {
            boolean any = false;
            for (String name : type.split(",", -1)) {
                for (int i = 0; i < TYPES.size(); i++) {
                    if (TYPES.get(i).name.equals(name)) {
                        chosen[i] = true;
                        any = true;
                    }
                }
            }
            if (!any) {
                err.println("fio: unknown hash `" + type + "`. Available:");
                return list(out);
            }
        }
        ByteBuffer buf = ByteBuffer.allocateDirect(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
        RandomFill.fill(buf, 0, CHUNK, SEED);
        for (int i = 0; i < TYPES.size(); i++) {
            if (!chosen[i]) {
                continue;
            }
            Type t = TYPES.get(i);
            // fio warms the CPU up before the first; a JVM must also compile each checksum
            sink += t.fn.run(buf, NR_CHUNKS / 16);
            long start = System.nanoTime();
            sink += t.fn.run(buf, NR_CHUNKS);
            long usec = (System.nanoTime() - start) / 1000;
            if (usec > 0) {
                double mbSec = (double) CHUNK * NR_CHUNKS / usec / (1.024 * 1.024);
                String pre = t.name.length() >= 7 ? "\t" : "\t\t";
                out.println(t.name + ":" + pre + String.format(Locale.ROOT, "%8.2f", mbSec) + " MiB/sec");
            } else {
                out.println(t.name + ":inf MiB/sec");
            }
        }
        return 0;
    }

    private static int list(PrintStream out) {
        for (Type t : TYPES) {
            out.println(t.name);
        }
        return 1;
    }

    /** An update and a final per pass, as fio's digest tests do. */
    private static long digest(String algorithm, ByteBuffer b, int passes) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " missing from this JDK", e);
        }
        long s = 0;
        for (int i = 0; i < passes; i++) {
            md.update(b.duplicate().position(0).limit(CHUNK));
            s += md.digest()[0];
        }
        return s;
    }

    /** MurmurHash3, x86 32-bit variant. */
    static int murmur3(ByteBuffer b, int len, int seed) {
        int h = seed;
        int i = 0;
        for (; i + 4 <= len; i += 4) {
            int k = b.getInt(i) * 0xcc9e2d51;
            k = Integer.rotateLeft(k, 15) * 0x1b873593;
            h ^= k;
            h = Integer.rotateLeft(h, 13) * 5 + 0xe6546b64;
        }
        int k = 0;
        for (int j = len - i - 1; j >= 0; j--) {
            k = (k << 8) | (b.get(i + j) & 0xff);
        }
        if (len > i) {
            k *= 0xcc9e2d51;
            k = Integer.rotateLeft(k, 15) * 0x1b873593;
            h ^= k;
        }
        h ^= len;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }

    /** Bob Jenkins' lookup2 hash (the kernel's jhash of its day): 12 bytes per mix round. */
    static int lookup2(ByteBuffer b, int len, int initval) {
        int a = 0x9e3779b9;
        int bb = 0x9e3779b9;
        int c = initval;
        int i = 0;
        for (; len - i >= 12; i += 12) {
            a += b.getInt(i);
            bb += b.getInt(i + 4);
            c += b.getInt(i + 8);
            a -= bb; a -= c; a ^= c >>> 13;
            bb -= c; bb -= a; bb ^= a << 8;
            c -= a; c -= bb; c ^= bb >>> 13;
            a -= bb; a -= c; a ^= c >>> 12;
            bb -= c; bb -= a; bb ^= a << 16;
            c -= a; c -= bb; c ^= bb >>> 5;
            a -= bb; a -= c; a ^= c >>> 3;
            bb -= c; bb -= a; bb ^= a << 10;
            c -= a; c -= bb; c ^= bb >>> 15;
        }
        c += len;
        for (int j = 0; i + j < len; j++) {
            int v = b.get(i + j) & 0xff;
            if (j < 4) {
                a += v << (8 * j);
            } else if (j < 8) {
                bb += v << (8 * (j - 4));
            } else {
                c += v << (8 * (j - 7));
            }
        }
        a -= bb; a -= c; a ^= c >>> 13;
        bb -= c; bb -= a; bb ^= a << 8;
        c -= a; c -= bb; c ^= bb >>> 13;
        return c;
    }

    /** FNV-1a, 64-bit, over little-endian 64-bit words (bytes for the tail). */
    static long fnv(ByteBuffer b, int len, long seed) {
        long h = seed;
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            h ^= b.getLong(i);
            h *= 0x100000001b3L;
        }
        for (; i < len; i++) {
            h ^= b.get(i) & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }
}
