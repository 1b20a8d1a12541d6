package io.jfio.engine;

import java.util.List;
import java.util.Set;

/**
 * An I/O engine, on fio's ioengine_ops boundary. One instance serves one job and is driven by
 * that job's thread only (io_uring SINGLE_ISSUER rings belong to the creating thread).
 *
 * <p>The runner's loop: {@link #queue} units until BUSY or the batch is full, {@link #commit}
 * the batch, then {@link #getEvents} and {@link #event} to reap. None of the per-I/O calls may
 * allocate.
 */
public interface IoEngine {
    String name();

    Set<EngineFlag> flags();

    /** Options this engine accepts, declared here only (its factory and --enghelp read them); parsed at {@link #init}. */
    default List<EngineOption> options() {
        return List.of();
    }

    /**
     * This job's values of the engine's {@link #options()}, parsed by fio's rules (fio fills the
     * engine's option struct, td->eo, from the table in its ioengine_ops); for {@link #init}.
     */
    default EngineOptions parseOptions(EngineContext ctx) throws EngineException {
        return EngineOptions.parse(options(), ctx.engineOptions());
    }

    /** Called once on the job thread before any file is opened. */
    void init(EngineContext ctx) throws EngineException;

    /**
     * Opens a file with the flags the runner computed ({@code OpenFlags.forJob}); most engines
     * use {@link GenericFileOps#open} (the default), which also records the file's type and size.
     */
    default void openFile(IoFile file, int openFlags) throws EngineException {
        GenericFileOps.open(file, openFlags);
    }

    default void closeFile(IoFile file) throws EngineException {
        GenericFileOps.close(file);
    }

    /** Queues one unit. Sync engines complete it here; errors go to {@link IoUnit#result}. */
    QueueStatus queue(IoUnit unit);

    /** Submits everything queued since the last commit; returns how many were submitted. */
    default int commit() throws EngineException {
        return 0;
    }

    /**
     * Waits for at least {@code min} and at most {@code max} completions, or until the timeout
     * (nanoseconds; negative = forever). Returns how many are ready for {@link #event}.
     */
    default int getEvents(int min, int max, long timeoutNanos) throws EngineException {
        return 0;
    }

    /** The i-th unit reaped by the last getEvents, with its result set. */
    default IoUnit event(int i) {
        throw new IllegalStateException(name() + " has no asynchronous completions");
    }

    /**
     * One line of advice to print (once per job) after I/O failed with {@code errno}, or null.
     * pvsync2 uses it to explain that RWF_DONTCACHE is refused by the target, not by jfio.
     */
    default String errorHint(int errno) {
        return null;
    }

    /**
     * The size in bytes of a file this engine knows better than stat/BLKGETSIZE64 can (fio's
     * get_file_size hook: an NVMe generic char device's namespace size), or -1 to let the runner
     * size it. Called before the file is opened; off the I/O path.
     */
    default long fileSize(IoFile file) throws EngineException {
        return -1;
    }

    /**
     * Extra text for a failed unit that fio's errdetails hook prints after the error line (e.g. the
     * NVMe status of a passthrough command), or null. Called off the I/O path, only for failures.
     */
    default String errorDetails(IoUnit unit) {
        return null;
    }

    /**
     * True when a failed unit's error is a device status, not an errno (fio's IO_U_F_DEVICE_ERROR,
     * set by io_uring_cmd for an NVMe status): the io_u error line then says "Device-specific
     * error" where it would print strerror. Called off the I/O path, only for failures.
     */
    default boolean deviceError(IoUnit unit) {
        return false;
    }

    /**
     * The function an engine's queue hook named when it recorded a unit's error itself (fio's
     * td_verror in the engine, as mtd's "mtd_read"): the job's error then names it, and no io_u
     * error line is printed for the unit. Null (the default) for fio's io_u error path.
     */
    default String errorFunction(IoUnit unit) {
        return null;
    }

    /**
     * For {@link EngineFlag#NO_STATS} engines: hands {@code sink} the latency (ns) of every file
     * operation done since the last call (fio adds them as completion latencies), then forgets
     * them. Called by the runner when the measured phase starts; off the I/O path.
     */
    default void drainOpLatencies(java.util.function.LongConsumer sink) {
    }

    /**
     * After init: the distinct I/O priorities direction {@code ddir} (0 read, 1 write) uses, in
     * the order of {@link IoUnit#clatPrioIndex}, when the engine sets priorities per I/O (fio's
     * ts->clat_prio); null otherwise.
     */
    default int[] clatPrios(int ddir) {
        return null;
    }

    /**
     * I/Os of direction {@code ddir} the engine knows were lost on the way (fio's drop_io_u, e.g.
     * UDP datagrams missing from the sender's sequence); read once when the job's I/O ends.
     */
    default long droppedIos(int ddir) {
        return 0;
    }

    /**
     * True once the engine has ended its job's I/O early (fio's td->done: the net peer closed
     * the link). A unit that then completes with 0 bytes ends the job without an error.
     */
    default boolean finished() {
        return false;
    }

    /**
     * Another instance of this engine, initialised on the same job but never given a file to
     * open, can issue units whose files this instance opened: the engine keeps no per-file state
     * but the descriptor the {@link IoFile} holds. io_submit_mode=offload gives each of its submit
     * workers such an instance, as fio gives each worker an engine of its own.
     */
    default boolean sharesOpenFiles() {
        return false;
    }

    /** Releases rings, contexts and registrations. Buffers are the runner's to free after this. */
    void cleanup();
}
