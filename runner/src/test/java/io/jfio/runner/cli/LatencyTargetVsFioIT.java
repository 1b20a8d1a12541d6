package io.jfio.runner.cli;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.FioVsJfio.Outcome;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * latency_target against fio 3.42 on a libaio job at iodepth=32 on a /dev/shm file: a target every
 * window meets ends at depth 32 after one final window; a 1 us target fails at depth 1 with
 * ETIMEDOUT, as fio's does.
 */
class LatencyTargetVsFioIT {
    private Path file;

    @BeforeEach
    void file() throws IOException {
        file = Files.createTempFile(Path.of("/dev/shm"), "opts-lt-", ".dat");
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(64L << 20);
        }
    }

    @AfterEach
    void remove() throws IOException {
        Files.deleteIfExists(file);
    }

    private List<String> job(String... more) {
        List<String> a = new ArrayList<>(List.of("--name=lt", "--filename=" + file, "--ioengine=libaio",
                "--iodepth=32", "--rw=randread", "--bs=4k", "--size=64m", "--time_based", "--runtime=10",
                "--output-format=json"));
        a.addAll(List.of(more));
        return a;
    }

    private static Outcome fio(Path fio, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(args);
        return FioVsJfio.run(cmd, 60);
    }

    private static JsonNode firstJob(String out) {
        return JsonParser.parse(out.substring(out.indexOf('{'))).get("jobs").elements().get(0);
    }

    @Test
    void searchEndsAtFullDepthAfterAFinalWindow() throws Exception {
        Path fio = FioVsJfio.fio342();
        // 90% within 1 s: a loaded machine's stray slow read does not end the search early
        List<String> args = job("--latency_target=1s", "--latency_window=200ms", "--latency_percentile=90");
        for (Outcome o : List.of(fio(fio, args), FioVsJfio.jfio(args))) {
            assertEquals(0, o.rc(), o.both());
            JsonNode j = firstJob(o.out());
            assertEquals(32, j.getLong("latency_depth"), o.out());
            assertEquals(1_000_000_000L, j.getLong("latency_target"));
            assertEquals(200_000, j.getLong("latency_window"));
            assertEquals(90.0, j.getDouble("latency_percentile"));
            long ms = j.get("read").getLong("runtime");
            // the report covers the final window only, and the 10 s job ends after it
            assertTrue(ms >= 200 && ms < 2000, ms + " ms");
            assertTrue(j.get("iodepth_level").getDouble("32") > 90, o.out());
        }
    }

    @Test
    void aMissAtDepthOneFailsTheJob() throws Exception {
        Path fio = FioVsJfio.fio342();
        List<String> args = job("--latency_target=1us");
        for (Outcome o : List.of(fio(fio, args), FioVsJfio.jfio(args))) {
            assertEquals(1, o.rc(), o.both());
            JsonNode j = firstJob(o.out());
            assertEquals(110, j.getLong("error"));
            assertEquals(1, j.getLong("latency_depth"));
            assertEquals(1, j.get("read").getLong("total_ios"));
            assertTrue(o.both().contains("exceeds specified max (1000 nsec): " + file + " read "), o.both());
        }
    }
}
