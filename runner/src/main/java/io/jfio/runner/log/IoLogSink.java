package io.jfio.runner.log;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * write_iolog's "fio version 3 iolog" lines: "usec file action" for file actions and "usec file
 * ddir offset length" for I/Os, usec counted from the log's start (fio's log_io_u and log_file).
 */
final class IoLogSink implements LogSink {
    static final int TIME = 0;
    static final int FILE = 1;
    static final int ACTION = 2;
    static final int OFFSET = 3;
    static final int LENGTH = 4;
    static final int WIDTH = 5;
    /** Actions 0..5 are fio's data and sync directions; the file actions follow. */
    static final int ADD = 10;
    static final int OPEN = 11;
    static final int CLOSE = 12;
    private static final String[] DDIRS = {"read", "write", "trim", "sync", "datasync", "sync_file_range"};

    private final LineBuffer out;
    private final byte[][] names;

    IoLogSink(OutputStream out, List<String> fileNames) throws IOException {
        this.out = new LineBuffer(out);
        this.names = new byte[fileNames.size()][];
        for (int i = 0; i < names.length; i++) {
            names[i] = fileNames.get(i).getBytes(StandardCharsets.UTF_8);
        }
        this.out.text("fio version 3 iolog\n");
    }

    @Override
    public void write(long[] a, int count, int width) throws IOException {
        for (int r = 0; r < count; r++) {
            int i = r * width;
            int act = (int) a[i + ACTION];
            out.num(a[i + TIME]).ch(' ').bytes(names[(int) a[i + FILE]]).ch(' ');
            switch (act) {
                case ADD -> out.text("add");
                case OPEN -> out.text("open");
                case CLOSE -> out.text("close");
                default -> out.text(DDIRS[act]).ch(' ').num(a[i + OFFSET]).ch(' ').num(a[i + LENGTH]);
            }
            out.ch('\n');
        }
        // fio's iolog is line-buffered through an 8 KiB stdio buffer; ours reaches the file per chunk.
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
