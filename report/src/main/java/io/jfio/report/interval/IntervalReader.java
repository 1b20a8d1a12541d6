package io.jfio.report.interval;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads back jfio's per-interval NDJSON output ({@link IntervalLine#SCHEMA}) for the tools that
 * take it as input (jfio-compare, jfio-plot): every line checked for the schema, with the file and
 * line of the first that is not.
 */
public final class IntervalReader {
    private IntervalReader() {
    }

    /**
     * The {@code "type":"interval"} lines of {@code p} in file order (the final totals line is
     * left out). {@code tool} names the reader in the schema error.
     */
    public static List<JsonNode> intervals(Path p, String tool) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        int no = 0;
        for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
            no++;
            if (line.isBlank()) {
                continue;
            }
            JsonNode o;
            try {
                o = JsonParser.parse(line.trim());
            } catch (IllegalArgumentException e) {
                throw new IOException(p + ":" + no + ": " + e.getMessage());
            }
            String schema = o.getString("schema");
            if (!IntervalLine.SCHEMA.equals(schema)) {
                throw new IOException(p + ":" + no + ": schema " + schema + " (" + tool + " reads "
                        + IntervalLine.SCHEMA + ")");
            }
            if ("interval".equals(o.getString("type"))) {
                out.add(o);
            }
        }
        return out;
    }

    /** The first non-blank line of {@code p}, or null: what tells a JSON/NDJSON input from a log. */
    public static String firstLine(Path p) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.isBlank()) {
                    return line;
                }
            }
            return null;
        }
    }
}
