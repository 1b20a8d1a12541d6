package io.jfio.report.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's log lines as SampleLog and plot's histogram log read them: blank lines passed over, errors at PATH:LINE. */
class LogLinesTest {
    @Test
    void blankLinesArePassedOverAndLinesKeepTheirNumbers(@TempDir Path tmp) throws IOException {
        Path p = Files.writeString(tmp.resolve("a_bw.1.log"), "1, 2, 0, 4096, 0\n\n   \n5, 6, 1, 4096, 0\n");
        List<String> rows = LogLines.read(p, (f, line, where) -> where + " " + f.length + " " + f[1].trim());
        assertEquals(List.of(p + ":1 5 2", p + ":4 5 6"), rows);
    }

    @Test
    void aParserErrorNamesTheFileAndLine(@TempDir Path tmp) throws IOException {
        Path p = Files.writeString(tmp.resolve("a_bw.1.log"), "1, 2, 0, 4096, 0\n\nx\n");
        IOException e = assertThrows(IOException.class, () -> SampleLog.read(p));
        assertEquals(p + ":3: not a fio log line (time, value, ddir, bs, prio): x", e.getMessage());
    }
}
