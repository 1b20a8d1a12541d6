package io.jfio.engine.aio;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;

import java.util.List;
import java.util.Map;

/** The libaio engine's options (fio 3.42 names; {@code uncached} is a jfio addition). */
public final class LibaioOptions {
    public static final List<EngineOption> OPTIONS = List.of(
        EngineOption.bool("userspace_reap", "Use alternative user-space reap implementation"),
        EngineOption.bool("nowait", "Use RWF_NOWAIT for reads/writes"),
        EngineOption.bool("libaio_vectored", "Use libaio preadv/pwritev with one iovec"),
        EngineOption.integer("uncached", "0", 0, Integer.MAX_VALUE,
            "jfio: RWF_DONTCACHE (aio_rw_flags) for buffered reads/writes"));

    public boolean userspaceReap;
    public boolean nowait;
    public boolean vectored;
    public int uncached;

    public static LibaioOptions parse(Map<String, String> raw) throws EngineException {
        LibaioOptions o = new LibaioOptions();
        for (Map.Entry<String, String> e : raw.entrySet()) {
            String k = e.getKey();
            String v = e.getValue() == null ? "" : e.getValue().trim();
            switch (k) {
                case "userspace_reap" -> o.userspaceReap = bool(k, v);
                case "nowait" -> o.nowait = bool(k, v);
                case "libaio_vectored" -> o.vectored = bool(k, v);
                case "uncached" -> o.uncached = integer(k, v);
                default -> throw new EngineException(k.startsWith("cmdprio")
                    ? "libaio: " + k + " is not supported by jfio yet"
                    : "libaio: unknown option '" + k + "'");
            }
        }
        return o;
    }

    private static boolean bool(String name, String v) throws EngineException {
        if (v.isEmpty()) {
            return true;
        }
        try {
            return Long.parseLong(v) != 0;
        } catch (NumberFormatException e) {
            throw new EngineException("libaio: " + name + "=" + v + " is not a boolean");
        }
    }

    private static int integer(String name, String v) throws EngineException {
        try {
            int x = Integer.decode(v);
            if (x < 0) {
                throw new EngineException("libaio: " + name + "=" + v + " must not be negative");
            }
            return x;
        } catch (NumberFormatException e) {
            throw new EngineException("libaio: " + name + "=" + v + " is not an integer");
        }
    }
}
