package io.jfio.runner.workload;

/**
 * Opens and closes a job's files as its file service moves on, when {@code openfiles} is below
 * {@code nrfiles} (fio's td_io_open_file / td_io_close_file from get_next_file and
 * set_io_u_file, counted in td->nr_open_files).
 */
public interface FileOpener {
    /** Opens file {@code fi}; false when {@code openfiles} files are open already (fio's -EBUSY). */
    boolean open(int fi);

    /**
     * Closes file {@code fi}: it is done for this pass, or the pass ended. With I/O of it still in
     * flight the close waits for the last completion (fio's closing flag), and the file keeps its
     * place among the open ones until then.
     */
    void close(int fi);

    /** An I/O of file {@code fi} went to the engine (fio's get_file). */
    void get(int fi);

    /** An I/O of file {@code fi} completed (fio's put_file): a closing file closes with its last one. */
    void put(int fi);

    /** Opens file {@code fi} if closed, whatever openfiles says: a verify read-back needs it, as fio's verify.c reopens it. */
    void reopen(int fi);
}
