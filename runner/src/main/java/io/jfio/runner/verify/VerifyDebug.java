package io.jfio.runner.verify;

import io.jfio.engine.IoUnit;
import io.jfio.jobfile.FioDebug;

/**
 * fio's {@code --debug=verify} lines of a job's writes and read-back (verify.c, backend.c): the
 * random fill and each header's checksum fill of a write, the in-flight log of verify_state_save,
 * do_verify's loop with get_next_verify and each header's check. A unit stands for fio's io_u and
 * prints its buffer address. Checksum types only: fio prints no fill/verify line for meta and the
 * pattern types. The in-flight slot is jfio's, fio's for one I/O in flight.
 */
final class VerifyDebug {
    private VerifyDebug() {
    }

    static boolean on() {
        return FioDebug.on(FioDebug.Type.VERIFY);
    }

    static void line(String s) {
        FioDebug.line(FioDebug.Type.VERIFY, s);
    }

    /** The name fio's dprint gives a checksum type, or null for the types it prints nothing for. */
    private static String name(VerifyType t) {
        return switch (t) {
            case CRC32C, CRC32C_INTEL -> "crc32c";
            case MD5, CRC64, CRC32, CRC16, CRC7, SHA256, SHA512, SHA3_224, SHA3_256, SHA3_384, SHA3_512, XXHASH,
                 SHA1 -> t.option;
            default -> null;
        };
    }

    /** One line per header of the unit: {@code fill crc32c io_u P, len N} or {@code crc32c verify io_u P, len N}. */
    static void headers(boolean fill, VerifyType t, IoUnit u, int inc) {
        String n = name(t);
        if (n == null || inc <= 0) {
            return;
        }
        for (int p = 0; p < u.length; p += inc) {
            line(String.format(fill ? "fill %s io_u 0x%x, len %d" : "%s verify io_u 0x%x, len %d", n,
                    u.bufferAddress, inc));
        }
    }
}
