package io.jfio.multi;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One instance of a multi run: a job file, optionally pointed at a target, with its own option
 * overrides. Every instance is an independent fio-style run with its own report.
 *
 * @param number    1-based, names the output files (instance-N.*)
 * @param label     short name for tables (target or job file name)
 * @param jobFile   the job file
 * @param target    fills ${TARGET}, or replaces filename= (directory= for a directory); null: none
 * @param overrides options appended to every job section (they win over the file's values)
 */
public record Instance(int number, String label, Path jobFile, String target,
                       List<Map.Entry<String, String>> overrides) {
    public Instance {
        overrides = List.copyOf(overrides);
    }

    public String fileStem() {
        return "instance-" + number;
    }
}
