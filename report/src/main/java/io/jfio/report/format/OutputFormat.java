package io.jfio.report.format;

import io.jfio.report.RunResult;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** fio's --output-format values and the order in which their reports are emitted. */
public enum OutputFormat {
    NORMAL,
    TERSE,
    JSON,
    JSON_PLUS;

    /**
     * Parses a comma-separated --output-format value ("normal,json+", "minimal", "csv").
     *
     * @throws IllegalArgumentException naming the unknown format
     */
    public static Set<OutputFormat> parse(String value) {
        EnumSet<OutputFormat> set = EnumSet.noneOf(OutputFormat.class);
        for (String p : value.split(",")) {
            switch (p.trim().toLowerCase(Locale.ROOT)) {
                case "normal" -> set.add(NORMAL);
                case "terse", "minimal", "csv" -> set.add(TERSE);
                case "json" -> set.add(JSON);
                case "json+" -> set.add(JSON_PLUS);
                default -> throw new IllegalArgumentException("fio: invalid output format: " + p.trim());
            }
        }
        return set;
    }

    /**
     * The final report in every selected format, in fio's fixed order: terse lines, then the
     * JSON document (json+ when either is selected with json+), then the normal report.
     */
    public static String render(RunResult run, Set<OutputFormat> formats, int terseVersion) {
        StringBuilder b = new StringBuilder();
        if (formats.contains(TERSE)) {
            b.append(TerseFormat.write(run, terseVersion));
        }
        if (formats.contains(JSON) || formats.contains(JSON_PLUS)) {
            b.append(JsonFormat.write(run, formats.contains(JSON_PLUS)));
        }
        if (formats.contains(NORMAL)) {
            b.append(NormalFormat.write(run));
        }
        return b.toString();
    }
}
