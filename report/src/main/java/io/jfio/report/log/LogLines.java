package io.jfio.report.log;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a log fio's iolog.c writes (sample logs, histogram logs): comma-separated numbers,
 * one sample or window a line; blank lines are passed over. Each kind of log parses its own
 * columns; errors name the file and line as {@code PATH:LINE: ...}.
 */
public final class LogLines {
    /** One non-blank line's comma-separated fields, untrimmed. */
    @FunctionalInterface
    public interface Parser<T> {
        T parse(String[] fields, String line, String where) throws IOException;
    }

    private LogLines() {
    }

    /** Every non-blank line of {@code p} through {@code parser}, in file order. */
    public static <T> List<T> read(Path p, Parser<T> parser) throws IOException {
        List<T> rows = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            String line;
            int no = 0;
            while ((line = r.readLine()) != null) {
                no++;
                if (!line.isBlank()) {
                    rows.add(parser.parse(line.split(","), line, p + ":" + no));
                }
            }
        }
        return rows;
    }
}
