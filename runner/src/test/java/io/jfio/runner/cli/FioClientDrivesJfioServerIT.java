package io.jfio.runner.cli;

import io.jfio.jobfile.MachineInfo;
import io.jfio.netproto.FioServer;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An unchanged fio 3.42 client drives jfio's server (fio's protocol version 120): fio's own
 * client-mode JSON and normal report carry jfio's numbers, equal to what jfio alone reports for
 * the same size-based job. Skipped without fio 3.42.
 */
class FioClientDrivesJfioServerIT {
    private static FioServer server;
    private static Thread serving;
    private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();
    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws IOException {
        server = ServerMode.server(new FioServer.BindAddress("127.0.0.1", 0), System.getenv(), MachineInfo.current(),
                new PrintStream(LOG, true, StandardCharsets.UTF_8));
        serving = new Thread(() -> {
            try {
                server.serve();
            } catch (IOException e) {
                // closed by the test
            }
        });
        serving.setDaemon(true);
        serving.start();
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    /** fio 3.42's client running {@code job} on the jfio server, {@code options} before the job file. */
    private static FioVsJfio.Outcome fioClient(Path job, String... options) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(FioVsJfio.fio342().toString(),
                "--client=127.0.0.1," + server.port()));
        cmd.addAll(List.of(options));
        cmd.add(job.toString());
        return FioVsJfio.run(cmd, 120);
    }

    @Test
    void fiosJsonCarriesJfiosCounts() throws Exception {
        Path job = Files.writeString(dir.resolve("proto-psync.fio"), "[global]\nioengine=psync\nfilename="
                + dir.resolve("proto-file")
                + "\nsize=2m\nbs=4k\n[reader]\nrw=randread\n[writer]\nrw=write\nbs=8k\n");
        FioVsJfio.Outcome alone = FioVsJfio.jfio(List.of("--output-format=json", job.toString()));
        assertEquals(0, alone.rc(), alone.err());
        JsonNode local = JsonParser.parseDocument(alone.out());

        FioVsJfio.Outcome o = fioClient(job, "--output-format=json");
        assertEquals(0, o.rc(), o.err() + LOG);
        JsonNode remote = JsonParser.parseDocument(o.out());
        List<JsonNode> clients = remote.get("client_stats").elements();
        // two thread_stats: fio's client adds its "All clients" sum, as it does for a fio server
        assertEquals(3, clients.size(), o.out());
        JsonNode all = clients.get(2);
        assertEquals("All clients", all.getString("jobname"));
        assertEquals(2 * 2 * 1024 * 1024, all.get("read").getLong("io_bytes") + all.get("write").getLong("io_bytes"));
        for (int i = 0; i < 2; i++) {
            JsonNode mine = local.get("jobs").elements().get(i);
            JsonNode theirs = clients.get(i);
            assertEquals(mine.getString("jobname"), theirs.getString("jobname"));
            assertTrue(!theirs.getString("hostname").isEmpty(), "client_stats hostname");
            for (String dd : List.of("read", "write")) {
                for (String k : List.of("io_bytes", "total_ios")) {
                    assertEquals(mine.get(dd).getLong(k), theirs.get(dd).getLong(k), dd + " " + k);
                }
                assertEquals(mine.get(dd).get("clat_ns").getLong("N"), theirs.get(dd).get("clat_ns").getLong("N"));
            }
        }
        // sizes are exact: 2 MiB each, in 4 KiB and 8 KiB blocks
        assertEquals(512, clients.get(0).get("read").getLong("total_ios"));
        assertEquals(256, clients.get(1).get("write").getLong("total_ios"));
        // the percentiles fio's client printed come from jfio's bins: they are bin values, ordered
        JsonNode pct = clients.get(0).get("read").get("clat_ns").get("percentile");
        long prev = 0;
        for (JsonNode.Member m : pct.members()) {
            long v = m.value().asLong();
            assertTrue(v >= prev && v > 0, pct.toString());
            prev = v;
        }
        assertEquals("psync", remote.get("global options").getString("ioengine"));
        assertEquals("randread", clients.get(0).get("job options").getString("rw"));
    }

    @Test
    void fiosNormalReportShowsWhatTheJfioServerSent() throws Exception {
        Path job = Files.writeString(dir.resolve("proto-null.fio"), "[j]\nioengine=null\nsize=8m\nbs=64k\nrw=write\n");
        FioVsJfio.Outcome o = fioClient(job);
        assertEquals(0, o.rc(), o.err() + LOG);
        assertTrue(o.out().contains("fio=" + Main.VERSION), o.out());
        assertTrue(o.out().contains("> j: (g=0): rw=write, bs=(R) 64.0KiB-64.0KiB"), o.out());
        assertTrue(o.out().contains("> Starting 1 process"), o.out());
        assertTrue(o.out().contains("issued rwts: total=0,128,0,0"), o.out());
        assertTrue(o.out().contains("io=8192KiB"), o.out());
        assertTrue(o.out().contains("Run status group 0 (all jobs):"), o.out());
    }

    @Test
    void aJobFileJfioRefusesIsReportedToTheClient() throws Exception {
        Path job = Files.writeString(dir.resolve("proto-bad.fio"), "[j]\nioengine=null\nsize=1m\nrw=bogus\n");
        FioVsJfio.Outcome o = fioClient(job);
        assertTrue(o.rc() != 0, o.out());
        assertTrue((o.out() + o.err()).contains("bogus"), o.out() + o.err());
    }
}
