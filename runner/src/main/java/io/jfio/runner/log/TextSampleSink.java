package io.jfio.runner.log;

import java.io.IOException;
import java.io.OutputStream;

/**
 * fio's flush_samples text: "time, value[, max], ddir, bs[, offset], prio[, issue_time]", where
 * prio is the RT-class flag (0/1), or the whole priority as 0x%04x with log_prio.
 */
final class TextSampleSink implements LogSink {
    private final LineBuffer out;
    private final SampleColumns cols;

    TextSampleSink(OutputStream out, SampleColumns cols) {
        this.out = new LineBuffer(out);
        this.cols = cols;
    }

    @Override
    public void write(long[] a, int count, int width) throws IOException {
        for (int r = 0; r < count; r++) {
            writeRow(out, cols, a, r * width);
        }
    }

    static void writeRow(LineBuffer out, SampleColumns cols, long[] a, int i) throws IOException {
        out.num(a[i + Sample.TIME]).sep().num(a[i + Sample.VAL0]);
        if (cols.avgMax()) {
            out.sep().num(a[i + Sample.VAL1]);
        }
        out.sep().num(a[i + Sample.DDIR]).sep().num(a[i + Sample.BS]);
        if (cols.offset()) {
            out.sep().num(a[i + Sample.OFFSET]);
        }
        long prio = a[i + Sample.PRIO];
        if (cols.prio()) {
            out.sep().hex4(prio);
        } else {
            // ioprio_value_is_class_rt: the class (bits 13..15) is IOPRIO_CLASS_RT (1)
            out.sep().num((prio >>> 13) == 1 ? 1 : 0);
        }
        if (cols.issueTime()) {
            out.sep().num(a[i + Sample.ISSUE]);
        }
        out.ch('\n');
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
