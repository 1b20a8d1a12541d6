package io.jfio.engine.uring;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;

import java.util.List;
import java.util.Map;

/** The io_uring engine's options (fio 3.42 names and defaults, plus jfio's defer_taskrun switch). */
public final class IoUringOptions {
    public static final List<EngineOption> OPTIONS = List.of(
        EngineOption.bool("hipri", "Use polled IO completions (IORING_SETUP_IOPOLL)"),
        EngineOption.bool("fixedbufs", "Pre map IO buffers (registered buffers, READ_FIXED/WRITE_FIXED)"),
        EngineOption.bool("registerfiles", "Pre-open/register files (IOSQE_FIXED_FILE)"),
        EngineOption.bool("sqthread_poll", "Offload submission/completion to kernel thread (implies registerfiles)"),
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

    public static IoUringOptions parse(Map<String, String> raw) throws EngineException {
        IoUringOptions o = new IoUringOptions();
        for (Map.Entry<String, String> e : raw.entrySet()) {
            String k = e.getKey();
            String v = e.getValue() == null ? "" : e.getValue().trim();
            switch (k) {
                case "hipri" -> o.hipri = bool(k, v);
                case "fixedbufs" -> o.fixedbufs = bool(k, v);
                case "registerfiles" -> o.registerfiles = bool(k, v);
                case "sqthread_poll" -> o.sqthreadPoll = bool(k, v);
                case "sqthread_poll_cpu" -> o.sqthreadPollCpu = integer(k, v, 0, 1023);
                case "nonvectored" -> o.nonvectored = integer(k, v, -1, 1);
                case "uncached" -> o.uncached = integer(k, v, 0, Integer.MAX_VALUE);
                case "nowait" -> o.nowait = bool(k, v);
                case "force_async" -> o.forceAsync = integer(k, v, 0, Integer.MAX_VALUE);
                case "defer_taskrun" -> o.deferTaskrun = bool(k, v);
                default -> throw new EngineException("io_uring: unknown option '" + k + "'");
            }
        }
        if (o.sqthreadPoll) {
            o.registerfiles = true; // fio: SQPOLL implies registered files
        }
        return o;
    }

    /** fio's bool: a bare name or any non-zero number is true. */
    static boolean bool(String name, String v) throws EngineException {
        if (v.isEmpty()) {
            return true;
        }
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("on") || v.equalsIgnoreCase("yes")) {
            return true;
        }
        if (v.equalsIgnoreCase("false") || v.equalsIgnoreCase("off") || v.equalsIgnoreCase("no")) {
            return false;
        }
        try {
            return Long.parseLong(v) != 0;
        } catch (NumberFormatException e) {
            throw new EngineException("io_uring: " + name + "=" + v + " is not a boolean");
        }
    }

    static int integer(String name, String v, int min, int max) throws EngineException {
        try {
            long x = Long.decode(v);
            if (x < min || x > max) {
                throw new EngineException("io_uring: " + name + "=" + v + " is out of range [" + min + ", " + max + "]");
            }
            return (int) x;
        } catch (NumberFormatException e) {
            throw new EngineException("io_uring: " + name + "=" + v + " is not an integer");
        }
    }
}
