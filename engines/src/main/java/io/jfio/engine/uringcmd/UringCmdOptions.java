package io.jfio.engine.uringcmd;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import java.util.List;
import java.util.Map;

/**
 * The io_uring_cmd options jfio supports (spec/engines.md 4.13, 5.8), read from the job's raw
 * engine options. Unknown or unsupported values fail with one clear line before any I/O.
 */
public final class UringCmdOptions {
    public static final List<EngineOption> OPTIONS = List.of(
            EngineOption.choice("cmd_type", "nvme", List.of("nvme"), "What type of command to send (nvme only)"),
            EngineOption.bool("hipri", "Use polled IO completions (needs nvme poll_queues)"),
            EngineOption.bool("fixedbufs", "Pre map IO buffers (IORING_URING_CMD_FIXED)"),
            EngineOption.bool("registerfiles", "Pre-open/register files"),
            EngineOption.bool("sqthread_poll", "Offload submission/completion to kernel thread"),
            EngineOption.integer("sqthread_poll_cpu", null, 0, 1023, "What CPU to run SQ thread polling on"),
            EngineOption.integer("nonvectored", "-1", -1, 1, "Use non-vectored commands (1) or NVME_URING_CMD_IO_VEC (0)"),
            EngineOption.integer("force_async", "0", 0, Integer.MAX_VALUE, "Set IOSQE_ASYNC every N requests"),
            EngineOption.bool("readfua", "Set FUA flag (force unit access) for all Read operations"),
            EngineOption.bool("writefua", "Set FUA flag (force unit access) for all Write operations"),
            EngineOption.choice("write_mode", "write", List.of("write"), "Which NVMe command writes use (write only)"));

    public boolean hipri;
    public boolean fixedBufs;
    public boolean registerFiles;
    public boolean sqThreadPoll;
    public int sqThreadPollCpu = -1;
    /** True: NVME_URING_CMD_IO with a plain buffer; false: NVME_URING_CMD_IO_VEC with one iovec. */
    public boolean nonVectored = true;
    public int forceAsync;
    public boolean readFua;
    public boolean writeFua;

    public static UringCmdOptions parse(Map<String, String> raw) throws EngineException {
        UringCmdOptions o = new UringCmdOptions();
        for (Map.Entry<String, String> e : raw.entrySet()) {
            String k = e.getKey();
            String v = e.getValue() == null ? "" : e.getValue().trim();
            switch (k) {
                case "cmd_type" -> {
                    if (!v.equals("nvme")) {
                        throw bad("cmd_type=" + v + " is not supported (jfio's io_uring_cmd supports cmd_type=nvme)");
                    }
                }
                case "hipri" -> o.hipri = bool(k, v);
                case "fixedbufs" -> o.fixedBufs = bool(k, v);
                case "registerfiles" -> o.registerFiles = bool(k, v);
                case "sqthread_poll" -> o.sqThreadPoll = bool(k, v);
                case "sqthread_poll_cpu" -> o.sqThreadPollCpu = (int) integer(k, v, 0, 1023);
                case "nonvectored" -> o.nonVectored = integer(k, v, -1, 1) != 0;
                case "force_async" -> o.forceAsync = (int) integer(k, v, 0, Integer.MAX_VALUE);
                case "readfua" -> o.readFua = bool(k, v);
                case "writefua" -> o.writeFua = bool(k, v);
                case "write_mode" -> {
                    if (!v.equals("write")) {
                        throw bad("write_mode=" + v + " is not supported by jfio's io_uring_cmd (only write)");
                    }
                }
                case "nowait", "uncached" ->
                    // fio ORs these RWF bits into uring_cmd_flags, which makes every command fail
                    // with EINVAL (spec/engines.md 5.2); refuse instead of copying that.
                    throw bad(k + " does not apply to io_uring_cmd (NVMe passthrough has no RWF flags)");
                default -> throw bad("unsupported option " + k + " for ioengine=io_uring_cmd");
            }
        }
        if (o.sqThreadPoll) {
            o.registerFiles = true; // as fio: SQPOLL forces registered files
        }
        if (o.fixedBufs && !o.nonVectored) {
            // Fixed + vectored passthrough makes 6.1 kernels WARN and leak the request (lab README).
            throw bad("fixedbufs with nonvectored=0 is not supported for io_uring_cmd");
        }
        return o;
    }

    private static EngineException bad(String msg) {
        return new EngineException(22, null, "fio: " + msg);
    }

    private static boolean bool(String k, String v) throws EngineException {
        return integer(k, v.isEmpty() ? "1" : v, 0, 1) != 0;
    }

    private static long integer(String k, String v, long min, long max) throws EngineException {
        long n;
        try {
            n = Long.decode(v.isEmpty() ? "1" : v);
        } catch (NumberFormatException e) {
            throw bad("option " + k + "=" + v + ": not a number");
        }
        if (n < min || n > max) {
            throw bad("value out of range: " + n + " (" + k + " min: " + min + ", max: " + max + ")");
        }
        return n;
    }
}
