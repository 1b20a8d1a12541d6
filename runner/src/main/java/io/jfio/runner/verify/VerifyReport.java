package io.jfio.runner.verify;

import io.jfio.engine.IoUnit;
import io.jfio.runner.data.RandomFill;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How fio reports a block that does not verify (verify.c's log_verify_failure and
 * dump_verify_buffers): its message lines on stderr and, with verify_dump, the
 * {@code .received}/{@code .expected} files. Only the failure path comes here, so it may allocate.
 */
final class VerifyReport {
    private final PrintStream err;
    private final boolean dump;
    private final BlockHeaders headers;
    private final boolean async;

    VerifyReport(PrintStream err, boolean dump, BlockHeaders headers, boolean async) {
        this.err = err;
        this.dump = dump;
        this.headers = headers;
        this.async = async;
    }

    /** The same report over another thread's headers (the expected dump regenerates with them). */
    VerifyReport with(BlockHeaders h) {
        return new VerifyReport(err, dump, h, async);
    }

    /**
     * The io_u flags fio prints: IO_U_F_VER_LIST when the read came from the write log, and
     * IO_U_F_IN_CUR_DEPTH when fio checks it in the completion path; a verify_async thread gets
     * units that left the depth and were marked IO_U_F_NO_FILE_PUT instead.
     */
    private int flags(boolean fromList) {
        return (fromList ? 0x80 : 0) | (async ? 0x04 : 0x08);
    }

    /** A trimmed block that did not read back as zeroes; {@code at}: its first non-zero byte. */
    void trimNotZero(IoUnit u, int at) {
        synchronized (err) { // one failure's lines together, whichever verify thread prints
            err.printf("trim: verify failed at file %s offset %d, length %d, block offset %d%n", u.file.path, u.offset,
                    u.length, at);
            err.flush();
        }
    }

    void badHeader(String what, IoUnit u, ByteBuffer b, int p, int n, int len) {
        synchronized (err) { // one failure's lines together, whichever verify thread prints
            long off = u.offset + (long) n * len;
            err.printf("%s at file %s offset %d, length %d (requested block: offset=%d, length=%d)%n", what,
                    u.file.path, off, len, u.offset, u.length);
            if (dump) {
                dump(u, b, p, len, off, "hdr_fail");
            }
            err.flush();
        }
    }

    void badChecksum(IoUnit u, boolean fromList, ByteBuffer b, int p, int n, int len, long numberio) {
        synchronized (err) { // one failure's lines together, whichever verify thread prints
            VerifyType type = headers.type;
            int size = type.checksumSize;
            long off = u.offset + (long) n * len;
            StringBuilder sb = new StringBuilder();
            sb.append(String.format("%.8s: verify failed at file %s offset %d, length %d (requested block: offset=%d,"
                    + " length=%d, flags=%x)%n", type.reportName(), u.file.path, off, len, u.offset, u.length,
                    flags(fromList)));
            sb.append("       Expected CRC: ").append(hex(headers.expected, size)).append(System.lineSeparator());
            sb.append("       Received CRC: ").append(hex(headers.received, size)).append(System.lineSeparator());
            err.print(sb);
            if (dump) {
                dump(u, b, p, len, off, "received");
                dumpExpected(u, b, p, len, off, numberio);
            }
            err.flush();
        }
    }

    void badPattern(IoUnit u, boolean fromList, VerifyPattern pattern, int n, int inc) {
        synchronized (err) { // one failure's lines together, whichever verify thread prints
            err.printf("fio: got pattern '%02x', wanted '%02x'. Bad bits %d%n", pattern.badGot, pattern.badWant,
                    Integer.bitCount(pattern.badGot ^ pattern.badWant));
            err.printf("fio: bad pattern block offset %d%n", pattern.badAt);
            boolean noHeader = headers.type == VerifyType.PATTERN_NO_HDR;
            long at = noHeader ? u.offset : u.offset + (long) n * inc;
            int l = noHeader ? u.length : inc;
            err.printf("pattern: verify failed at file %s offset %d, length %d (requested block: offset=%d,"
                    + " length=%d, flags=%x)%n", u.file.path, at, l, u.offset, u.length, flags(fromList));
            err.flush();
        }
    }

    private static String hex(byte[] a, int n) {
        StringBuilder sb = new StringBuilder(n * 2);
        for (int i = 0; i < n; i++) {
            sb.append(String.format("%02x", a[i] & 0xff));
        }
        return sb.toString();
    }

    /** fio's dump_buf: {@code <file basename>.<offset>.<kind>} in the working directory. */
    private void dump(IoUnit u, ByteBuffer b, int p, int len, long off, String kind) {
        byte[] data = new byte[len];
        b.get(p, data, 0, len);
        writeDump(u, data, off, kind);
    }

    private void writeDump(IoUnit u, byte[] data, long off, String kind) {
        String name = AuxPath.resolve(Path.of(Path.of(u.file.path).getFileName() + "." + off + "." + kind)).toString();
        try {
            Files.write(Path.of(name), data);
            err.printf("       %s data dumped as %s%n", kind, name);
        } catch (IOException e) {
            err.println("open verify buf file: " + e.getMessage());
        }
    }

    /** The block as it was written: regenerated from the seed in the header it carries. */
    private void dumpExpected(IoUnit u, ByteBuffer b, int p, int len, long off, long numberio) {
        long seed = VerifyHeader.seed(b, p);
        ByteBuffer g = ByteBuffer.allocate(u.length).order(ByteOrder.LITTLE_ENDIAN);
        RandomFill.fill(g, 0, u.length, seed);
        headers.populate(g, u.length, u.offset, seed, numberio, 0);
        byte[] data = new byte[len];
        g.get(p, data, 0, len);
        writeDump(u, data, off, "expected");
    }
}
