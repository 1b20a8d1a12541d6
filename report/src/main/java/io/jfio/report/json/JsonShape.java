package io.jfio.report.json;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The key tree of a fio JSON document: one "path:TYPE" line per value, in document order, for
 * differential tests ("same keys, same order, same JSON types"). Histogram bins keys are
 * run-dependent, so a bins object shows as {@code ...bins.*:INT} once.
 */
public final class JsonShape {
    /** Keys fio 3.36+ added; {@link #withoutVersionDifferences} drops them. */
    private static final Set<String> NEWER_KEYS = Set.of("job_start", "latency_target_ns", "latency_window_us",
            "read_sectors", "write_sectors", "aggr_read_sectors", "aggr_write_sectors", "priohint", "zone_resets");

    private JsonShape() {
    }

    public static List<String> of(JsonNode root) {
        List<String> out = new ArrayList<>();
        walk(root, "", out, false);
        return out;
    }

    private static void walk(JsonNode n, String path, List<String> out, boolean options) {
        switch (n.kind()) {
            case OBJECT -> {
                out.add(path + ":OBJECT");
                if (path.endsWith(".bins") || path.equals("bins")) {
                    out.add(path + ".*:INT");
                    return;
                }
                for (JsonNode.Member m : n.members()) {
                    boolean opts = m.key().equals("global options") || m.key().equals("job options");
                    walk(m.value(), path.isEmpty() ? m.key() : path + "." + m.key(), out, opts || options);
                }
            }
            case ARRAY -> {
                out.add(path + ":ARRAY");
                int i = 0;
                for (JsonNode e : n.elements()) {
                    walk(e, path + "[" + i++ + "]", out, options);
                }
            }
            case STRING -> out.add(path + (options && n.text().isEmpty() ? ":EMPTY" : ":STRING"));
            case INT -> out.add(path + ":INT");
            case FLOAT -> out.add(path + ":FLOAT");
            default -> throw new IllegalStateException();
        }
    }

    /**
     * Drops what differs between fio 3.33 and 3.42 by design: the keys added since 3.36 and
     * valueless options (3.39+ prints them as "").
     */
    public static List<String> withoutVersionDifferences(List<String> shape) {
        List<String> out = new ArrayList<>();
        for (String line : shape) {
            String path = line.substring(0, line.lastIndexOf(':'));
            String last = path.substring(path.lastIndexOf('.') + 1);
            if (NEWER_KEYS.contains(last) || line.endsWith(":EMPTY")) {
                continue;
            }
            out.add(line);
        }
        return out;
    }
}
