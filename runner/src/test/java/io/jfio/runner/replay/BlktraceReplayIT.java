package io.jfio.runner.replay;

import io.jfio.runner.support.FioVsJfio;
import io.jfio.testsupport.Strace;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * blktrace replay (read_iolog of a blktrace binary, here made by {@link Trace}) and
 * merge_blktrace_file against fio: the same calls on the redirected file (strace), the same
 * probed queue depth, the same messages, the same (empty) merge file and exit status. Runs with
 * /usr/bin/fio (3.33) and, where installed, fio 3.42: both behave the same here.
 */
@Timeout(300)
class BlktraceReplayIT {
    private static final Pattern CALL = Pattern.compile(
            "(pread64|pwrite64|fsync|fdatasync)\\(\\d+<([^>]+)>(?:, \"(?:[^\"\\\\]|\\\\.)*\"(?:\\.\\.\\.)?, (\\d+), (\\d+))?\\)");

    private Path dir;

    @BeforeEach
    void scratch() throws IOException {
        Path base = Files.isDirectory(Path.of("/dev/shm")) ? Path.of("/dev/shm") : Path.of(System.getProperty("java.io.tmpdir"));
        dir = Files.createTempDirectory(base, "blktrace-");
    }

    @AfterEach
    void clean() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** A blktrace of fio's struct blk_io_trace records (little endian, version 7). */
    static final class Trace {
        static final int QUEUE = 1;
        static final int BACKMERGE = 2;
        static final int COMPLETE = 8;
        static final int TC_READ = 1;
        static final int TC_WRITE = 2;
        static final int TC_FLUSH = 4;
        static final int TC_QUEUE = 16;
        static final int TC_NOTIFY = 1 << 10;
        static final int TC_DISCARD = 1 << 13;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private int seq;

        Trace add(long timeNs, int action, int categories, long sector, int bytes, int device, byte[] pdu) {
            ByteBuffer b = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(0x65617407).putInt(seq++).putLong(timeNs).putLong(sector).putInt(bytes)
                    .putInt(action | categories << 16).putInt(4242).putInt(device).putInt(0).putShort((short) 0)
                    .putShort((short) pdu.length);
            out.writeBytes(b.array());
            out.writeBytes(pdu);
            return this;
        }

        Trace add(long timeNs, int action, int categories, long sector, int bytes) {
            return add(timeNs, action, categories, sector, bytes, 7 << 20 | 250, new byte[0]);
        }

        void write(Path p) throws IOException {
            Files.write(p, out.toByteArray());
        }
    }

    /**
     * Reads and writes three deep, with merges, completions, a notify with its message, a pdu on an
     * I/O, a zero-byte write and a flush: what a blktrace of a real device holds.
     */
    private static Trace mixed() {
        Trace t = new Trace();
        t.add(0, 0, Trace.TC_NOTIFY, 0, 0, 0, "fio-job\0".getBytes(StandardCharsets.US_ASCII));
        long time = 1_000_000;
        for (int i = 0; i < 12; i += 3) {
            for (int k = i; k < i + 3; k++) {
                int dir = k % 4 == 3 ? Trace.TC_WRITE : Trace.TC_READ;
                t.add(time, Trace.QUEUE, Trace.TC_QUEUE | dir, k * 24L, k % 2 == 0 ? 4096 : 8192, 7 << 20 | 250,
                        k == 4 ? new byte[8] : new byte[0]);
                time += 150_000;
            }
            t.add(time, Trace.BACKMERGE, Trace.TC_QUEUE | Trace.TC_READ, i * 24L, 4096);
            for (int k = i; k < i + 3; k++) {
                t.add(time + 1000, Trace.COMPLETE, 128 | (k % 4 == 3 ? Trace.TC_WRITE : Trace.TC_READ), k * 24L, 4096);
            }
            if (i == 6) {
                t.add(time, Trace.QUEUE, Trace.TC_QUEUE | Trace.TC_WRITE, 0, 0);
                t.add(time + 100_000, Trace.QUEUE, Trace.TC_QUEUE | Trace.TC_WRITE | Trace.TC_FLUSH, 0, 0);
                time += 100_000;
            }
        }
        return t;
    }

    @Test
    void blktraceReplaysAsInFio() throws Exception {
        List<Path> fios = FioVsJfio.everyFio();
        assumeTrue(!fios.isEmpty(), "skipped: no fio installed (/usr/bin/fio, JFIO_FIO342)");
        Strace.assumeInstalled();
        Path trace = dir.resolve("mixed.blktrace");
        mixed().write(trace);
        Path data = dir.resolve("data");
        String job = "[r]\nioengine=psync\nread_iolog=" + trace + "\nreplay_redirect=" + data + "\n";
        Path jobFile = dir.resolve("r.fio");
        Files.writeString(jobFile, job);
        // laid out beyond the trace's reach, so that no read meets the end of the file
        Files.write(data, new byte[1 << 20]);
        Run jfio = strace(List.of(java(), "-Djnr.ffi.x86asm.enabled=false", "-cp", System.getProperty("java.class.path"),
                "io.jfio.runner.cli.Main", jobFile.toString()), data);
        assertTrue(jfio.calls.size() >= 12, "jfio replayed " + jfio.calls + "\n" + jfio.out);
        for (Path fio : fios) {
            Files.write(data, new byte[1 << 20]);
            Run f = strace(List.of(fio.toString(), jobFile.toString()), data);
            assertEquals(f.calls, jfio.calls, fio + " and jfio: the replayed calls\n" + f.out + "\n" + jfio.out);
            assertEquals(f.out.substring(0, 7), jfio.out.substring(0, 7), "exit status");
            assertEquals(depth(f.out), depth(jfio.out), "the queue depth probed from the trace");
            assertTrue(f.out.contains("blktrace: ignoring zero byte trace: action=120001")
                    && jfio.out.contains("blktrace: ignoring zero byte trace: action=120001"), f.out + "\n" + jfio.out);
        }
    }

    /**
     * fio prints the job line before the job's thread reads its log (init_iolog), so it shows the
     * job's options, not the directions, block sizes and depth the trace then gives the job; the
     * json report's job options are the ones written and its latency depth the one the job ran
     * with. For a blktrace and a text iolog, with the defaults and with options of its own.
     */
    @Test
    void jobLineShowsTheJobsOptionsAsInFio() throws Exception {
        List<Path> fios = FioVsJfio.everyFio();
        assumeTrue(!fios.isEmpty(), "skipped: no fio installed (/usr/bin/fio, JFIO_FIO342)");
        Path trace = dir.resolve("mixed.blktrace");
        mixed().write(trace);
        Path data = dir.resolve("data");
        Path text = dir.resolve("text.iolog");
        Files.writeString(text, "fio version 2 iolog\n" + data + " add\n" + data + " open\n" + data + " write 0 8192\n"
                + data + " read 8192 16384\n" + data + " close\n");
        String[] logs = {"read_iolog=" + trace + "\nreplay_redirect=" + data + "\n", "read_iolog=" + text + "\n"};
        String[] own = {"", "rw=randwrite\nbs=16k\niodepth=2\n"};
        for (String log : logs) {
            for (String o : own) {
                Path jobFile = dir.resolve("l.fio");
                Files.writeString(jobFile, "[l]\nioengine=psync\n" + log + o);
                Files.write(data, new byte[1 << 20]);
                List<String> jfio = List.of(java(), "-Djnr.ffi.x86asm.enabled=false", "-cp",
                        System.getProperty("java.class.path"), "io.jfio.runner.cli.Main");
                String j = output(concat(jfio, jobFile.toString())).out;
                String jj = output(concat(jfio, "--output-format=json", jobFile.toString())).out;
                for (Path fio : fios) {
                    Files.write(data, new byte[1 << 20]);
                    String f = output(List.of(fio.toString(), jobFile.toString())).out;
                    String what = fio + ", " + (log + o).replace('\n', ' ');
                    assertEquals(f.lines().findFirst().orElse(""), j.lines().findFirst().orElse(""), what + ": job line");
                    String fj = output(List.of(fio.toString(), "--output-format=json", jobFile.toString())).out;
                    assertEquals(jsonJob(fj), jsonJob(jj), what + ": json job options and latency depth");
                }
            }
        }
    }

    /**
     * A replay's files are added in fio's job process, which also looks up their disks there, so
     * fio's report (a process per job) shows no disk for them: no Disk stats block, an empty json
     * disk_util; with thread=1 the jobs share fio 3.42's list and the disk is reported (fio 3.33
     * reports none then too). Redirected to a loop device, for a blktrace and a text log.
     */
    @Test
    void replayReportsTheDisksFioReports() throws Exception {
        List<Path> fios = FioVsJfio.everyFio();
        assumeTrue(!fios.isEmpty(), "skipped: no fio installed (/usr/bin/fio, JFIO_FIO342)");
        io.jfio.testsupport.LoopDevice.assumeAvailable();
        try (io.jfio.testsupport.LoopDevice loop = io.jfio.testsupport.LoopDevice.create(1 << 20, false)) {
            Path trace = dir.resolve("mixed.blktrace");
            mixed().write(trace);
            Path text = dir.resolve("text.iolog");
            String dev = loop.device();
            Files.writeString(text, "fio version 2 iolog\n" + dev + " add\n" + dev + " open\n" + dev + " read 0 8192\n"
                    + dev + " close\n");
            List<String> jfio = List.of(java(), "-Djnr.ffi.x86asm.enabled=false", "-cp",
                    System.getProperty("java.class.path"), "io.jfio.runner.cli.Main");
            for (String log : List.of("read_iolog=" + trace + "\nreplay_redirect=" + dev + "\n", "read_iolog=" + text + "\n")) {
                for (String thread : List.of("", "thread=1\n")) {
                    Path jobFile = dir.resolve("u.fio");
                    Files.writeString(jobFile, "[u]\nioengine=psync\n" + log + thread);
                    String j = disks(output(concat(jfio, jobFile.toString())).out) + " / "
                            + disks(output(concat(jfio, "--output-format=json", jobFile.toString())).out);
                    for (Path fio : fios) {
                        if (!thread.isEmpty() && !FioVsJfio.version(fio).startsWith("fio-3.42")) {
                            continue; // fio 3.33 reports no disk for a replay in thread mode either
                        }
                        String f = disks(output(List.of(fio.toString(), jobFile.toString())).out) + " / "
                                + disks(output(List.of(fio.toString(), "--output-format=json", jobFile.toString())).out);
                        assertEquals(f, j, fio + ", " + (log + thread).replace('\n', ' '));
                    }
                }
            }
        }
    }

    /** The disks a report lists: the normal Disk stats block's names, or json's disk_util names. */
    private static String disks(String out) {
        List<String> l = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^\\s+(\\S+): ios=|\"name\" : \"([^\"]+)\"").matcher(out);
        while (m.find()) {
            l.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return l.toString();
    }

    private static List<String> concat(List<String> cmd, String... more) {
        List<String> l = new ArrayList<>(cmd);
        l.addAll(List.of(more));
        return l;
    }

    /** The json report's "job options" object and "latency_depth" (fio prints notes before the json). */
    private static String jsonJob(String out) {
        Matcher o = Pattern.compile("\"job options\" : \\{[^}]*}").matcher(out);
        Matcher d = Pattern.compile("\"latency_depth\" : \\d+").matcher(out);
        return (o.find() ? o.group() : "no job options") + " " + (d.find() ? d.group() : "no latency_depth");
    }

    @Test
    void mergeBlktraceFileDoesWhatFioDoes() throws Exception {
        List<Path> fios = FioVsJfio.everyFio();
        assumeTrue(!fios.isEmpty(), "skipped: no fio installed (/usr/bin/fio, JFIO_FIO342)");
        Path data = dir.resolve("data");
        for (String[] c : mergeCases()) {
            String job = "[m]\nioengine=psync\nread_iolog=" + c[0] + "\nreplay_redirect=" + data
                    + "\nmerge_blktrace_file=" + dir.resolve("merged") + "\n" + c[1];
            Path jobFile = dir.resolve("m.fio");
            Files.writeString(jobFile, job);
            Files.deleteIfExists(dir.resolve("merged"));
            Files.write(data, new byte[1 << 20]);
            Result j = jfio(jobFile);
            Long jfioMerged = size(dir.resolve("merged"));
            for (Path fio : fios) {
                Files.deleteIfExists(dir.resolve("merged"));
                Files.write(data, new byte[1 << 20]);
                Result f = fio(fio, jobFile);
                String what = fio + ", " + c[1].replace('\n', ' ') + c[0];
                assertEquals(f.rc, j.rc, what + ": exit status\n" + f.err + "\n" + j.err);
                assertEquals(size(dir.resolve("merged")), jfioMerged, what + ": the merge file's size (null: none)");
                assertEquals(fioLines(f.err), fioLines(j.err), what + ": fio's messages");
                if (f.rc == 0) {
                    assertEquals(f.ios, j.ios, what + ": read and write I/Os");
                }
            }
        }
    }

    /**
     * --merge-blktrace-only: fio prints each job's line (normal output only; none for a job's
     * clones), does its merge and runs nothing: no version or Starting line, no report, no file
     * laid out; a merge that fails the job's set-up ends there with exit 1. With --output the job
     * lines and fio's error lines go into the file (the errors to stderr too).
     */
    @Test
    void mergeBlktraceOnlyAsInFio() throws Exception {
        List<Path> fios = FioVsJfio.everyFio();
        assumeTrue(!fios.isEmpty(), "skipped: no fio installed (/usr/bin/fio, JFIO_FIO342)");
        Path data = dir.resolve("data");
        Path laid = dir.resolve("laid");
        Path out = dir.resolve("out.txt");
        List<String[]> runs = new ArrayList<>();
        for (String[] c : mergeCases()) {
            runs.add(new String[] {"[m]\nread_iolog=" + c[0] + "\nmerge_blktrace_file=" + dir.resolve("merged") + "\n" + c[1]});
        }
        // several jobs: clones, one that merges nothing, one that merges into a file of its own
        String three = "[a]\nread_iolog=" + dir.resolve("a.blktrace") + "\nmerge_blktrace_file=" + dir.resolve("merged")
                + "\nnumjobs=2\n[b]\nrw=write\nsize=1m\nfilename=" + laid + "\n[c]\nread_iolog=" + dir.resolve("b.blktrace")
                + "\nmerge_blktrace_file=" + dir.resolve("merged2") + "\n";
        runs.add(new String[] {three});
        runs.add(new String[] {three, "--output-format=json"});
        runs.add(new String[] {three, "--output=" + out});
        // a first trace that is not a blktrace ends the parsing: the later job is not added
        runs.add(new String[] {"[a]\nread_iolog=" + dir.resolve("text.iolog") + "\nmerge_blktrace_file=" + dir.resolve("merged")
                + "\n" + three.substring(three.indexOf("[b]"))});
        for (String[] r : runs) {
            Path jobFile = dir.resolve("o.fio");
            Files.writeString(jobFile, "[global]\nioengine=psync\nreplay_redirect=" + data + "\n" + r[0]);
            List<String> opts = new ArrayList<>(List.of("--merge-blktrace-only"));
            opts.addAll(List.of(r).subList(1, r.length));
            opts.add(jobFile.toString());
            List<String> jfio = new ArrayList<>(List.of(java(), "-Djnr.ffi.x86asm.enabled=false", "-cp",
                    System.getProperty("java.class.path"), "io.jfio.runner.cli.Main"));
            jfio.addAll(opts);
            String j = mergeOnly(jfio, data, laid, out);
            for (Path fio : fios) {
                List<String> f = new ArrayList<>(List.of(fio.toString()));
                f.addAll(opts);
                assertEquals(mergeOnly(f, data, laid, out), j, fio + " " + opts);
            }
        }
    }

    /** One --merge-blktrace-only run: exit status, stdout, stderr, the merge files' sizes, --output's file. */
    private String mergeOnly(List<String> cmd, Path data, Path laid, Path out) throws Exception {
        for (Path p : List.of(dir.resolve("merged"), dir.resolve("merged2"), laid, out)) {
            Files.deleteIfExists(p);
        }
        Files.write(data, new byte[0]);
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).start();
        String o = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String e = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), cmd + " finished");
        return "exit " + p.exitValue() + "\nstdout:\n" + o + "stderr:\n" + e + "merged " + size(dir.resolve("merged"))
                + ", merged2 " + size(dir.resolve("merged2")) + ", data " + size(data) + ", laid out " + size(laid)
                + "\n--output:\n" + (Files.exists(out) ? Files.readString(out) : "none");
    }

    /** read_iolog's list and the merge options of each merge case; writes the traces they name. */
    private String[][] mergeCases() throws IOException {
        Path a = dir.resolve("a.blktrace");
        Path b = dir.resolve("b.blktrace");
        mixed().write(a);
        Trace writes = new Trace();
        for (int i = 0; i < 5; i++) {
            writes.add(2_000_000L + i * 300_000L, Trace.QUEUE, Trace.TC_QUEUE | Trace.TC_WRITE, 600 + i * 16L, 8192);
        }
        writes.write(b);
        Path text = dir.resolve("text.iolog");
        Files.writeString(text, "fio version 2 iolog\n");
        String[][] cases = {
            // the merge as fio does it: scalars and iterations as many as the traces
            {a + ":" + b, "merge_blktrace_scalars=50:200\nmerge_blktrace_iters=2:1\n"},
            {a + ":" + b, ""},
            // a count that does not match: no merge file
            {a + ":" + b, "merge_blktrace_scalars=50\n"},
            {a + ":" + b, "merge_blktrace_iters=3:1:1\n"},
            // a first trace that is not a blktrace: the job is not set up
            {text + ":" + a, ""},
        };
        return cases;
    }

    /**
     * --debug=blktrace: the lines fio's blktrace.c prints while it reads the trace (pdus skipped,
     * notifies, each device added, each I/O, trim and flush stored, offsets scaled and aligned,
     * delays time-scaled), in fio's order, for a replay and for a merge (fio's merge fails before
     * it prints any, then each job replays its own trace). fio 3.33 and 3.42 print the same lines.
     */
    @Test
    void debugBlktraceLinesAsInFio() throws Exception {
        List<Path> fios = FioVsJfio.everyFio();
        assumeTrue(!fios.isEmpty(), "skipped: no fio installed (/usr/bin/fio, JFIO_FIO342)");
        Path mixed = dir.resolve("mixed.blktrace");
        mixed().write(mixed);
        int other = 8 << 20 | 3;
        Trace more = new Trace();
        more.add(1_000_000, Trace.QUEUE, Trace.TC_NOTIFY, 0, 0, 0, new byte[8]); // a timestamp notify
        more.add(1_100_000, Trace.QUEUE, Trace.TC_NOTIFY | Trace.TC_WRITE, 0, 0, 0, new byte[0]); // unknown
        more.add(1_200_000, Trace.QUEUE, Trace.TC_QUEUE | Trace.TC_WRITE, 100, 4000);
        more.add(1_500_000, Trace.QUEUE, Trace.TC_QUEUE | Trace.TC_DISCARD, 203, 8192, other, new byte[0]);
        more.add(1_700_000, Trace.QUEUE, Trace.TC_QUEUE | Trace.TC_READ, 77, 512, other, new byte[0]);
        // back on the first device, which fio looks up and adds again
        more.add(1_900_000, Trace.QUEUE, Trace.TC_QUEUE | Trace.TC_WRITE | Trace.TC_FLUSH, 0, 0);
        more.add(2_300_000, Trace.QUEUE, Trace.TC_QUEUE | Trace.TC_READ, 9, 4096, 7 << 20 | 250, new byte[5]);
        Path moreFile = dir.resolve("more.blktrace");
        more.write(moreFile);
        Path b = dir.resolve("b.blktrace");
        Trace writes = new Trace();
        for (int i = 0; i < 3; i++) {
            writes.add(2_000_000L + i * 300_000L, Trace.QUEUE, Trace.TC_QUEUE | Trace.TC_WRITE, 600 + i * 16L, 8192);
        }
        writes.write(b);
        Path data = dir.resolve("data");
        String[] jobs = {
            "read_iolog=" + mixed + "\n",
            "read_iolog=" + moreFile + "\nreplay_scale=2\nreplay_align=1024\nreplay_time_scale=50\n",
            "read_iolog=" + mixed + ":" + b + "\nmerge_blktrace_file=" + dir.resolve("merged")
                + "\nmerge_blktrace_scalars=50:200\nmerge_blktrace_iters=2:1\n",
        };
        for (String body : jobs) {
            Path jobFile = dir.resolve("d.fio");
            Files.writeString(jobFile, "[d]\nioengine=psync\nreplay_redirect=" + data + "\n" + body);
            Files.write(data, new byte[1 << 20]);
            Output j = output(List.of(java(), "-Djnr.ffi.x86asm.enabled=false", "-cp",
                    System.getProperty("java.class.path"), "io.jfio.runner.cli.Main", "--debug=blktrace",
                    jobFile.toString()));
            assertTrue(!j.err.contains("prints no lines"), j.err);
            for (Path fio : fios) {
                Files.write(data, new byte[1 << 20]);
                Output f = output(List.of(fio.toString(), "--debug=blktrace", jobFile.toString()));
                List<String> fl = blktraceLines(f.out);
                assertTrue(fl.size() >= 8, fio + " printed blktrace lines:\n" + f.out);
                assertEquals(String.join("\n", fl), String.join("\n", blktraceLines(j.out)),
                        fio + ", " + body.replace('\n', ' ') + "\n" + f.out + "\n" + j.out);
            }
        }
    }

    private record Output(String out, String err) {
    }

    private Output output(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).start();
        // stderr is small (a few lines): read it after stdout without a second thread
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), cmd + " finished");
        return new Output(out, err);
    }

    /** The blktrace lines of stdout with the pid masked, and the continuation line of a redirect. */
    private static List<String> blktraceLines(String out) {
        List<String> l = new ArrayList<>();
        for (String s : out.split("\n")) {
            if (s.startsWith("blktrace ") && !s.startsWith("blktrace: ")) {
                l.add(s.replaceFirst("^blktrace \\d+ +", "blktrace PID "));
            } else if (s.startsWith(" overridden with: ")) {
                l.add(s);
            }
        }
        return l;
    }

    private static Long size(Path p) throws IOException {
        return Files.exists(p) ? Files.size(p) : null;
    }

    /** The "fio: ..." lines of a run's stderr that name the merge or the trace. */
    private static List<String> fioLines(String err) {
        List<String> out = new ArrayList<>();
        for (String l : err.split("\n")) {
            if (l.contains("blktrace") || l.contains("nr_logs") || l.contains("short read")) {
                out.add(l.trim());
            }
        }
        return out;
    }

    private record Result(int rc, String ios, String err) {
    }

    private static final Pattern IOS = Pattern.compile("ios=(\\d+)/(\\d+)");

    private Result fio(Path fio, Path jobFile) throws Exception {
        return run(List.of(fio.toString(), jobFile.toString()));
    }

    private Result run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), cmd + " finished");
        return new Result(p.exitValue(), ios(out), err);
    }

    private Result jfio(Path jobFile) throws Exception {
        return run(List.of(java(), "-Djnr.ffi.x86asm.enabled=false", "-cp", System.getProperty("java.class.path"),
                "io.jfio.runner.cli.Main", jobFile.toString()));
    }

    /** The disk-stats-free "issued rwts: total=R,W,..." of the normal report. */
    private static String ios(String out) {
        Matcher m = Pattern.compile("issued rwts: total=(\\d+),(\\d+),(\\d+)").matcher(out);
        return m.find() ? m.group(1) + "/" + m.group(2) + "/" + m.group(3) : "none";
    }

    private static String depth(String out) {
        // fio's job line shows the depth before the trace is read; the latency line the one the job ran with
        Matcher m = Pattern.compile("latency\\s*:\\s*target=.*depth=(\\d+)").matcher(out);
        return m.find() ? m.group(1) : "none";
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private record Run(List<String> calls, String out) {
    }

    /** The calls on {@code data} in the order of entry: both tools replay in the job's one thread. */
    private Run strace(List<String> cmd, Path data) throws Exception {
        Strace.Run r = new Strace("-y", "-e", "trace=pread64,pwrite64,fsync,fdatasync").run(dir, cmd, dir, 180);
        List<String> seq = new ArrayList<>();
        String path = data.toString();
        for (String l : r.trace().lines()) {
            Matcher m = CALL.matcher(l);
            if (!m.find() || !m.group(2).equals(path)) {
                continue;
            }
            seq.add(m.group(1) + (m.group(3) == null ? "" : " " + m.group(4) + " " + m.group(3)));
        }
        return new Run(seq, "exit " + r.rc() + "\n" + r.out() + r.err());
    }
}
