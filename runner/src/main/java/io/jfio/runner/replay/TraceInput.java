package io.jfio.runner.replay;

import io.jfio.jobfile.options.IoLogOptions;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One replay log read entry by entry (fio's read_iolog): a text iolog or a blktrace. After
 * {@link #next()} the entry's fields are in the public fields; {@link #names} holds the files the
 * log added so far, in the order it added them.
 */
abstract class TraceInput implements Closeable {
    /** {@link #version} of a blktrace: its entries carry their delay ({@link #delayUsec}). */
    static final int BLKTRACE = 0;

    final List<byte[]> names = new ArrayList<>();

    long ttime;
    /** A blktrace entry's delay after the previous one, as fio's delay_since_ttime measures it. */
    long delayUsec;
    int action;
    int file;
    long offset;
    long length;

    /**
     * The job's read_iolog, a blktrace or a text iolog as fio's init_iolog tells them apart.
     * {@code lines}: whether this is the read fio does (the replay's), which prints the
     * {@code --debug} lines, or one of jfio's own (sizing the job), which must not.
     */
    static TraceInput open(IoLogOptions o, PrintStream err, boolean lines) throws IOException {
        Boolean swap = BlktraceReader.probe(Path.of(o.readIolog()), err);
        BufferedInputStream in = new BufferedInputStream(new FileInputStream(o.readIolog()), 1 << 16);
        if (swap != null) {
            return new BlktraceReader(in, swap, o.redirect(), o.align(), o.scale(), o.skipMask(), o.noStall(),
                    o.timeScale(), err, lines);
        }
        return new TraceReader(in, o.redirect());
    }

    /** 2 or 3 for fio's text iologs, {@link #BLKTRACE} for a blktrace. */
    abstract int version();

    /** The next entry's fields; false at the end of the log. */
    abstract boolean next() throws IOException;

    /** The text of a line fio would complain about, or null. */
    String badLine() {
        return null;
    }
}
