package io.jfio.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * fio's per-I/O priority options (engines/cmdprio.h), shared by libaio, io_uring and
 * io_uring_cmd: parsed with fio's types and ranges, so that bad values fail with fio's lines.
 * The engines then set the priorities per I/O ({@link Cmdprio}). cmdprio_class, cmdprio and
 * cmdprio_hint alone change nothing, in fio either.
 */
public final class CmdprioOptions {
    public static final List<EngineOption> OPTIONS = List.of(
        EngineOption.integer("cmdprio_percentage", null, 0, 100, "Send high priority I/O this percentage of the time"),
        EngineOption.integer("cmdprio_class", null, 1, 3, "Set asynchronous IO priority class"),
        EngineOption.integer("cmdprio_hint", null, 0, 1023, "Set asynchronous IO priority hint"),
        EngineOption.integer("cmdprio", null, 0, 7, "Set asynchronous IO priority level"),
        EngineOption.string("cmdprio_bssplit", null, "Set priority percentages for different block sizes"));

    private CmdprioOptions() {
    }

    /**
     * The raw options for the strict parse, having checked the "read,write" forms of the cmdprio
     * integers as fio 3.42 does: such a value fails the job only when every part fails (fio prints
     * each part's range error, then one "failed parsing"); otherwise fio goes on, and so the value
     * is left out of the strict parse ({@link Cmdprio} still reads it).
     */
    public static Map<String, String> readValues(Map<String, String> raw) throws EngineException {
        Map<String, String> out = new HashMap<>(raw);
        for (EngineOption o : OPTIONS) {
            String v = raw.get(o.name());
            if (o.type() != EngineOption.Type.INT || v == null || v.indexOf(',') < 0) {
                continue;
            }
            StringBuilder lines = new StringBuilder();
            boolean allFail = true;
            for (String part : v.split(",", -1)) {
                try {
                    EngineOptions.parse(List.of(o), Map.of(o.name(), part));
                    allFail = false;
                } catch (EngineException e) {
                    String m = e.getMessage();
                    int cut = m.lastIndexOf("fio: failed parsing");
                    lines.append(cut < 0 ? m + "\n" : m.substring(0, cut));
                }
            }
            if (allFail) {
                throw new EngineException(lines + "fio: failed parsing " + o.name());
            }
            out.remove(o.name());
        }
        return out;
    }
}
