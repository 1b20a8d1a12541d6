package io.jfio.runner.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Per-I/O sample logs are written in two steps, as fio spends its formatting time after the job
 * rather than during it: while the job runs the writer thread only copies the raw rows to a spill
 * file beside the log (a bulk copy, far cheaper than text), and when the job ends the rows are read
 * back and formatted by the real sink. Memory stays bounded by the chunk pool either way.
 */
final class SpillSink implements LogSink {
    private final LogSink target;
    private final Path spill;
    private final FileChannel ch;
    private ByteBuffer buf = ByteBuffer.allocateDirect(0);
    private java.nio.LongBuffer longs = buf.asLongBuffer();
    private int width;

    SpillSink(LogSink target, String logName) throws IOException {
        this.target = target;
        Path log = Path.of(logName).toAbsolutePath();
        this.spill = Files.createTempFile(log.getParent(), "." + log.getFileName() + ".", ".spill");
        this.ch = FileChannel.open(spill, StandardOpenOption.WRITE, StandardOpenOption.READ);
    }

    @Override
    public void write(long[] entries, int count, int w) throws IOException {
        width = w;
        int bytes = count * w * 8;
        if (buf.capacity() < bytes) {
            buf = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
            longs = buf.asLongBuffer();
        }
        // Views and buffers are made once: the job thread comes here when the writer lags.
        longs.clear();
        longs.put(entries, 0, count * w);
        buf.clear();
        buf.limit(bytes);
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            if (width > 0) {
                int rows = 4096;
                ByteBuffer in = ByteBuffer.allocateDirect(rows * width * 8).order(ByteOrder.nativeOrder());
                long[] a = new long[rows * width];
                long pos = 0;
                long size = ch.size();
                while (pos < size) {
                    in.clear();
                    int n = ch.read(in, pos);
                    if (n <= 0) {
                        break;
                    }
                    int whole = n / (width * 8) * width * 8;
                    in.flip();
                    in.limit(whole);
                    in.asLongBuffer().get(a, 0, whole / 8);
                    target.write(a, whole / 8 / width, width);
                    pos += whole;
                }
            }
            target.close();
        } finally {
            ch.close();
            Files.deleteIfExists(spill);
        }
    }
}
