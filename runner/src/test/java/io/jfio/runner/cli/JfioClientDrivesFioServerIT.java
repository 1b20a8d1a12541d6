package io.jfio.runner.cli;

import io.jfio.testsupport.Ports;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.NetPeers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jfio --client drives two unchanged fio 3.42 servers (fio's protocol version 120): the reports
 * carry what fio ran, in fio's client-mode shapes, with the exact "All clients" sum; fio's own
 * t/client_server.py passes with jfio in place of fio. Skipped without fio 3.42.
 */
class JfioClientDrivesFioServerIT {
    private static final List<Process> SERVERS = new ArrayList<>();
    private static final int[] PORTS = new int[2];
    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        Path fio = FioVsJfio.fio342();
        for (int i = 0; i < 2; i++) {
            PORTS[i] = Ports.free();
            SERVERS.add(new ProcessBuilder(fio.toString(), "--server=127.0.0.1," + PORTS[i])
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start());
        }
        for (int port : PORTS) {
            NetPeers.Listener.tcp(port).await();
        }
    }

    @AfterAll
    static void stop() {
        for (Process p : SERVERS) {
            p.destroy();
        }
    }

    @Test
    void twoFioServersJsonWithAllClients() throws Exception {
        Path a = Files.writeString(dir.resolve("proto-a.fio"),
                "[global]\nioengine=null\nbs=4k\n[a]\nrw=randread\nsize=4m\n");
        Path b = Files.writeString(dir.resolve("proto-b.fio"), "[b]\nioengine=null\nbs=8k\nrw=write\nsize=2m\n");
        FioVsJfio.Outcome o = FioVsJfio.jfio(List.of("--output-format=json+",
                "--client=127.0.0.1," + PORTS[0], a.toString(), "--client=127.0.0.1," + PORTS[1], b.toString()));
        assertEquals(0, o.rc(), o.err());
        JsonNode doc = JsonParser.parseDocument(o.out());
        List<JsonNode> stats = doc.get("client_stats").elements();
        assertEquals(3, stats.size(), o.out());
        assertEquals(1024, stats.get(0).get("read").getLong("total_ios"));
        assertEquals(256, stats.get(1).get("write").getLong("total_ios"));
        assertEquals("127.0.0.1", stats.get(0).getString("hostname"));
        assertEquals(PORTS[1], stats.get(1).getLong("port"));
        JsonNode all = stats.get(2);
        assertEquals("All clients", all.getString("jobname"));
        assertEquals(4 << 20, all.get("read").getLong("io_bytes"));
        assertEquals(2 << 20, all.get("write").getLong("io_bytes"));
        // json+ bins came across: their sum is the I/O count
        long n = 0;
        for (JsonNode.Member m : stats.get(0).get("read").get("clat_ns").get("bins").members()) {
            n += m.value().asLong();
        }
        assertEquals(1024, n);
        // several servers: "global options" is an array, one tagged entry per job file with a global section
        List<JsonNode> globals = doc.get("global options").elements();
        assertEquals(1, globals.size());
        assertEquals("null", globals.get(0).getString("ioengine"));
        assertEquals(PORTS[0], globals.get(0).getLong("port"));
    }

    @Test
    void normalOutputTagsTheServersMessages() throws Exception {
        Path a = Files.writeString(dir.resolve("proto-n.fio"), "[n]\nioengine=null\nbs=4k\nrw=read\nsize=1m\n");
        FioVsJfio.Outcome o = FioVsJfio.jfio(List.of("--client=127.0.0.1," + PORTS[0], a.toString()));
        assertEquals(0, o.rc(), o.err());
        assertTrue(o.out().contains(", fio=fio-3.42, flags="), o.out());
        assertTrue(o.out().contains("> n: (g=0): rw=read, bs=(R) 4096B-4096B"), o.out());
        assertTrue(o.out().contains("> Starting 1 process"), o.out());
        assertTrue(o.out().contains("n: (groupid=0, jobs=1): err= 0: pid="), o.out());
        assertTrue(o.out().contains("issued rwts: total=256,0,0,0"), o.out());
        assertTrue(o.out().contains("Run status group 0 (all jobs):"), o.out());
    }

    @Test
    void aDeadPortIsNamed() throws Exception {
        int dead = deadPort();
        FioVsJfio.Outcome o = withADeadPort(dead);
        assertEquals(1, o.rc(), o.err());
        assertTrue(o.err().contains("client 127.0.0.1," + dead + ": Connection refused"), o.err());
    }

    @Test
    void theLiveServerBesideADeadPortIsReported() throws Exception {
        FioVsJfio.Outcome o = withADeadPort(deadPort());
        assertEquals(256, JsonParser.parseDocument(o.out()).get("client_stats").elements().get(0).get("read")
                .getLong("total_ios"));
    }

    /** A port nobody listens on (just closed). */
    private static int deadPort() {
        return Ports.free();
    }

    /** jfio as the client of the first fio server and of the dead port. */
    private FioVsJfio.Outcome withADeadPort(int dead) throws Exception {
        Path a = Files.writeString(dir.resolve("proto-d.fio"), "[d]\nioengine=null\nbs=4k\nrw=read\nsize=1m\n");
        return FioVsJfio.jfio(List.of("--output-format=json", "--client=127.0.0.1," + PORTS[0],
                a.toString(), "--client=127.0.0.1," + dead, a.toString()));
    }

    /** fio's own client/server test, with jfio as both server (--daemonize) and client. */
    @Test
    void fiosClientServerScriptPasses() throws Exception {
        Path fio = FioVsJfio.fio342();
        Path script = fio.getParent().resolve("t/client_server.py");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(script),
                "skipped: fio 3.42's source tree (t/client_server.py) is not next to " + fio);
        for (int port = 8765; port <= 8768; port++) {
            try (ServerSocket s = new ServerSocket(port)) {
                s.setReuseAddress(true);
            } catch (IOException e) {
                org.junit.jupiter.api.Assumptions.assumeTrue(false,
                        "skipped: port " + port + " (which t/client_server.py uses) is busy");
            }
        }
        Path wrapper = dir.resolve("jfio");
        Files.writeString(wrapper, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -Djnr.ffi.x86asm.enabled=false -XX:TieredStopAtLevel=1 -cp '" + System.getProperty("java.class.path")
                + "' io.jfio.runner.cli.Main \"$@\"\n");
        assertTrue(wrapper.toFile().setExecutable(true));
        // smoke, one global section, several servers with and without globals, All clients percentiles
        FioVsJfio.Outcome o = FioVsJfio.run(List.of("python3", script.toString(), "-f", wrapper.toString(),
                "-a", dir.resolve("cs").toString(), "-o", "1", "4", "5", "7"), 600);
        assertEquals(0, o.rc(), o.out() + o.err());
        assertTrue(o.out().contains("4 test(s) passed, 0 failed"), o.out() + o.err());
    }
}
