package io.jfio.runner.job;

import io.jfio.engine.IoFile;
import io.jfio.runner.log.JobLogs;
import io.jfio.runner.workload.FileOpener;
import io.jfio.runner.workload.JobError;

import java.util.List;

/**
 * openfiles below nrfiles (fio's td->nr_open_files): no file is open when the job starts; the
 * file service opens a file the first time it reaches it, refuses while openfiles are open, and a
 * file is closed as soon as it is done, so at most openfiles are open at once.
 */
final class OpenFiles implements FileOpener {
    /** Opens one file with the job's flags and hints. */
    interface Open {
        void open(IoFile f) throws JobError;
    }

    /** Closes one file (fsync_on_close first). */
    interface Close {
        void close(IoFile f);
    }

    /** An open that failed inside the I/O loop: carries the job's error out of the file service. */
    static final class Failed extends RuntimeException {
        final JobError error;

        Failed(JobError error) {
            super(error.getMessage(), error, false, false);
            this.error = error;
        }
    }

    private final List<IoFile> files;
    private final int limit;
    private final Open open;
    private final Close close;
    private final JobState state;
    /** fio's fio_file_open flag (a diskless engine's files have no descriptor to tell). */
    private final boolean[] isOpen;
    /** Done while I/O of it was in flight: closes with its last completion. */
    private final boolean[] closing;
    /** I/Os in flight per file. */
    private final int[] refs;
    private int nrOpen;
    /** The job's write_iolog, told of every open and close; null when it has none. */
    private JobLogs logs;

    OpenFiles(List<IoFile> files, int limit, Open open, Close close, JobState state) {
        this.files = files;
        this.isOpen = new boolean[files.size()];
        this.closing = new boolean[files.size()];
        this.refs = new int[files.size()];
        this.limit = limit;
        this.open = open;
        this.close = close;
        this.state = state;
    }

    void logs(JobLogs l) {
        logs = l;
    }

    /** A file the workload opened and has not closed. */
    boolean isOpen(int fi) {
        return isOpen[fi];
    }

    @Override
    public boolean open(int fi) {
        if (isOpen[fi]) {
            return !closing[fi];
        }
        if (nrOpen >= limit) {
            return false;
        }
        reopen(fi);
        return true;
    }

    @Override
    public void reopen(int fi) {
        if (isOpen[fi]) {
            return;
        }
        IoFile f = files.get(fi);
        try {
            open.open(f);
        } catch (JobError e) {
            throw new Failed(e);
        }
        isOpen[fi] = true;
        nrOpen++;
        state.setOpenFiles(nrOpen);
        if (logs != null) {
            logs.fileOpened(f);
        }
    }

    @Override
    public void close(int fi) {
        if (!isOpen[fi] || closing[fi]) {
            return;
        }
        if (logs != null) {
            logs.fileClosed(files.get(fi)); // fio logs the close when it is asked for
        }
        if (refs[fi] > 0) {
            closing[fi] = true;
            return;
        }
        release(fi);
    }

    /** Closes every open file (nothing may be in flight). */
    void closeAll() {
        for (int fi = 0; fi < isOpen.length; fi++) {
            close(fi);
        }
    }

    @Override
    public void get(int fi) {
        refs[fi]++;
    }

    @Override
    public void put(int fi) {
        if (--refs[fi] == 0 && closing[fi]) {
            closing[fi] = false;
            release(fi);
        }
    }

    private void release(int fi) {
        close.close(files.get(fi));
        isOpen[fi] = false;
        nrOpen--;
        state.setOpenFiles(nrOpen);
    }
}
