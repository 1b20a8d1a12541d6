package io.jfio.runner.support;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.runner.job.IoSource;

import java.util.List;

/** Placeholder pattern for tests: one pass of sequential fixed-size I/O over each file's region. */
public final class SequentialSource implements IoSource {
    private final List<IoFile> files;
    private final IoDirection ddir;
    private final int bs;
    private final boolean loop;
    private int file;
    private long pos;

    public SequentialSource(List<IoFile> files, IoDirection ddir, int bs, boolean loop) {
        this.files = files;
        this.ddir = ddir;
        this.bs = bs;
        this.loop = loop;
    }

    @Override
    public boolean next(IoUnit u, long nowUsec) {
        while (file < files.size()) {
            IoFile f = files.get(file);
            if (pos + bs <= f.ioSize) {
                u.ddir = ddir;
                u.file = f;
                u.offset = f.fileOffset + pos;
                u.length = bs;
                pos += bs;
                return true;
            }
            file++;
            pos = 0;
            if (file == files.size() && loop) {
                file = 0;
            }
        }
        return false;
    }
}
