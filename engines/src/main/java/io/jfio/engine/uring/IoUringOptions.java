package io.jfio.engine.uring;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;

import java.util.List;
import java.util.Map;

/** The io_uring engine's options (fio 3.42 names and defaults, plus jfio's defer_taskrun switch). */
public final class IoUringOptions {
    public static final List<EngineOption> OPTIONS = List.of(
        EngineOption.flag("hipri", "Use polled IO completions (IORING_SETUP_IOPOLL)"),
        EngineOption.flag("fixedbufs", "Pre map IO buffers (registered buffers, READ_FIXED/WRITE_FIXED)"),
        EngineOption.flag("registerfiles", "Pre-open/register files (IOSQE_FIXED_FILE)"),
        EngineOption.flag("sqthread_poll", "Offload submission/completion to kernel thread (implies registerfiles)"),
        EngineOption.integer("sqthread_poll_cpu", null, 0, 1023, "What CPU to run SQ thread polling on"),
        EngineOption.integer("nonvectored", "-1", -1, 1, "Use non-vectored read/write commands (-1: probe)"),
        EngineOption.integer("uncached", "0", 0, Integer.MAX_VALUE, "Use RWF_DONTCACHE for buffered read/writes"),
        EngineOption.bool("nowait", "Use RWF_NOWAIT for reads/writes"),
        EngineOption.integer("force_async", "0", 0, Integer.MAX_VALUE, "Set IOSQE_ASYNC every N requests"),
        new EngineOption("defer_taskrun", EngineOption.Type.BOOL, "1",
            "jfio: request SINGLE_ISSUER|DEFER_TASKRUN as fio 3.42 does (0 = COOP_TASKRUN only)",
            List.of(), 0, 1));

    public boolean hipri;
    public boolean fixedbufs;
    public boolean registerfiles;
    public boolean sqthreadPoll;
    public int sqthreadPollCpu = -1;
    public int nonvectored = -1;
    public int uncached;
    public boolean nowait;
    public int forceAsync;
    public boolean deferTaskrun = true;

    /** Reads the job's raw options by fio's rules (flags may be bare, nowait needs 0/1, unknown names fail). */
    public static IoUringOptions parse(Map<String, String> raw) throws EngineException {
        EngineOptions eo = EngineOptions.parse(OPTIONS, raw);
        IoUringOptions o = new IoUringOptions();
        o.hipri = eo.getBool("hipri");
        o.fixedbufs = eo.getBool("fixedbufs");
        o.registerfiles = eo.getBool("registerfiles");
        o.sqthreadPoll = eo.getBool("sqthread_poll");
        o.sqthreadPollCpu = eo.isSet("sqthread_poll_cpu") ? eo.getInt("sqthread_poll_cpu") : -1;
        o.nonvectored = eo.getInt("nonvectored");
        o.uncached = eo.getInt("uncached");
        o.nowait = eo.getBool("nowait");
        o.forceAsync = eo.getInt("force_async");
        o.deferTaskrun = eo.getBool("defer_taskrun");
        if (o.sqthreadPoll) {
            o.registerfiles = true; // fio: SQPOLL implies registered files
        }
        return o;
    }
}
