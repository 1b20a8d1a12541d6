package io.jfio.runner.verify;

/**
 * fio's verify types with the number fio writes into the block header (verify.h's enum) and the
 * size of the checksum area that follows the 48-byte header (verify.h's vhdr_* structs).
 */
public enum VerifyType {
    NONE(0, "0", 0, false),
    META(1, "meta", 0, true),
    MD5(2, "md5", 16, true),
    CRC64(3, "crc64", 8, true),
    CRC32(4, "crc32", 4, true),
    CRC32C(5, "crc32c", 4, true),
    CRC32C_INTEL(6, "crc32c-intel", 4, true),
    CRC16(7, "crc16", 2, true),
    CRC7(8, "crc7", 1, true),
    SHA256(9, "sha256", 64, true),
    SHA512(10, "sha512", 128, true),
    SHA3_224(11, "sha3-224", 28, true),
    SHA3_256(12, "sha3-256", 32, true),
    SHA3_384(13, "sha3-384", 48, true),
    SHA3_512(14, "sha3-512", 64, true),
    XXHASH(15, "xxhash", 4, true),
    SHA1(16, "sha1", 20, true),
    /** verify=pattern_hdr: a header, then the pattern. */
    PATTERN(17, "pattern_hdr", 0, true),
    /** verify=pattern: the pattern alone, no header. */
    PATTERN_NO_HDR(18, "pattern", 0, false),
    NULL(19, "null", 0, false);

    /** The number in the header's verify_type byte. */
    public final int code;
    /** The option value that selects it. */
    public final String option;
    /** Bytes of the checksum area after the header. */
    public final int checksumSize;
    private final boolean header;

    VerifyType(int code, String option, int checksumSize, boolean header) {
        this.code = code;
        this.option = option;
        this.checksumSize = checksumSize;
        this.header = header;
    }

    /** The name fio prints in its failure line: crc32c-intel is checked as crc32c. */
    public String reportName() {
        return this == CRC32C_INTEL ? "crc32c" : option;
    }

    /** fio's __hdr_size: header plus checksum area, 0 for the types without a header. */
    int headerSize(VerifyHeader layout) {
        return header ? layout.size + checksumSize : 0;
    }

    public static VerifyType of(String option) {
        if (option == null || option.equals("0") || option.equals("none")) {
            return NONE;
        }
        for (VerifyType t : values()) {
            if (t.option.equals(option)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown verify type: " + option);
    }

    public static VerifyType ofCode(int code) {
        for (VerifyType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return null;
    }
}
