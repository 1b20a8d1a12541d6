package io.jfio.runner.log;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * fio's --inflate-log=FILE: a log_store_compressed (.fz) file is a run of zlib streams of binary
 * samples; each is inflated and its samples printed as the text log lines fio would have written.
 */
public final class InflateLog {
    private InflateLog() {
    }

    /** Prints the text log on {@code out}; 0, or 1 after a message on {@code err}. */
    public static int run(String file, OutputStream out, PrintStream err) {
        byte[] in;
        try {
            in = Files.readAllBytes(Path.of(file));
        } catch (IOException e) {
            err.println("fopen: " + e.getMessage());
            return 1;
        }
        java.io.ByteArrayOutputStream raw = new java.io.ByteArrayOutputStream();
        int pos = 0;
        byte[] buf = new byte[1 << 16];
        while (pos < in.length) {
            Inflater inf = new Inflater();
            inf.setInput(in, pos, in.length - pos);
            try {
                while (!inf.finished()) {
                    int n = inf.inflate(buf);
                    if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
                        break;
                    }
                    raw.write(buf, 0, n);
                }
            } catch (DataFormatException e) {
                err.println("fio: failed inflating log: " + e.getMessage());
                return 1;
            }
            if (!inf.finished()) {
                err.println("fio: failed inflating log: truncated stream");
                return 1;
            }
            pos = in.length - inf.getRemaining();
            inf.end();
        }
        ByteBuffer b = ByteBuffer.wrap(raw.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        if (b.remaining() < 40) {
            return 0;
        }
        SampleColumns cols = SampleColumns.ofBits(b.getInt(24));
        int size = cols.binarySize();
        LineBuffer lines = new LineBuffer(out);
        long[] row = new long[Sample.WIDTH];
        try {
            for (int p = 0; p + size <= b.limit(); p += size) {
                row[Sample.TIME] = b.getLong(p);
                row[Sample.VAL0] = b.getLong(p + 8);
                row[Sample.VAL1] = b.getLong(p + 16);
                row[Sample.DDIR] = b.getInt(p + 24) & ~SampleColumns.ALL_BITS;
                row[Sample.PRIO] = b.getShort(p + 28) & 0xffff;
                row[Sample.BS] = b.getLong(p + 32);
                int aux = p + 40;
                if (cols.offset()) {
                    row[Sample.OFFSET] = b.getLong(aux);
                    aux += 8;
                }
                if (cols.issueTime()) {
                    row[Sample.ISSUE] = b.getLong(aux);
                }
                TextSampleSink.writeRow(lines, cols, row, 0);
            }
            lines.flush();
            out.flush();
        } catch (IOException e) {
            err.println("fio: " + e.getMessage());
            return 1;
        }
        return 0;
    }
}
