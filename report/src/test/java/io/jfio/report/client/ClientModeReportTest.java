package io.jfio.report.client;

import io.jfio.report.RunResult;
import io.jfio.report.format.JsonReader;
import io.jfio.report.format.NormalFormat;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * fio's client-mode shapes (fio's client.c: fio_client_json_init, handle_ts, handle_job_opt) over
 * real fio 3.42 json+ results: which entries client_stats holds, how they and the global options
 * are tagged, when "All clients" is printed.
 */
class ClientModeReportTest {
    private static Path golden;

    @BeforeAll
    static void shared() {
        String p = System.getProperty("jfio.shared");
        golden = p == null ? null : Path.of(p, "golden", "fio-3.42");
        assumeTrue(golden != null && Files.isDirectory(golden),
                "../shared/golden/fio-3.42 is absent (system property jfio.shared=" + p + ")");
    }

    private static String jsonPlus(String run) throws IOException {
        return Files.readString(golden.resolve(run).resolve("jsonplus.txt"));
    }

    /** A client whose thread_stats came as the values of a RunResult (fio's client/server protocol). */
    private static ClientModeReport.Client fromResult(String host, int port, String run) throws IOException {
        RunResult r = JsonReader.read(jsonPlus(run));
        return new ClientModeReport.Client(host, port, host, r, null, NormalFormat.write(r));
    }

    /** A client whose results came as its own json+ document (jfio-multi --hosts). */
    private static ClientModeReport.Client fromDocument(String host, String run) throws IOException {
        JsonNode doc = JsonParser.parseDocument(jsonPlus(run));
        return new ClientModeReport.Client(host, 22, host, JsonReader.read(doc), doc, "<" + host + ">\n");
    }

    private static List<JsonNode> stats(JsonNode doc) {
        return doc.get("client_stats").elements();
    }

    private static String bins(JsonNode job) {
        StringBuilder b = new StringBuilder();
        for (JsonNode.Member m : job.get("read").get("clat_ns").get("bins").members()) {
            b.append(m.key()).append('=').append(m.value().text()).append(' ');
        }
        return b.toString();
    }

    @Test
    void severalServersAreTaggedAndSummedIntoAllClients() throws IOException {
        ClientModeReport r = new ClientModeReport(2, List.of(fromResult("127.0.0.1", 8765, "a_null_randread"),
                fromResult("", 8766, "a_null_randread")));
        JsonNode doc = JsonParser.parseDocument(r.json(false, 1_700_000_000_000L));
        List<JsonNode> stats = stats(doc);
        assertEquals(3, stats.size(), "two thread_stats, then All clients");
        assertEquals("127.0.0.1", stats.get(0).getString("hostname"));
        assertEquals("", stats.get(1).getString("hostname"), "fio prints the host as given, empty for ,8766");
        JsonNode all = stats.get(2);
        assertEquals("All clients", all.getString("jobname"));
        assertEquals(8766, all.getLong("port"), "fio tags the sum with the last client");
        assertEquals(2 * stats.get(0).get("read").getLong("total_ios"), all.get("read").getLong("total_ios"));
        for (JsonNode s : stats) {
            assertFalse(s.has("eta") || s.has("elapsed"), "a client has no ETA");
            List<JsonNode.Member> m = s.members();
            assertEquals(List.of("hostname", "port"), List.of(m.get(m.size() - 2).key(), m.get(m.size() - 1).key()));
        }
        // several servers: an array of per-server objects, tagged before their first option
        List<JsonNode> globals = doc.get("global options").elements();
        assertEquals(2, globals.size());
        for (JsonNode g : globals) {
            assertEquals("hostname", g.members().get(0).key());
            assertEquals("port", g.members().get(1).key());
            assertEquals("null", g.getString("ioengine"));
        }
        assertEquals(1_700_000_000L, doc.getLong("timestamp"));
        assertEquals(3, r.terse(3).lines().count());
        // fio 3.42's client prints the sum's block and no run status group for it (client.c)
        assertTrue(r.normal().endsWith(NormalFormat.jobBlocks(r.all())), r.normal());
        assertTrue(r.normal().contains("All clients: (groupid=0, jobs=2)"), r.normal());
        assertEquals(2, r.normal().split("Run status group 0", -1).length - 1, "the two servers' groups only");
    }

    @Test
    void oneServerWithOneThreadStatHasNoSumAndPlainGlobalOptions() throws IOException {
        ClientModeReport r = new ClientModeReport(1, List.of(fromResult("h", 8765, "a_null_randread")));
        assertNull(r.all());
        JsonNode doc = JsonParser.parseDocument(r.json(true, 0));
        assertEquals(1, stats(doc).size());
        JsonNode g = doc.get("global options");
        assertEquals(JsonNode.Kind.OBJECT, g.kind());
        assertFalse(g.has("hostname"), "one server's options are not tagged");
        assertEquals("null", g.getString("ioengine"));
    }

    @Test
    void oneServerWithTwoThreadStatsIsSummedAsFioDoes() throws IOException {
        // fio's client counts thread_stats, not servers: one server with two jobs gets "All clients" too
        RunResult two = JsonReader.read(jsonPlus("a_null_randread"));
        two.addJob(JsonReader.read(jsonPlus("a_null_randread")).jobs.get(0));
        ClientModeReport r = new ClientModeReport(1, List.of(new ClientModeReport.Client("h", 8765, "h", two, null, "")));
        List<JsonNode> stats = stats(JsonParser.parseDocument(r.json(false, 0)));
        assertEquals(3, stats.size());
        assertEquals("All clients", stats.get(2).getString("jobname"));
        assertEquals(2 * stats.get(0).get("read").getLong("total_ios"), stats.get(2).get("read").getLong("total_ios"));
    }

    @Test
    void twoGroupsGiveOneSumWithTheLastGroupIdAsFio() throws IOException {
        // fio 3.42 --client of fio 3.42 --server on a two-group job (a write, then stonewall and a
        // read) printed a, b and one "All clients" with groupid 1 and both directions' I/Os
        ClientModeReport r = new ClientModeReport(1, List.of(fromResult("h", 8765, "f_stonewall_two_groups")));
        List<JsonNode> stats = stats(JsonParser.parseDocument(r.json(false, 0)));
        assertEquals(3, stats.size());
        JsonNode all = stats.get(2);
        assertEquals("All clients", all.getString("jobname"));
        assertEquals(1, all.getLong("groupid"));
        assertEquals(stats.get(0).get("write").getLong("total_ios"), all.get("write").getLong("total_ios"));
        assertEquals(stats.get(1).get("read").getLong("total_ios"), all.get("read").getLong("total_ios"));
        assertEquals(0, stats.get(0).getLong("groupid"), "the servers' own thread_stats keep their groups");
    }

    @Test
    void aClientsOwnDocumentIsPrintedAsItCameWithoutBinsInJson() throws IOException {
        ClientModeReport r = new ClientModeReport(3, List.of(fromDocument("h1", "a_null_randread"),
                fromDocument("h2", "a_null_randread")));
        String json = r.json(false, 0);
        String plus = r.json(true, 0);
        assertFalse(json.contains("\"bins\""), "json drops the json+ bins");
        assertTrue(plus.contains("\"bins\""));
        JsonNode own = JsonParser.parseDocument(jsonPlus("a_null_randread")).get("jobs").elements().get(0);
        JsonNode first = stats(JsonParser.parseDocument(plus)).get(0);
        assertEquals(bins(own), bins(first), "the client's bins as it sent them");
        assertEquals(JsonNode.Kind.ARRAY, JsonParser.parseDocument(json).get("global options").kind(),
                "three clients configured, two reported: still the several-servers shape");
        assertTrue(r.normal().startsWith("<h1>\n<h2>\n"), "each client's normal part as the caller made it");
    }
}
