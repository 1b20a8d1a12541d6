package io.jfio.runner.log;

import io.jfio.jobfile.FioDebug;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.Deflater;

/**
 * log_store_compressed: each drained chunk becomes one zlib stream of fio's binary samples (struct
 * io_sample, little-endian x86-64 layout), as fio's gz_work stores them in a .fz file; the streams
 * follow each other and {@code --inflate-log} reads them back. With {@code --debug=compress} each
 * stream prints fio's lines for it (iolog.c's gz_work and inflate_gz_chunks): {@code deflate input
 * size=N, seq=S, log=NAME}, {@code seq=S, chunk=C} per 128 KiB chunk of output (fio's GZ_CHUNK)
 * and the last, {@code deflated to size=T}, and {@code log write chunk size=C, seq=S} per chunk
 * written.
 */
final class BinarySampleSink implements LogSink {
    private final OutputStream out;
    private final SampleColumns cols;
    private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
    private final byte[] zbuf = new byte[1 << 16];
    private ByteBuffer raw = ByteBuffer.allocate(0);

    /** fio's GZ_CHUNK: the size of the buffers its deflate output goes into. */
    private static final int GZ_CHUNK = 131072;
    private final String name;
    /** fio's chunk_seq: the streams of this log so far. */
    private int seq;

    BinarySampleSink(OutputStream out, SampleColumns cols, String name) {
        this.out = out;
        this.cols = cols;
        this.name = name;
    }

    @Override
    public void write(long[] a, int count, int width) throws IOException {
        int size = cols.binarySize();
        if (raw.capacity() < count * size) {
            raw = ByteBuffer.allocate(count * size).order(ByteOrder.LITTLE_ENDIAN);
        }
        raw.clear();
        int bits = cols.ddirBits();
        for (int r = 0; r < count; r++) {
            int i = r * width;
            int start = raw.position();
            raw.putLong(a[i + Sample.TIME]);
            raw.putLong(a[i + Sample.VAL0]);
            raw.putLong(a[i + Sample.VAL1]);
            raw.putInt((int) a[i + Sample.DDIR] | bits);
            raw.putShort((short) a[i + Sample.PRIO]);
            raw.putShort((short) 0);
            raw.putLong(a[i + Sample.BS]);
            if (cols.offset()) {
                raw.putLong(a[i + Sample.OFFSET]);
            }
            if (cols.issueTime()) {
                raw.putLong(a[i + Sample.ISSUE]);
            }
            raw.position(start + size);
        }
        deflater.reset();
        deflater.setInput(raw.array(), 0, raw.position());
        deflater.finish();
        boolean debug = FioDebug.on(FioDebug.Type.COMPRESS);
        seq++;
        if (debug) {
            FioDebug.line(FioDebug.Type.COMPRESS, "deflate input size=" + raw.position() + ", seq=" + seq + ", log=" + name);
        }
        long total = 0;
        while (!deflater.finished()) {
            int n = deflater.deflate(zbuf);
            out.write(zbuf, 0, n);
            total += n;
        }
        if (debug) {
            chunkLines(total);
        }
    }

    /** fio's lines for a stream of {@code total} bytes, in GZ_CHUNK pieces: deflated, then written. */
    private void chunkLines(long total) {
        long left = total;
        do {
            FioDebug.line(FioDebug.Type.COMPRESS, "seq=" + seq + ", chunk=" + Math.min(left, GZ_CHUNK));
            left -= GZ_CHUNK;
        } while (left > 0);
        FioDebug.line(FioDebug.Type.COMPRESS, "deflated to size=" + total);
        left = total;
        do {
            FioDebug.line(FioDebug.Type.COMPRESS, "log write chunk size=" + Math.min(left, GZ_CHUNK) + ", seq=" + seq);
            left -= GZ_CHUNK;
        } while (left > 0);
    }

    @Override
    public void close() throws IOException {
        deflater.end();
        out.close();
    }
}
