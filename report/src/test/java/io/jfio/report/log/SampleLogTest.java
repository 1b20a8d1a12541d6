package io.jfio.report.log;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fio's sample log layouts, with lines as fio 3.42 wrote them (null engine, rate_iops=800):
 * averaged with log_window_value=both (a max column), averaged with log_offset (an offset
 * column), per-I/O with log_offset; and the kinds fio's file names give. FioLogsIT (plot) runs
 * fio itself where it is installed.
 */
class SampleLogTest {
    static Path write(Path dir, String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @Test
    void windowMaxLayout(@TempDir Path tmp) throws IOException {
        SampleLog l = SampleLog.read(write(tmp, "m_bw.1.log",
                "205, 3200, 3200, 0, 0, 0\n205, 3200, 3200, 1, 0, 0\n419, 2859, 2859, 0, 0, 0\n419, 2877, 2990, 1, 0, 0\n"));
        assertEquals(SampleLog.Kind.BW, l.kind());
        assertTrue(l.windowMax());
        assertTrue(l.averaged());
        assertEquals(2, l.directions().size());
        assertArrayEquals(new long[] {205, 419}, l.directions().get(1).timesMs());
        assertArrayEquals(new long[] {3200, 2877}, l.directions().get(1).values());
    }

    @Test
    void averagedLogsReadOneValuePerWindow(@TempDir Path tmp) throws IOException {
        SampleLog avg = SampleLog.read(write(tmp, "o_iops.2.log",
                "206, 800, 0, 0, 0, 0\n207, 800, 1, 0, 0, 0\n421, 700, 0, 0, 0, 0\n"));
        assertEquals(SampleLog.Kind.IOPS, avg.kind());
        assertFalse(avg.windowMax());
        assertTrue(avg.averaged());
        assertArrayEquals(new long[] {800, 700}, avg.directions().get(0).values());
    }

    @Test
    void perIoLogsWithTheOffsetColumnSplitByDirection(@TempDir Path tmp) throws IOException {
        SampleLog perIo = SampleLog.read(write(tmp, "p_clat.3.log",
                "0, 3694, 1, 4096, 59994112, 0\n0, 141, 0, 4096, 62394368, 0\n1, 146, 1, 4096, 12816384, 0\n"));
        assertEquals(SampleLog.Kind.CLAT, perIo.kind());
        assertFalse(perIo.windowMax());
        assertFalse(perIo.averaged());
        assertArrayEquals(new long[] {141}, perIo.directions().get(0).values());
        assertArrayEquals(new long[] {3694, 146}, perIo.directions().get(1).values());
    }

    @Test
    void fio333FiveColumnLogsWithAHexPriorityRead(@TempDir Path tmp) throws IOException {
        // fio 3.33's five columns, log_prio's hex priority
        SampleLog prio = SampleLog.read(write(tmp, "x_slat.1.log", "3, 1500, 0, 4096, 0x2004\n"));
        assertEquals(SampleLog.Kind.SLAT, prio.kind());
        assertArrayEquals(new long[] {1500}, prio.directions().get(0).values());
    }

    @Test
    void theKindComesFromTheFileName() {
        assertEquals(SampleLog.Kind.LAT, SampleLog.kindOf(Path.of("job_lat.12.log")));
        assertEquals(SampleLog.Kind.BW, SampleLog.kindOf(Path.of("agg-read_bw.log")));
        assertEquals(SampleLog.Kind.IOPS, SampleLog.kindOf(Path.of("x_iops.log")));
        assertNull(SampleLog.kindOf(Path.of("x_clat_hist.1.log")));
        assertNull(SampleLog.kindOf(Path.of("fio.log")));
    }

    @Test
    void badLinesAreRefused(@TempDir Path tmp) throws IOException {
        assertThrows(IOException.class, () -> SampleLog.read(write(tmp, "b_bw.1.log", "1, 2, 3\n")));
        assertThrows(IOException.class, () -> SampleLog.read(write(tmp, "c_bw.1.log", "1, 9, 7, 4096, 0\n")));
    }

    @Test
    void anEmptyLogHasNoDirections(@TempDir Path tmp) throws IOException {
        assertTrue(SampleLog.read(write(tmp, "e_slat.1.log", "")).directions().isEmpty());
    }
}
