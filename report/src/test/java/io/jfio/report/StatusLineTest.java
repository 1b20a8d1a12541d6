package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jfio.report.format.StatusLine;
import io.jfio.report.format.StatusLine.Snapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StatusLineTest {

    private static Snapshot snap(int running, long iopsMax, String run, long eta, long elapsed, long[] kib, long[] iops) {
        return new Snapshot(running, running, 0, 0, 0, iopsMax, run, eta, elapsed, 0, 0, kib, iops, 1024, false, 4);
    }

    @Test
    void reproducesFiosCapturedStatusLines() throws Exception {
        Path shared = GoldenCase.shared();
        Path eta = shared == null ? null : shared.resolve("golden/x_eta_status_line/eta.txt");
        assumeTrue(eta != null && Files.exists(eta), "../shared/golden/x_eta_status_line is absent");
        StatusLine line = new StatusLine();
        long never = 4294967294L; // two jobs' INT_MAX ETAs summed behind a stonewall (fio's eta.c)
        StringBuilder out = new StringBuilder();
        out.append(line.format(snap(2, 40000, "rrP", never, 1, new long[] {143360, 0, 0}, new long[] {35800, 0, 0})));
        out.append(line.format(snap(2, 40000, "rrP", never, 2, new long[] {159744, 0, 0}, new long[] {40000, 0, 0})));
        out.append(line.format(snap(2, 40000, "rrP", 4, 3, new long[] {159744, 0, 0}, new long[] {40000, 0, 0})));
        out.append(line.format(snap(2, 40000, "rrP", 3, 5, new long[] {159744, 0, 0}, new long[] {40000, 0, 0})));
        out.append(line.format(new Snapshot(1, 1, 0, 0, 0, 0, "__W", 2, 6, 0, 0, new long[] {16793, 176128, 0},
                new long[] {4193, 44100, 0}, 1024, false, 4)));
        out.append(line.format(new Snapshot(1, 1, 0, 0, 0, 0, "__W", 1, 7, 0, 0, new long[] {0, 189440, 0},
                new long[] {0, 47300, 0}, 1024, false, 4)));
        out.append(line.format(new Snapshot(1, 1, 0, 0, 0, 0, "__W", 0, 8, 0, 0, new long[] {0, 104448, 0},
                new long[] {0, 26100, 0}, 1024, false, 4)));
        assertEquals(Files.readString(eta), out.toString());
    }

    @Test
    void quickstartExample() {
        StatusLine line = new StatusLine();
        String s = line.format(new Snapshot(1, 1, 0, 0, 0, 0, "r", 3, 3, 0, 0,
                new long[] {897 * 1024 + 100, 0, 0}, new long[] {230000, 0, 0}, 1024, false, 4));
        assertEquals("Jobs: 1 (f=1): [r(1)][50.0%][r=897MiB/s][r=230k IOPS][eta 00m:03s]\r", s);
        assertEquals("01h:02m:03s", StatusLine.etaToString(3723));
        assertEquals("--", StatusLine.etaToString(-1));
        assertEquals("Jobs: 0 (f=0)\r", new StatusLine().format(new Snapshot(0, 0, 0, 0, 0, 0, "", 5, 1, 0, 0,
                new long[3], new long[3], 1024, false, 4)));
    }
}
