package io.jfio.engine;

import java.util.List;
import java.util.Map;

/**
 * What a job hands its engine at init: the job-level settings an engine needs, its own options
 * (raw strings as written in the job, validated by the engine), and the I/O units with their
 * buffers (for engines that register them).
 */
public interface EngineContext {
    String jobName();

    int iodepth();

    /** direct=1: open files with O_DIRECT. */
    boolean direct();

    /** sync=1 / sync=dsync etc: extra open flags (O_SYNC / O_DSYNC) the runner computed. */
    int extraOpenFlags();

    /** True when the job only reads (readonly or a read-only rw mode). */
    boolean readOnly();

    /**
     * The engine-specific options as given in the job file, e.g. {"hipri": "1", "sqthread_poll_cpu": "1"}.
     * A bare option arrives as "1" from the job-file parser or "" from elsewhere; engines read
     * them through {@link EngineOptions#parse}, which treats "" as "no value".
     */
    Map<String, String> engineOptions();

    /** All I/O units of the job. Buffers stay valid until after {@link IoEngine#cleanup()}. */
    List<IoUnit> ioUnits();

    /** Start address and length of the job's whole I/O buffer region (covers every unit's buffer). */
    long bufferRegionAddress();

    long bufferRegionLength();

    /**
     * Every block size the job may issue (bs, bsrange ends, bssplit entries; all directions), so
     * engines with a device granularity (NVMe passthrough LBAs) can reject a job up front.
     * Empty when the runner does not say.
     */
    default int[] blockSizes() {
        return new int[0];
    }

    /** The job's files (not yet open at init). */
    List<IoFile> files();

    /** fio's fadvise_hint values (0, 1, random, sequential, noreuse). */
    enum FadviseHint { NONE, TYPE, RANDOM, SEQUENTIAL, OTHER }

    /** fadvise_hint= of the job (mmap applies it to its mappings as madvise). */
    default FadviseHint fadviseHint() {
        return FadviseHint.TYPE;
    }

    /** True when the job's offsets are random (fio's td_random). */
    default boolean randomIo() {
        return false;
    }

    /** fsync= or fdatasync= every N blocks is set (fio's fsync_blocks / fdatasync_blocks). */
    default boolean syncEveryBlocks() {
        return false;
    }

    /**
     * For engines that run beside others (cpuio exit_on_io_done, exec): true once every job of
     * the run that does I/O has finished. Null when the runner does not say.
     */
    default java.util.function.BooleanSupplier ioJobsDone() {
        return null;
    }

    /**
     * fio's td->terminate: true once the run is being stopped (a signal, exitall) and the job
     * should end. An engine that waits outside its I/O (the net listener's wait for a connection)
     * asks it to stop waiting.
     */
    default java.util.function.BooleanSupplier terminated() {
        return () -> false;
    }

    /** Where an engine prints fio's log_info lines at init (e.g. cpuio's settings), or null for none. */
    default java.io.PrintStream infoOut() {
        return null;
    }

    /**
     * Where an engine prints a fio log_info line that fio prints in every output format, json and
     * terse too (the net listener's "fio: waiting for connection"), or null for none.
     */
    default java.io.PrintStream logOut() {
        return infoOut();
    }

    /** directory= of the job as written, or null (e4defrag puts its donor file there). */
    default String directory() {
        return null;
    }

    /** The upper end of filesize= (0 when not set) and offset= in bytes (fio's file_size_high, start_offset). */
    default long fileSizeHigh() {
        return 0;
    }

    default long startOffset() {
        return 0;
    }

    /**
     * True when the job reads or writes, so fio gives its I/O units data buffers; a trim-only
     * job's units have none in fio (engines that hand a trim's buffer to the kernel see NULL).
     */
    default boolean dataBuffers() {
        return true;
    }

    /** num_range: the most ranges one trim unit carries (1 unless the engine has MULTI_RANGE_TRIM). */
    default int numRange() {
        return 1;
    }

    /** Where an engine prints fio's log_err lines during the job (the job's error stream). */
    default java.io.PrintStream errOut() {
        return System.err;
    }

    /** True when the job reads (fio's td_read), whether or not it also writes. */
    default boolean reads() {
        return readOnly();
    }

    /** Which clone of its job this is (numjobs; fio's subjob_number): net adds it to the port. */
    default int subjobNumber() {
        return 0;
    }

    /** The job's runtime= in microseconds (0 = none), for engines that run a program that long (exec). */
    default long runtimeMicros() {
        return 0;
    }

    /** True when the job writes (fio's td_write). */
    default boolean writes() {
        return !readOnly();
    }

    /**
     * The job's own I/O priority (fio's td->ioprio): the prio/prioclass/priohint value when one of
     * them is set, else 0.
     */
    default int ioprio() {
        return 0;
    }

    /** The job verifies data (verify= other than none): fio's net engine then sends no UDP sequence trailer. */
    default boolean verifies() {
        return false;
    }

    /** A seed for the engine's own random draws (fio's per-job random states follow randseed). */
    default long randomSeed() {
        return 0x5eedL;
    }
}
