package io.jfio.jobfile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A data pattern as fio parses buffer_pattern and verify_pattern (fio's lib/pattern.c): the
 * pattern's bytes and, for verify_pattern, where each {@code %o} (the block's offset, 8 bytes,
 * pasted per I/O) sits in them. The parse runs once, at option-parse time, and its failures are
 * the option's parse errors.
 *
 * <p>The input is a concatenation, without separators, of:
 * <ul>
 * <li>{@code 0x}/{@code 0X} and hex digits: the bytes as written, most significant first; an odd
 *     number of digits makes the first digit a byte of its own ({@code 0xFFF} = 0f ff); a
 *     {@code 0} right before the next {@code 0x} belongs to that one ({@code 0xFF0X1} = ff 01);</li>
 * <li>a decimal number in [INT_MIN, INT_MAX]: its 32-bit value little endian, without its high
 *     zero bytes ({@code 256} = 00 01, {@code -1024} = 00 fc ff ff, {@code 0} = 00); leading
 *     blanks are skipped, so {@code 1 2} = 01 02;</li>
 * <li>{@code "text"}: the bytes of the text (no escapes);</li>
 * <li>{@code 'path'}: the contents of that file (read now);</li>
 * <li>{@code %o} (verify_pattern only): 8 bytes that receive the block's offset.</li>
 * </ul>
 * Immutable; {@link #bytes()} and {@link #offsetPositions()} return copies.
 */
public final class Pattern {
    /** fio's MAX_PATTERN_SIZE. */
    public static final int MAX_SIZE = 128 << 20;
    /** How many formats (%o) fio keeps for a verify_pattern (its verify_fmt array). */
    public static final int MAX_FORMATS = 8;
    /** Bytes one %o takes (the size of an io_u's offset). */
    public static final int OFFSET_LENGTH = 8;

    private final String text;
    private final byte[] bytes;
    private final int[] offsetPositions;

    private Pattern(String text, byte[] bytes, int[] offsetPositions) {
        this.text = text;
        this.bytes = bytes;
        this.offsetPositions = offsetPositions;
    }

    /**
     * Parses a buffer_pattern. fio's buffer_pattern takes no formats: a {@code %o} is an error.
     *
     * @throws IllegalArgumentException with the reason when fio rejects the input
     */
    public static Pattern parse(String text) {
        return parse(text, false);
    }

    /**
     * Parses a verify_pattern: as {@link #parse} and also {@code %o} (at most {@link #MAX_FORMATS}).
     *
     * @throws IllegalArgumentException with the reason when fio rejects the input
     */
    public static Pattern parseWithOffsets(String text) {
        return parse(text, true);
    }

    private static Pattern parse(String text, boolean formats) {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException("empty pattern");
        }
        byte[] in = text.getBytes(StandardCharsets.UTF_8);
        Out out = new Out();
        int[] fmts = new int[MAX_FORMATS];
        int nfmt = 0;
        int p = 0;
        while (p < in.length) {
            int start = out.size;
            switch (in[p]) {
                case '\'' -> p = file(in, p, out);
                case '"' -> p = string(in, p, out);
                case '%' -> {
                    if (!formats) {
                        throw new IllegalArgumentException("formats such as %o are not allowed in this pattern");
                    }
                    if (!startsWith(in, p, "%o")) {
                        throw new IllegalArgumentException("unknown format at '" + rest(in, p) + "' (only %o)");
                    }
                    if (nfmt == MAX_FORMATS) {
                        throw new IllegalArgumentException("more than " + MAX_FORMATS + " formats");
                    }
                    fmts[nfmt++] = out.size;
                    out.zeros(OFFSET_LENGTH);
                    p += 2;
                }
                default -> p = number(in, p, out);
            }
            if (out.size == start) {
                // fio asserts here (and aborts): an element that contributes no byte
                throw new IllegalArgumentException("empty element at '" + rest(in, start == 0 ? 0 : p) + "'");
            }
        }
        return new Pattern(text, out.toArray(), Arrays.copyOf(fmts, nfmt));
    }

    private static int file(byte[] in, int p, Out out) {
        int end = indexOf(in, p + 1, (byte) '\'');
        if (end < 0) {
            throw new IllegalArgumentException("missing closing ' after file name");
        }
        String name = new String(in, p + 1, end - p - 1, StandardCharsets.UTF_8);
        try (InputStream s = Files.newInputStream(Path.of(name))) {
            out.add(s.readNBytes(MAX_SIZE - out.size));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read pattern file '" + name + "': " + e.getMessage());
        }
        return end + 1;
    }

    private static int string(byte[] in, int p, Out out) {
        int end = indexOf(in, p + 1, (byte) '"');
        if (end < 0) {
            throw new IllegalArgumentException("missing closing \" in string");
        }
        out.add(Arrays.copyOfRange(in, p + 1, end));
        return end + 1;
    }

    private static int number(byte[] in, int p, Out out) {
        int hexDigits = 0;
        if (in[p] == '0' && p + 1 < in.length && (in[p + 1] == 'x' || in[p + 1] == 'X')) {
            while (p + 2 + hexDigits < in.length && Character.digit(in[p + 2 + hexDigits], 16) >= 0) {
                hexDigits++;
            }
        }
        return hexDigits > 0 ? hex(in, p + 2, hexDigits, out) : decimal(in, p, out);
    }

    private static int hex(byte[] in, int beg, int num, Out out) {
        int after = beg + num;
        // "0xff0x14": the 0 before the next 0x starts that number
        if (after < in.length && (in[after] == 'x' || in[after] == 'X') && in[after - 1] == '0') {
            num--;
        }
        int q = beg;
        if ((num & 1) != 0) {
            out.add((byte) Character.digit(in[q++], 16));
            num--;
        }
        for (; num > 0; num -= 2, q += 2) {
            out.add((byte) (Character.digit(in[q], 16) << 4 | Character.digit(in[q + 1], 16)));
        }
        return q;
    }

    private static int decimal(byte[] in, int p, Out out) {
        // fio reads the number up to the next "0x" anywhere ahead (of at most 23 characters), else to its end
        int limit = in.length;
        int ox = indexOfIgnoreCase0x(in, p);
        if (ox > p) {
            int q = p;
            while (q < ox && in[q] == ' ') {
                q++;
            }
            if (ox - q >= 24) {
                throw new IllegalArgumentException("not a number at '" + rest(in, p) + "'");
            }
            limit = ox;
        }
        int q = p;
        while (q < limit && isCSpace(in[q])) {
            q++;
        }
        boolean negative = false;
        if (q < limit && (in[q] == '+' || in[q] == '-')) {
            negative = in[q] == '-';
            q++;
        }
        int digits = q;
        long v = 0;
        while (q < limit && in[q] >= '0' && in[q] <= '9') {
            if (v <= Integer.MAX_VALUE + 1L) {
                v = v * 10 + (in[q] - '0');
            }
            q++;
        }
        if (q == digits) {
            throw new IllegalArgumentException("not a number at '" + rest(in, p) + "'");
        }
        long lval = negative ? -v : v;
        if (lval > Integer.MAX_VALUE || lval < Integer.MIN_VALUE) {
            throw new IllegalArgumentException("number out of range [INT_MIN, INT_MAX] at '" + rest(in, p) + "'");
        }
        if (lval == 0) {
            out.add((byte) 0);
        } else {
            for (long u = lval & 0xFFFF_FFFFL; u != 0; u >>>= 8) {
                out.add((byte) u);
            }
        }
        return q;
    }

    private static boolean isCSpace(byte b) {
        return b == ' ' || (b >= '\t' && b <= '\r');
    }

    private static int indexOfIgnoreCase0x(byte[] in, int from) {
        for (int i = from; i + 1 < in.length; i++) {
            if (in[i] == '0' && (in[i + 1] == 'x' || in[i + 1] == 'X')) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOf(byte[] in, int from, byte b) {
        for (int i = from; i < in.length; i++) {
            if (in[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static boolean startsWith(byte[] in, int p, String s) {
        if (p + s.length() > in.length) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (in[p + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static String rest(byte[] in, int p) {
        return new String(in, p, in.length - p, StandardCharsets.UTF_8);
    }

    /** The option value as written. */
    public String text() {
        return text;
    }

    /** Number of bytes (fio's buffer_pattern_bytes / verify_pattern_bytes); at least 1. */
    public int length() {
        return bytes.length;
    }

    /** The pattern's bytes, with zeros where a %o goes. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** Positions in {@link #bytes()} of each %o, in order; each takes {@link #OFFSET_LENGTH} bytes. */
    public int[] offsetPositions() {
        return offsetPositions.clone();
    }

    public boolean hasOffsets() {
        return offsetPositions.length > 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pattern other && Arrays.equals(bytes, other.bytes)
                && Arrays.equals(offsetPositions, other.offsetPositions);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(bytes) + Arrays.hashCode(offsetPositions);
    }

    @Override
    public String toString() {
        return "Pattern[" + text + ", " + bytes.length + " bytes, %o at " + Arrays.toString(offsetPositions) + "]";
    }

    /** A growing byte array (the parse is once per option). */
    private static final class Out {
        byte[] a = new byte[16];
        int size;

        void add(byte b) {
            ensure(1);
            a[size++] = b;
        }

        void add(byte[] b) {
            ensure(b.length);
            System.arraycopy(b, 0, a, size, b.length);
            size += b.length;
        }

        void zeros(int n) {
            ensure(n);
            size += n;
        }

        private void ensure(int n) {
            if ((long) size + n > MAX_SIZE) {
                throw new IllegalArgumentException("pattern longer than " + MAX_SIZE + " bytes");
            }
            if (size + n > a.length) {
                a = Arrays.copyOf(a, Math.max(size + n, a.length * 2));
            }
        }

        byte[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }
}
