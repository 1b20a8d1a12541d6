package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jfio.report.format.JsonReader;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fio 3.42's client mode with several servers prints "global options" as an array of one
 * object per server (client.c; with one server, and in fio 3.33, an object): such a document
 * reads, each global option once. Built from a golden json+ (its job as two servers' entries).
 */
class ClientModeGlobalOptionsTest {
    @Test
    void anArrayOfGlobalOptionsReads() throws Exception {
        Path shared = GoldenCase.shared();
        Path f = shared == null ? Path.of("-") : shared.resolve("golden/b_psync_loop_randread/jsonplus.txt");
        assumeTrue(Files.isRegularFile(f), "no golden fio output at " + f + " (../shared is not here)");
        JsonNode golden = JsonParser.parseDocument(Files.readString(f));
        JsonNode opts = golden.get("global options");
        assertFalse(opts.members().isEmpty(), "the golden run has global options");
        RunResult run = JsonReader.read(clientDoc(golden, JsonNode.array().add(opts).add(opts).add(JsonNode.object())));
        assertEquals(2, run.threadStats().size());
        List<String> want = opts.members().stream().map(m -> m.key() + "=" + m.value().text()).toList();
        assertEquals(want, run.globalOptions.stream().map(o -> o.name() + "=" + o.value()).toList());
        // and an empty array (no server had global options) is no options
        assertEquals(0, JsonReader.read(clientDoc(golden, JsonNode.array())).globalOptions.size());
    }

    private static JsonNode clientDoc(JsonNode golden, JsonNode globalOptions) {
        JsonNode job = golden.get("jobs").elements().get(0);
        JsonNode doc = JsonNode.object();
        doc.put("fio version", golden.getString("fio version"));
        doc.put("timestamp", golden.getLong("timestamp"));
        doc.put("time", golden.getString("time"));
        doc.put("global options", globalOptions);
        doc.put("client_stats", JsonNode.array().add(job).add(job));
        return doc;
    }
}
