package io.jfio.multi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jfio-multi --hosts without root or sshd: a stand-in for ssh runs the remote command here, with
 * JFIO_DEV set per host, so the protocol, the client-mode report and a failing host's job are
 * tested wherever the suite runs (HostsNetnsIT does the same over real ssh).
 */
class HostsFakeSshIT {

    private static Path fakeSsh(Path dir) throws Exception {
        Path s = dir.resolve("fake-ssh");
        // the last argument is the remote command, the one before it the host
        Files.writeString(s, "#!/bin/sh\nfor a; do host=$last; last=$a; done\n"
                + "export JFIO_DEV=" + dir + "/data-$host\n"
                + "case $host in bad*) export JFIO_DEV=" + dir + "/no/such/dir/file ;; esac\n"
                + "exec sh -c \"$last\"\n");
        Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwxr-xr-x"));
        return s;
    }

    @Test
    void aHostWhoseJobFailsIsReportedBesideTheOthers(@TempDir Path tmp) throws Exception {
        Path job = tmp.resolve("j.fio");
        Files.writeString(job, "[j]\nioengine=psync\nrw=randrw\nbs=4k\nsize=2m\nfilename=${JFIO_DEV}\nnumber_ios=500\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = MultiMain.run(new String[] {"--hosts", "a,b,bad", "--ssh", fakeSsh(tmp).toString(),
            "--output-format=json", job.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String diag = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, rc, diag);
        JsonNode doc = JsonParser.parseDocument(out.toString(StandardCharsets.UTF_8));
        List<JsonNode> stats = doc.get("client_stats").elements();
        assertEquals(4, stats.size(), "a, b, bad (its failed job is reported), All clients");
        assertEquals("bad", stats.get(2).getString("hostname"));
        assertTrue(stats.get(2).getLong("error") != 0, "the failed job's error");
        JsonNode all = stats.get(3);
        assertEquals("All clients", all.getString("jobname"));
        assertTrue(all.getLong("error") != 0, "the sum carries the first error, as fio's does");
        assertEquals(stats.get(0).get("read").getLong("total_ios") + stats.get(1).get("read").getLong("total_ios")
                + stats.get(2).get("read").getLong("total_ios"), all.get("read").getLong("total_ios"));
        assertTrue(!all.get("read").get("clat_ns").has("bins"), "plain json: no bins");
        assertTrue(diag.matches("(?s).*bad .*its job failed.*"), diag);
        // no [global] section: fio's client prints an empty 'global options' array (t/client_server.py checks it)
        assertEquals(0, doc.get("global options").elements().size());
    }

    @Test
    void hostSpecsAsFiosClientTakesThem(@TempDir Path tmp) throws Exception {
        assertEquals(new HostSpec("h1", "h1", 2222), HostSpec.parse("ip:h1,2222"));
        assertEquals(new HostSpec("root@h2", "root@h2", 0), HostSpec.parse(" root@h2 "));
        assertEquals(22, HostSpec.parse("h").reportedPort());
        Path f = tmp.resolve("host.list");
        Files.writeString(f, "# rack 1\nh1\n\nh2,2200\n");
        assertEquals(List.of(new HostSpec("h1", "h1", 0), new HostSpec("h2", "h2", 2200)), HostSpec.file(f));
        assertThrows(IllegalArgumentException.class, () -> HostSpec.parse("-oProxyCommand=x"));
    }
}
