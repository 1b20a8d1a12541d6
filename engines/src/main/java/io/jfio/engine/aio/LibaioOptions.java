package io.jfio.engine.aio;

import io.jfio.engine.CmdprioOptions;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;

import java.util.List;
import java.util.Map;

/** The libaio engine's options (fio 3.42 names; {@code uncached} is a jfio addition). */
public final class LibaioOptions {
    public static final List<EngineOption> OPTIONS = options();

    private static List<EngineOption> options() {
        List<EngineOption> all = new java.util.ArrayList<>(List.of(
        EngineOption.flag("userspace_reap", "Use alternative user-space reap implementation"),
        EngineOption.bool("nowait", "Use RWF_NOWAIT for reads/writes"),
        EngineOption.bool("libaio_vectored", "Use libaio preadv/pwritev with one iovec"),
        EngineOption.integer("uncached", "0", 0, Integer.MAX_VALUE,
            "jfio: RWF_DONTCACHE (aio_rw_flags) for buffered reads/writes")));
        all.addAll(3, CmdprioOptions.OPTIONS); // where fio lists them
        return List.copyOf(all);
    }

    public boolean userspaceReap;
    public boolean nowait;
    public boolean vectored;
    public int uncached;

    /** Reads the job's raw options by fio's rules (userspace_reap may be bare, the bools need 0/1). */
    public static LibaioOptions parse(Map<String, String> raw) throws EngineException {
        EngineOptions eo = EngineOptions.parse(OPTIONS, CmdprioOptions.readValues(raw));
        LibaioOptions o = new LibaioOptions();
        o.userspaceReap = eo.getBool("userspace_reap");
        o.nowait = eo.getBool("nowait");
        o.vectored = eo.getBool("libaio_vectored");
        o.uncached = eo.getInt("uncached");
        return o;
    }
}
