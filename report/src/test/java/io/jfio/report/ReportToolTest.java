package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jfio.report.cli.ReportTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportToolTest {
    @Test
    void convertsGoldenJsonToTerse() throws Exception {
        String text = convertGoldenToTerseAndNormal();
        assertTrue(text.startsWith("3;fio-3.33;uring-randread;0;0;"), text);
    }

    @Test
    void convertsGoldenJsonToNormal() throws Exception {
        String text = convertGoldenToTerseAndNormal();
        assertTrue(text.contains("\nRun status group 0 (all jobs):\n   READ: bw="), text);
    }

    private static String convertGoldenToTerseAndNormal() throws Exception {
        Path shared = GoldenCase.shared();
        Path json = shared == null ? null : shared.resolve("golden/c_io_uring_loop_randread_qd32/jsonplus.txt");
        assumeTrue(json != null && Files.exists(json), "../shared/golden is absent");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = ReportTool.run(new String[] {"--output-format=terse,normal", json.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
        return text;
    }

    @Test
    void badInputIsOneLine(@TempDir Path tmp) throws Exception {
        Path f = Files.writeString(tmp.resolve("x.txt"), "hello\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = ReportTool.run(new String[] {f.toString()}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(1, rc);
        assertEquals("jfio-report: input is neither fio JSON nor terse output\n", err.toString(StandardCharsets.UTF_8));
    }
}
