package io.jfio.engine.uring;

import io.jfio.engine.CmdprioOptions;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The io_uring engine's options (fio 3.42 names and defaults, plus jfio's defer_taskrun switch). */
public final class IoUringOptions extends RingOptions {
    public static final List<EngineOption> OPTIONS = options();

    /** -1 probes for READ/WRITE; 0 READV/WRITEV with one iovec; 1 READ/WRITE. */
    public int nonvectored = -1;
    public int uncached;
    public boolean nowait;
    public boolean deferTaskrun = true;

    private static List<EngineOption> options() {
        // In fio 3.42's order, which lists io_uring_cmd's options for io_uring too (one table).
        List<EngineOption> ring = declarations(0, "Use polled IO completions (IORING_SETUP_IOPOLL)",
            "Pre map IO buffers (registered buffers, READ_FIXED/WRITE_FIXED)");
        List<EngineOption> all = new ArrayList<>();
        all.add(ring.get(0));
        all.addAll(NvmeCmdOptions.FUA_AND_MODES);
        all.addAll(ring.subList(1, ring.size()));
        all.add(EngineOption.integer("nonvectored", "-1", -1, 1, "Use non-vectored read/write commands (-1: probe)"));
        all.add(EngineOption.integer("uncached", "0", 0, Integer.MAX_VALUE, "Use RWF_DONTCACHE for buffered read/writes"));
        all.add(EngineOption.bool("nowait", "Use RWF_NOWAIT for reads/writes"));
        all.add(FORCE_ASYNC);
        all.add(NvmeCmdOptions.CMD_TYPE);
        all.addAll(CmdprioOptions.OPTIONS);
        all.addAll(NvmeCmdOptions.PI);
        all.add(new EngineOption("defer_taskrun", EngineOption.Type.BOOL, "1",
            "jfio: request SINGLE_ISSUER|DEFER_TASKRUN as fio 3.42 does (0 = COOP_TASKRUN only)",
            List.of(), 0, 1));
        return List.copyOf(all);
    }

    /** Reads the job's raw options by fio's rules (flags may be bare, nowait needs 0/1, unknown names fail). */
    public static IoUringOptions parse(Map<String, String> raw) throws EngineException {
        EngineOptions eo = EngineOptions.parse(OPTIONS, CmdprioOptions.readValues(raw));
        NvmeCmdOptions.refusePi(eo, "io_uring");
        IoUringOptions o = new IoUringOptions();
        o.readShared(eo);
        o.nonvectored = eo.getInt("nonvectored");
        o.uncached = eo.getInt("uncached");
        o.nowait = eo.getBool("nowait");
        o.deferTaskrun = eo.getBool("defer_taskrun");
        return o;
    }
}
