package io.jfio.engine.uring;

import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;

import java.util.List;

/**
 * The options io_uring and io_uring_cmd share (fio declares them once for both engines); they
 * decide the ring's polling setup flags and registrations, which {@link RingEngine} acts on.
 */
public class RingOptions {
    public static final EngineOption SQTHREAD_POLL_CPU =
        EngineOption.integer("sqthread_poll_cpu", null, 0, 1023, "What CPU to run SQ thread polling on");
    public static final EngineOption FORCE_ASYNC =
        EngineOption.integer("force_async", "0", 0, Integer.MAX_VALUE, "Set IOSQE_ASYNC every N requests");

    public boolean hipri;
    public boolean fixedbufs;
    public boolean registerfiles;
    public boolean sqthreadPoll;
    /** -1: the SQPOLL thread is not pinned. */
    public int sqthreadPollCpu = -1;
    /** IOSQE_ASYNC on every N-th SQE; 0 never. */
    public int forceAsync;

    /**
     * hipri, fixedbufs, registerfiles, sqthread_poll and sqthread_poll_cpu, in fio's order. The
     * first four may be given bare; {@code flagMax} 0 lets them take any number, as fio does.
     */
    protected static List<EngineOption> declarations(long flagMax, String hipriHelp, String fixedbufsHelp) {
        return List.of(
            flag("hipri", hipriHelp, flagMax),
            flag("fixedbufs", fixedbufsHelp, flagMax),
            flag("registerfiles", "Pre-open/register files (IOSQE_FIXED_FILE)", flagMax),
            flag("sqthread_poll", "Offload submission/completion to kernel thread (implies registerfiles)", flagMax),
            SQTHREAD_POLL_CPU);
    }

    private static EngineOption flag(String name, String help, long max) {
        return new EngineOption(name, EngineOption.Type.FLAG, null, help, List.of(), 0, max);
    }

    /** Reads the shared options; they must be among the engine's declared ones. */
    protected final void readShared(EngineOptions eo) {
        hipri = eo.getBool("hipri");
        fixedbufs = eo.getBool("fixedbufs");
        registerfiles = eo.getBool("registerfiles");
        sqthreadPoll = eo.getBool("sqthread_poll");
        sqthreadPollCpu = eo.isSet("sqthread_poll_cpu") ? eo.getInt("sqthread_poll_cpu") : -1;
        forceAsync = eo.getInt("force_async");
        if (sqthreadPoll) {
            registerfiles = true; // fio: SQPOLL implies registered files
        }
    }

    /** IOPOLL for hipri; SQPOLL (and SQ_AFF when pinned) for sqthread_poll. */
    public int pollSetupFlags() {
        int flags = hipri ? Uring.SETUP_IOPOLL : 0;
        if (sqthreadPoll) {
            flags |= Uring.SETUP_SQPOLL;
            if (sqthreadPollCpu >= 0) {
                flags |= Uring.SETUP_SQ_AFF;
            }
        }
        return flags;
    }
}
