package io.jfio.runner.log;

import java.io.IOException;
import java.io.OutputStream;

/** fio's flush_hist_samples: "time, ddir, bs, " then the histogram columns of the window. */
final class HistSink implements LogSink {
    static final int TIME = 0;
    static final int DDIR = 1;
    static final int BS = 2;
    static final int BUCKETS = 3;
    private final LineBuffer out;

    HistSink(OutputStream out) {
        this.out = new LineBuffer(out);
    }

    @Override
    public void write(long[] a, int count, int width) throws IOException {
        for (int r = 0; r < count; r++) {
            int i = r * width;
            out.num(a[i + TIME]).sep().num(a[i + DDIR]).sep().num(a[i + BS]);
            for (int b = BUCKETS; b < width; b++) {
                out.sep().num(a[i + b]);
            }
            out.ch('\n');
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
