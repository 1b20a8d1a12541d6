package io.jfio.engine.uringcmd;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.uring.RingOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The io_uring_cmd options jfio supports (fio's engines/io_uring.c), read from the job's raw
 * engine options. Unknown or unsupported values fail with one clear line before any I/O.
 */
public final class UringCmdOptions extends RingOptions {
    public static final List<EngineOption> OPTIONS = options();

    /** True: NVME_URING_CMD_IO with a plain buffer; false: NVME_URING_CMD_IO_VEC with one iovec. */
    public boolean nonVectored = true;
    public boolean readFua;
    public boolean writeFua;

    private static List<EngineOption> options() {
        List<EngineOption> all = new ArrayList<>();
        all.add(EngineOption.choice("cmd_type", "nvme", List.of("nvme"), "What type of command to send (nvme only)"));
        // Stricter than io_uring's (0/1 only), as jfio's io_uring_cmd has always been.
        all.addAll(declarations(1, "Use polled IO completions (needs nvme poll_queues)",
            "Pre map IO buffers (IORING_URING_CMD_FIXED)"));
        all.add(EngineOption.integer("nonvectored", "-1", -1, 1,
            "Use non-vectored commands (1) or NVME_URING_CMD_IO_VEC (0)"));
        all.add(FORCE_ASYNC);
        all.add(fua("readfua", "Set FUA flag (force unit access) for all Read operations"));
        all.add(fua("writefua", "Set FUA flag (force unit access) for all Write operations"));
        all.add(EngineOption.choice("write_mode", "write", List.of("write"), "Which NVMe command writes use (write only)"));
        return List.copyOf(all);
    }

    /** 0/1, or bare for 1. */
    private static EngineOption fua(String name, String help) {
        return new EngineOption(name, EngineOption.Type.FLAG, null, help, List.of(), 0, 1);
    }

    public static UringCmdOptions parse(Map<String, String> raw) throws EngineException {
        // Values fio would take but jfio does not implement get a line saying so, not fio's bare
        // "failed parsing".
        for (Map.Entry<String, String> e : raw.entrySet()) {
            String k = e.getKey();
            String v = e.getValue() == null ? "" : e.getValue().trim();
            switch (k) {
                case "cmd_type" -> {
                    if (!v.equals("nvme")) {
                        throw bad("cmd_type=" + v + " is not supported (jfio's io_uring_cmd supports cmd_type=nvme)");
                    }
                }
                case "write_mode" -> {
                    if (!v.equals("write")) {
                        throw bad("write_mode=" + v + " is not supported by jfio's io_uring_cmd (only write)");
                    }
                }
                case "nowait", "uncached" ->
                    // fio ORs these RWF bits into uring_cmd_flags, which makes every command fail
                    // with EINVAL; refuse instead of copying that.
                    throw bad(k + " does not apply to io_uring_cmd (NVMe passthrough has no RWF flags)");
                default -> {
                }
            }
        }
        EngineOptions eo = EngineOptions.parse(OPTIONS, raw);
        UringCmdOptions o = new UringCmdOptions();
        o.readShared(eo);
        o.nonVectored = eo.getInt("nonvectored") != 0;
        o.readFua = eo.getBool("readfua");
        o.writeFua = eo.getBool("writefua");
        if (o.fixedbufs && !o.nonVectored) {
            // Fixed + vectored passthrough makes 6.1 kernels WARN and leak the request (lab README).
            throw bad("fixedbufs with nonvectored=0 is not supported for io_uring_cmd");
        }
        return o;
    }

    private static EngineException bad(String msg) {
        return new EngineException(22, null, "fio: " + msg);
    }
}
