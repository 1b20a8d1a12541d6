package io.jfio.runner.log;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.Deflater;

/**
 * log_store_compressed: each drained chunk becomes one zlib stream of fio's binary samples (struct
 * io_sample, little-endian x86-64 layout), as fio's gz_work stores them in a .fz file; the streams
 * follow each other and {@code --inflate-log} reads them back.
 */
final class BinarySampleSink implements LogSink {
    private final OutputStream out;
    private final SampleColumns cols;
    private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
    private final byte[] zbuf = new byte[1 << 16];
    private ByteBuffer raw = ByteBuffer.allocate(0);

    BinarySampleSink(OutputStream out, SampleColumns cols) {
        this.out = out;
        this.cols = cols;
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
        while (!deflater.finished()) {
            int n = deflater.deflate(zbuf);
            out.write(zbuf, 0, n);
        }
    }

    @Override
    public void close() throws IOException {
        deflater.end();
        out.close();
    }
}
