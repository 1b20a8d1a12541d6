package io.jfio.runner.engines;

import io.jfio.testsupport.Ports;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jfio.jobfile.MachineInfo;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.cli.Main;
import io.jfio.runner.support.FioVsJfio;
import io.jfio.runner.support.Jobs;
import io.jfio.runner.support.NetPeers;

/**
 * The engines fio's example job files name (mmap, posixaio, falloc, ftruncate, the file and
 * directory operation engines, cpuio) through the whole runner on real files in a scratch
 * directory: I/O counts and bytes as computed from the job (MoreEnginesRunIT: the same as
 * fio's on the same jobs, and the exec engine running a program).
 */
class MoreEnginesRunTest {
    private Path dir;

    @BeforeEach
    void scratch() throws IOException {
        dir = scratchDirectory();
    }

    @AfterEach
    void clean() throws IOException {
        delete(dir);
    }

    /** A fresh directory in /dev/shm (RAM-fast), else /tmp. */
    static Path scratchDirectory() throws IOException {
        Path base = Path.of(Files.isDirectory(Path.of("/dev/shm")) ? "/dev/shm" : "/tmp");
        return Files.createTempDirectory(base, "engines-run-");
    }

    /** Deletes {@code dir} and everything in it, read-only files too. */
    static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                p.toFile().setWritable(true);
                Files.deleteIfExists(p);
            }
        }
    }

    /**
     * The job's arguments with --directory right after --name: fio joins a relative filename= with
     * the directory= set before it, so a --directory after --filename left fio's files in the
     * working directory.
     */
    static List<String> withDirectory(Path dir, List<String> args) {
        List<String> a = new ArrayList<>(args);
        a.add(1, "--directory=" + dir);
        return a;
    }

    private JsonNode jfio(List<String> args) {
        return jfio(dir, args);
    }

    static JsonNode jfio(Path dir, List<String> args) {
        List<String> a = withDirectory(dir, args);
        a.add("--output-format=json");
        FioVsJfio.Outcome o = FioVsJfio.jfio(a);
        assertEquals(0, o.rc(), "jfio " + args + "\n" + o.out() + "\n" + o.err());
        return FioVsJfio.json(o.out());
    }

    /**
     * "read ios bytes / write ios bytes / trim ios bytes" of the first job, then the syncs (fio
     * 3.33's JSON counts syncs differently from 3.42 and jfio, so fio comparisons leave them out:
 * {@link #dataCounts}).
     */
    private static String counts(JsonNode report) {
        return dataCounts(report) + " sync=" + report.get("jobs").elements().get(0).get("sync").get("total_ios").asLong();
    }

    static String dataCounts(JsonNode report) {
        JsonNode j = report.get("jobs").elements().get(0);
        StringBuilder b = new StringBuilder();
        for (String d : List.of("read", "write", "trim")) {
            b.append(d).append('=').append(j.get(d).get("total_ios").asLong()).append('/')
                .append(j.get(d).get("io_bytes").asLong()).append(d.equals("trim") ? "" : " ");
        }
        return b.toString();
    }

    /** Runs jfio and checks the expected counts. */
    private JsonNode check(List<String> args, String expected) throws Exception {
        JsonNode j = jfio(args);
        assertEquals(expected, counts(j), "jfio " + args);
        return j;
    }

    /** The jobs whose counts MoreEnginesRunIT compares with fio's. */
    static List<List<String>> jobs() {
        List<List<String>> l = new ArrayList<>();
        for (String e : List.of("mmap", "posixaio")) {
            l.add(dataEngine(e));
        }
        l.addAll(List.of(FALLOC_WRITE, FALLOC_TRIM, SPLICE, SPLICE_VERIFY, FTRUNCATE));
        for (String e : List.of("filecreate", "filestat", "filedelete", "dircreate", "dirstat", "dirdelete")) {
            l.add(fileOperation(e));
        }
        return l;
    }

    static List<String> dataEngine(String engine) {
        return List.of("--name=d", "--ioengine=" + engine, "--filename=d.dat", "--size=2m", "--bs=4k", "--rw=randrw",
            "--iodepth=4", "--fsync=8", "--randseed=7");
    }

    static final List<String> FALLOC_WRITE = List.of("--name=f", "--ioengine=falloc", "--filename=f.dat", "--size=1m",
        "--bs=64k", "--rw=write");
    static final List<String> FALLOC_TRIM = List.of("--name=f", "--ioengine=falloc", "--filename=f.dat", "--size=1m",
        "--bs=64k", "--rw=trim");
    static final List<String> SPLICE = List.of("--name=s", "--ioengine=splice", "--filename=s.dat", "--size=1m",
        "--bs=64k", "--rw=randrw", "--randseed=3");
    /** 128 KiB blocks are spliced in two 64 KiB pieces (no verify state: fio would save it in the working directory). */
    static final List<String> SPLICE_VERIFY = List.of("--name=s", "--ioengine=splice", "--filename=s.dat",
        "--size=2m", "--bs=128k", "--rw=write", "--verify=crc32c", "--verify_state_save=0");
    static final List<String> FTRUNCATE = List.of("--name=t", "--ioengine=ftruncate", "--filename=t.dat", "--size=1m",
        "--bs=4k", "--rw=write");

    /** As fio's examples: the create engines with create_on_open, the others on laid-out files. */
    static List<String> fileOperation(String engine) {
        return engine.equals("filestat") || engine.equals("filedelete")
            ? List.of("--name=t0", "--ioengine=" + engine, "--nrfiles=12", "--filesize=4k")
            : List.of("--name=t0", "--ioengine=" + engine, "--nrfiles=12", "--filesize=4k", "--create_on_open=1",
                "--openfiles=1");
    }

    private void wipe() {
        try {
            clean();
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mmap", "posixaio"})
    void dataEnginesMoveEveryBlock(String engine) throws Exception {
        JsonNode j = jfio(dataEngine(engine));
        JsonNode job = j.get("jobs").elements().get(0);
        long r = job.get("read").get("total_ios").asLong();
        long w = job.get("write").get("total_ios").asLong();
        assertEquals(512, r + w, "2 MiB in 4 KiB blocks");
        assertEquals(2L << 20, job.get("read").get("io_bytes").asLong() + job.get("write").get("io_bytes").asLong());
        assertEquals(w / 8, job.get("sync").get("total_ios").asLong(), "an fsync every 8 writes");
    }

    @Test
    void fallocWritesAllocate() throws Exception {
        check(FALLOC_WRITE, "read=0/0 write=16/1048576 trim=0/0 sync=0");
    }

    @Test
    void fallocTrimsPunch() throws Exception {
        check(FALLOC_TRIM, "read=0/0 write=0/0 trim=16/1048576 sync=0");
    }

    @Test
    void spliceMovesEveryBlockThroughItsPipe() throws Exception {
        check(SPLICE, "read=5/327680 write=11/720896 trim=0/0 sync=0");
        wipe();
        // 128 KiB blocks are spliced in two 64 KiB pieces; what was written reads back as written
        check(SPLICE_VERIFY, "read=16/2097152 write=16/2097152 trim=0/0 sync=0");
    }

    @Test
    void ftruncateTruncatesToEachWriteOffset() throws Exception {
        check(FTRUNCATE, "read=0/0 write=256/1048576 trim=0/0 sync=0");
        // the last write truncated the file to its offset
        assertEquals(1048576 - 4096, Files.size(dir.resolve("t.dat")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"filecreate", "filestat", "filedelete", "dircreate", "dirstat", "dirdelete"})
    void fileOperationEnginesTimeOneOperationPerFile(String engine) throws Exception {
        List<String> args = fileOperation(engine);
        JsonNode j = check(args, "read=12/49152 write=0/0 trim=0/0 sync=0");
        JsonNode read = j.get("jobs").elements().get(0).get("read");
        assertEquals(12, read.get("clat_ns").get("N").asLong(), "one latency sample per file operation");
        assertEquals(0, read.get("lat_ns").get("N").asLong(), "the fake I/Os add no latencies (FIO_NOSTATS)");
        wipe();
        jfio(args);
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> left = s.toList();
            if (engine.endsWith("delete")) {
                assertTrue(left.isEmpty(), engine + " left " + left);
            } else {
                assertEquals(12, left.size(), engine + ": " + left);
                boolean dirs = engine.startsWith("dir");
                assertTrue(left.stream().allMatch(p -> Files.isDirectory(p) == dirs), left.toString());
            }
        }
    }

    @Test
    void dircreateFailsOnExistingDirectoriesAsFio() throws Exception {
        Files.createDirectory(dir.resolve("t0.0.0"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {"--name=t0", "--ioengine=dircreate", "--nrfiles=2", "--filesize=4k",
            "--directory=" + dir}, new PrintStream(out, true), new PrintStream(err, true), System.getenv(),
            MachineInfo.current());
        assertEquals(1, rc);
        // fio prints its 'fio: pid=N, err=...' line on stdout
        assertTrue(out.toString().contains("err=17/") && out.toString().contains("func=open(")
            && out.toString().contains("error=File exists"), out.toString());
    }

    @Test
    void cpuioBurnsForItsRuntimeWithoutIo() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {"--name=burn", "--ioengine=cpuio", "--cpuload=50", "--cpuchunks=10000",
            "--time_based", "--runtime=400ms", "--directory=" + dir}, new PrintStream(out, true),
            new PrintStream(err, true), System.getenv(), MachineInfo.current());
        String o = out.toString();
        assertEquals(0, rc, o + err);
        assertTrue(o.contains("burn (noop): ioengine=cpuio, cpuload=50, cpucycle=10000\n"), o);
        assertFalse(o.contains("burn: (g=0)"), "no job line for a FIO_NOIO engine:\n" + o);
        assertFalse(o.contains("  read:"), "no data moved:\n" + o);
        assertTrue(o.contains("  lat (msec)   : "), o);
        long issued = Long.parseLong(o.replaceAll("(?s).*issued rwts: total=(\\d+),.*", "$1"));
        // 10 ms burns with 10 ms think in 400 ms: at most 20 (fewer on a loaded machine)
        assertTrue(issued >= 1 && issued <= 21, "cycles: " + issued + "\n" + o);
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(0, s.count(), "cpuio creates no files");
        }
    }

    @Test
    void cpuioWithoutCpuloadFails() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {"--name=x", "--ioengine=cpuio", "--runtime=1"}, new PrintStream(out, true),
            new PrintStream(err, true), System.getenv(), MachineInfo.current());
        assertEquals(1, rc);
        // fio prints its 'fio: pid=N, err=...' line on stdout
        assertTrue(out.toString().contains("err=22/") && out.toString().contains("func=cpuio"), out.toString());
    }

    @Test
    void execWithoutProgramFails() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {"--name=x", "--ioengine=exec", "--runtime=1"}, new PrintStream(out, true),
            new PrintStream(err, true), System.getenv(), MachineInfo.current());
        assertEquals(1, rc);
        // fio prints its 'fio: pid=N, err=...' line on stdout
        assertTrue(out.toString().contains("err=22/") && out.toString().contains("func=exec"), out.toString());
    }

    private String[] runJobFile(String text) throws IOException {
        Path job = dir.resolve("job.fio");
        Files.writeString(job, text);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {job.toString(), "--output-format=json"}, new PrintStream(out, true),
            new PrintStream(err, true), System.getenv(), MachineInfo.current());
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, o + err);
        return new String[] {o.substring(o.indexOf('{')), err.toString()};
    }

    /** One run of a net job file whose job "sender" starts once {@code listener} is up. */
    private static String[] runPair(String text, NetPeers.Listener listener) {
        Jobs.Result r = NetPeers.run(text, "json", listener, "sender");
        String o = r.out();
        assertEquals(0, r.rc, o + r.err());
        return new String[] {o.substring(o.indexOf('{')), r.err()};
    }

    private static long total(JsonNode report, int job, String ddir, String what) {
        return report.get("jobs").elements().get(job).get(ddir).get(what).asLong();
    }


    @ParameterizedTest
    @ValueSource(strings = {"tcp", "tcp pingpong", "unix", "netsplice tcp", "netsplice tcp pingpong", "netsplice unix"})
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void netMovesEveryByteOverLoopback(String mode) throws Exception {
        String engine = mode.startsWith("netsplice") ? "netsplice" : "net";
        mode = mode.replace("netsplice ", "");
        boolean unix = mode.startsWith("unix");
        int port = Ports.free();
        Path sock = dir.resolve("sock");
        String where = unix ? "protocol=unix\nfilename=" + sock + "\n"
            : "protocol=tcp\nport=" + port + "\n";
        String pingpong = mode.endsWith("pingpong") ? "pingpong\n" : "";
        String[] r = runPair("[global]\nioengine=" + engine + "\n" + where + pingpong + "bs=4k\nsize=4m\n"
            + "[receiver]\n" + (unix ? "" : "listen\n") + "rw=read\n"
            + "[sender]\n" + (unix ? "" : "hostname=127.0.0.1\n") + "startdelay=1\nrw=write\n",
            unix ? NetPeers.Listener.unix(sock) : NetPeers.Listener.tcp(port));
        JsonNode j = JsonParser.parse(r[0]);
        assertEquals(4L << 20, total(j, 0, "read", "io_bytes"), r[0]);
        assertEquals(4L << 20, total(j, 1, "write", "io_bytes"), r[0]);
        assertEquals(1024, total(j, 1, "write", "total_ios"));
        assertEquals(0, j.get("jobs").elements().get(0).get("error").asLong());
        assertEquals(0, j.get("jobs").elements().get(1).get("error").asLong());
    }

    @Test
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void netReceiverEndsWhenTheSenderClosesTheLink() throws Exception {
        // the receiver wants 64 MiB, the sender sends 1: fio's link-close message ends the receiver
        int port = Ports.free();
        String[] r = runPair("[global]\nioengine=net\nport=" + port + "\nbs=4k\n"
            + "[receiver]\nlisten\nrw=read\nsize=64m\n"
            + "[sender]\nhostname=127.0.0.1\nstartdelay=1\nrw=write\nsize=1m\n", NetPeers.Listener.tcp(port));
        JsonNode j = JsonParser.parse(r[0]);
        assertEquals(1L << 20, total(j, 0, "read", "io_bytes"), r[0]);
        assertEquals(0, j.get("jobs").elements().get(0).get("error").asLong(), r[1]);
    }

    @Test
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void netAllocatesNothingPerIo() throws Exception {
        int port = Ports.free();
        String jobs = "[global]\nioengine=net\nport=" + port + "\nbs=4k\nsize=64m\n"
            + "[receiver]\nlisten\nrw=read\n[sender]\nhostname=127.0.0.1\nstartdelay=1\nrw=write\n";
        // the sender's engine runs inside the forwarding probe that held it back, which allocates nothing
        Jobs.Result r = NetPeers.run(jobs, "normal", NetPeers.Listener.tcp(port), "sender");
        assertEquals(0, r.rc, r.err());
        for (io.jfio.runner.job.Job j : r.run.jobs()) {
            // 16384 I/Os per job: set-up only, nothing per I/O
            Jobs.assertLoopAllocatesUnder(256 * 1024, j, j.stats().totalIoU[0] + j.stats().totalIoU[1], "net I/Os");
        }
    }
}
