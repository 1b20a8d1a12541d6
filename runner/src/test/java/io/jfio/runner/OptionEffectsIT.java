package io.jfio.runner;

import io.jfio.jobfile.MachineInfo;
import io.jfio.testsupport.Loop;
import io.jfio.testsupport.LoopDevice;
import io.jfio.testsupport.LoopDevices;
import io.jfio.testsupport.Strace;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import io.jfio.runner.cli.Main;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The effect of single options, each run by the installed fio (3.33 in CI) and by jfio on files in
 * /dev/shm: the same files, the same report lines, the same system calls (counted with strace).
 * Skipped without fio; the strace checks without strace.
 */
@Timeout(600)
@ExtendWith(LoopDevices.class)
class OptionEffectsIT {
    private static final Path FIO = Path.of("/usr/bin/fio");
    private static Path base;
    private static int runs;

    /** What one run left: exit status, stdout, stderr, the files of its directory (name to size), the trace. */
    record Outcome(int rc, String out, String err, Map<String, Long> files, Map<String, Long> mtimes, String trace) {
        JsonNode json() {
            return JsonParser.parseDocument(out);
        }

        JsonNode job(int i) {
            return json().get("jobs").elements().get(i);
        }

        /** The lines of the normal report that match. */
        List<String> lines(String regex) {
            List<String> l = new ArrayList<>();
            Pattern p = Pattern.compile(regex);
            for (String line : out.split("\n")) {
                if (p.matcher(line).find()) {
                    l.add(line.trim());
                }
            }
            return l;
        }

        long traced(String regex) {
            return Pattern.compile(regex).matcher(trace).results().count();
        }
    }

    @BeforeAll
    static void setUp() throws IOException {
        assumeTrue(Files.isExecutable(FIO), "skipped: " + FIO + " is not installed");
        assumeTrue(Files.isDirectory(Path.of("/dev/shm")), "skipped: no /dev/shm");
        base = Files.createTempDirectory(Path.of("/dev/shm"), "options-effects-");
    }

    @AfterAll
    static void tearDown() throws IOException {
        if (base != null) {
            try (Stream<Path> s = Files.walk(base)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Runs the job (DIR replaced by a fresh directory) with fio or jfio; traced under strace when asked. */
    private static Outcome run(boolean fio, String job, String format, String traceCalls) throws Exception {
        Path dir = Files.createDirectories(base.resolve((fio ? "fio-" : "jfio-") + runs++));
        Path file = base.resolve("job-" + runs + ".fio");
        Files.writeString(file, job.replace("DIR", dir.toString()));
        List<String> cmd = new ArrayList<>();
        if (fio) {
            cmd.add(FIO.toString());
        } else {
            cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), Main.class.getName()));
        }
        cmd.addAll(List.of("--output-format=" + format, file.toString()));
        int rc;
        String out;
        String err;
        String t = "";
        if (traceCalls != null) {
            Strace.Run r = new Strace("-e", "trace=" + traceCalls).run(base, cmd, null, 120);
            rc = r.rc();
            out = r.out();
            err = r.err();
            t = r.trace().text().replace(dir.toString(), "DIR");
        } else if (fio) {
            Process p = new ProcessBuilder(cmd).redirectError(base.resolve("err-" + runs).toFile()).start();
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + cmd);
            rc = p.exitValue();
            err = Files.readString(base.resolve("err-" + runs));
        } else {
            ByteArrayOutputStream o = new ByteArrayOutputStream();
            ByteArrayOutputStream e = new ByteArrayOutputStream();
            rc = Main.run(new String[] {"--output-format=" + format, file.toString()}, new PrintStream(o, true),
                    new PrintStream(e, true), System.getenv(), MachineInfo.current());
            out = o.toString(StandardCharsets.UTF_8);
            err = e.toString(StandardCharsets.UTF_8);
        }
        Map<String, Long> files = new TreeMap<>();
        Map<String, Long> mtimes = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                files.put(f.getFileName().toString(), Files.size(f));
                mtimes.put(f.getFileName().toString(), Files.getLastModifiedTime(f).toMillis());
            }
        }
        return new Outcome(rc, out, err, files, mtimes, t);
    }

    private static Outcome[] both(String job, String format) throws Exception {
        return both(job, format, null);
    }

    private static Outcome[] both(String job, String format, String traceCalls) throws Exception {
        if (traceCalls != null) {
            Strace.assumeInstalled();
        }
        return new Outcome[] {run(true, job, format, traceCalls), run(false, job, format, traceCalls)};
    }

    private static final String SMALL = "[j]\nioengine=psync\nbs=4k\n";

    @Test
    void fileLayoutOptionsLeaveTheSameFiles() throws Exception {
        String[] jobs = {
            SMALL + "rw=write\nsize=64k\nnrfiles=2\nfilename_format=opt.$filenum\ndirectory=DIR\n",
            SMALL + "rw=write\nnrfiles=2\nfilesize=32k\ndirectory=DIR\n",
            SMALL + "rw=write\nsize=256k\nio_size=8k\noverwrite=1\nfilename=DIR/f\n",
            SMALL + "rw=write\nsize=256k\nio_size=8k\nfallocate=none\nfilename=DIR/f\n",
            SMALL + "rw=write\nsize=256k\nio_size=8k\nfallocate=truncate\nfilename=DIR/f\n",
            SMALL + "rw=read\nsize=64k\nallow_file_create=0\nfilename=DIR/f\n",
            // file_append: the second job writes its 64k after the first one's
            "[global]\nioengine=psync\nbs=4k\nrw=write\nsize=64k\nfilename=DIR/f\n[a]\n[b]\nstonewall\nfile_append=1\n",
        };
        for (String job : jobs) {
            Outcome[] o = both(job, "json");
            System.out.println(job.substring(SMALL.length()).replace('\n', ' ') + "-> fio " + o[0].files()
                    + " rc " + o[0].rc() + ", jfio " + o[1].files() + " rc " + o[1].rc());
            assertEquals(o[0].files(), o[1].files(), job);
            assertEquals(o[0].rc() == 0, o[1].rc() == 0, job + o[1].err());
        }
    }

    @Test
    void offsetAlignDoesTheSameIos() throws Exception {
        sameTotalIos(SMALL + "rw=read\nsize=1m\noffset=1000\noffset_align=64k\nfilename=DIR/f\n");
    }

    @Test
    void openfilesDoesTheSameIos() throws Exception {
        sameTotalIos(SMALL + "rw=randread\nsize=256k\nnrfiles=2\nopenfiles=2\ndirectory=DIR\n");
    }

    private void sameTotalIos(String job) throws Exception {
        Outcome[] o = both(job, "json");
        long a = o[0].job(0).get("read").getLong("total_ios");
        long b = o[1].job(0).get("read").getLong("total_ios");
        System.out.println(job.substring(SMALL.length()).replace('\n', ' ') + "-> total_ios fio " + a + ", jfio " + b);
        assertEquals(a, b, job);
    }

    /** gtod_reduce and disable_*: which latency lines the report has (fio measures and prints none of the disabled). */
    @Test
    void disabledLatenciesAreNeitherMeasuredNorPrinted() throws Exception {
        String[] kinds = {"^\\s+slat \\(", "^\\s+clat \\(", "^\\s+lat \\(", "clat percentiles", "^\\s+lat \\([num]sec\\)\\s+:",
            "^\\s+bw \\(", "^\\s+iops\\s+:"};
        for (String opt : new String[] {"gtod_reduce", "disable_lat", "disable_clat", "disable_slat",
            "disable_bw_measurement"}) {
            String job = "[j]\nioengine=libaio\niodepth=4\nrw=randread\nbs=4k\nsize=4m\nfilename=DIR/f\ntime_based\n"
                    + "runtime=1200ms\nrate_iops=1000\n" + opt + "=1\n";
            Outcome[] o = both(job, "normal");
            List<String> fio = new ArrayList<>();
            List<String> jfio = new ArrayList<>();
            for (String k : kinds) {
                fio.add(k + "=" + !o[0].lines(k).isEmpty());
                jfio.add(k + "=" + !o[1].lines(k).isEmpty());
            }
            System.out.println(opt + ": fio " + fio + "\n   jfio " + jfio);
            assertEquals(fio, jfio, opt + "\n" + o[1].out());
        }
        Outcome[] o = both("[j]\nioengine=psync\nrw=randread\nbs=4k\nsize=1m\nfilename=DIR/f\ngtod_reduce=1\n", "json");
        for (String stat : new String[] {"slat_ns", "clat_ns", "lat_ns"}) {
            assertEquals(o[0].job(0).get("read").get(stat).getLong("N"), o[1].job(0).get("read").get(stat).getLong("N"),
                    stat);
        }
        assertEquals(0, o[1].job(0).get("read").get("clat_ns").getLong("N"));
    }

    /** Report-shaping options: which blocks and percentile lines the normal report has. */
    @Test
    void reportOptionsShapeTheReportAsFio() throws Exception {
        String two = "[global]\nioengine=psync\nrw=read\nbs=4k\nsize=256k\n";
        String[][] cases = {
            {two + "[a]\nfilename=DIR/a\nstats=0\n[b]\nfilename=DIR/b\n", "^\\S+: \\(groupid="},
            {two + "[a]\nfilename=DIR/a\n[b]\nfilename=DIR/b\nnew_group\n", "^Run status group"},
            {two + "[a]\nfilename=DIR/a\ndescription=the first job\n", "Description"},
            {two + "[a]\nfilename=DIR/a\nclat_percentiles=0\n", "percentiles"},
            {two + "[a]\nfilename=DIR/a\nlat_percentiles=1\n", "percentiles"},
            {two + "[a]\nioengine=libaio\nfilename=DIR/a\nslat_percentiles=1\n", "percentiles"},
            {two + "[a]\nfilename=DIR/a\npercentile_list=50:99.5\n", "percentiles|\\|\\s+\\d"},
        };
        for (String[] c : cases) {
            Outcome[] o = both(c[0], "normal");
            List<String> fio = o[0].lines(c[1]).stream().map(OptionEffectsIT::shape).toList();
            List<String> jfio = o[1].lines(c[1]).stream().map(OptionEffectsIT::shape).toList();
            System.out.println(c[0].substring(two.length()).replace('\n', ' ') + "-> " + jfio);
            assertEquals(fio, jfio, c[0] + "\n" + o[1].out());
        }
    }

    /** A report line without its measured numbers: pids, dates, latencies and counts become '#'. */
    private static String shape(String line) {
        // the unit of a percentile block follows the measured values (jfio's slat is longer than fio's)
        return line.replaceAll("pid=\\d+.*", "pid").replaceAll("\\[\\s*[\\d.]+[kKmM]?\\]", "[#]")
                .replaceAll("\\(\\d+\\.\\d+[a-z]*\\)", "").replaceAll("\\((nsec|usec|msec)\\)", "(unit)");
    }

    /** significant_figures: the IOPS value has as many digits in fio's and jfio's report. */
    @Test
    void significantFiguresAsFio() throws Exception {
        for (String sf : new String[] {"significant_figures=2", "significant_figures=6"}) {
            Outcome[] o = both(SMALL + "rw=read\nsize=1m\nfilename=DIR/f\n" + sf + "\n", "normal");
            int[] digits = new int[2];
            for (int i = 0; i < 2; i++) {
                Matcher m = Pattern.compile("IOPS=([0-9.]+)").matcher(o[i].out());
                assertTrue(m.find(), o[i].out());
                digits[i] = m.group(1).replace(".", "").replaceFirst("^0+", "").length();
            }
            System.out.println(sf + ": IOPS digits fio " + digits[0] + ", jfio " + digits[1]);
            // the value itself differs run to run; neither prints more significant digits than asked
            int n = Integer.parseInt(sf.substring(sf.indexOf('=') + 1));
            assertTrue(digits[0] <= n && digits[1] <= n, sf + ": fio " + digits[0] + ", jfio " + digits[1]);
        }
    }

    /** disk_util=0 drops the Disk stats block; allow_mounted_write=1 lets a job write a mounted device. */
    @Test
    void blockDeviceOptionsAsFio(@Loop(mib = 16) LoopDevice dev) throws Exception {
        String job = "[j]\nioengine=psync\nrw=read\nbs=4k\nsize=1m\nfilename=" + dev.device() + "\n";
        for (String du : new String[] {"", "disk_util=0\n"}) {
            Outcome[] o = both(job + du, "normal");
            System.out.println((du.isEmpty() ? "disk_util=1" : "disk_util=0") + ": Disk stats fio "
                    + o[0].out().contains("Disk stats") + ", jfio " + o[1].out().contains("Disk stats"));
            assertEquals(o[0].out().contains("Disk stats"), o[1].out().contains("Disk stats"), du);
        }
        dev.mountExt4();
        String write = job.replace("rw=read", "rw=write");
        for (String amw : new String[] {"", "allow_mounted_write=1\n"}) {
            Outcome[] o = both(write + amw, "normal");
            System.out.println("mounted, " + (amw.isEmpty() ? "allow_mounted_write=0" : "allow_mounted_write=1")
                    + ": rc fio " + o[0].rc() + ", jfio " + o[1].rc());
            assertEquals(o[0].rc() == 0, o[1].rc() == 0, amw + o[1].err());
        }
    }

    /** Job ordering and ending: wait_for, startdelay, exitall (exit_what), exitall_on_error. */
    @Test
    void waitForStartsAJobAfterTheOtherAsFio() throws Exception {
        String g = ORDERING_GLOBAL;
        // wait_for: b (a writer: its file's mtime is when it ran) starts after a's second of reading
        Outcome[] o = both(g + "[a]\nfilename=DIR/a\ntime_based\nruntime=1\n[b]\nrw=write\nfilename=DIR/b\nwait_for=a\n",
                "json");
        for (Outcome x : o) {
            long gap = x.mtimes().get("b") - x.mtimes().get("a");
            System.out.println("wait_for=a: b wrote " + gap + " ms after a was laid out");
            assertTrue(gap >= 900, "b wrote " + gap + " ms after a was laid out");
        }
    }

    @Test
    void startdelayDelaysTheJobAsFio() throws Exception {
        String g = ORDERING_GLOBAL;
        // startdelay: the writer a runs a second after the reader b's file was laid out
        Outcome[] o = both(g + "[a]\nrw=write\nfilename=DIR/a\nstartdelay=1\n[b]\nfilename=DIR/b\n", "json");
        for (Outcome x : o) {
            long gap = x.mtimes().get("a") - x.mtimes().get("b");
            System.out.println("startdelay=1: a wrote " + gap + " ms after b was laid out");
            assertTrue(gap >= 900, "a wrote " + gap + " ms after b was laid out");
        }
    }

    @Test
    void exitallStopsTheOtherJobsAsFio() throws Exception {
        String g = ORDERING_GLOBAL;
        String longB = "[b]\nfilename=DIR/b\ntime_based\nruntime=20\n";
        String[] stoppers = {
            g + "[a]\nfilename=DIR/a\nexitall\n" + longB,
            g + "[a]\nfilename=DIR/a\nexitall\nexit_what=all\n" + longB + "new_group\n",
            g + "[a]\nrw=write\nfilename=/dev/full\nexitall_on_error\n" + longB,
        };
        for (String job : stoppers) {
            Outcome[] o = both(job, "json");
            for (Outcome x : o) {
                long ms = x.job(1).get("read").getLong("runtime");
                System.out.println(job.substring(g.length()).replace('\n', ' ') + "-> b ran " + ms + " ms");
                assertTrue(ms < 10_000, "b ran " + ms + " ms: " + job);
            }
        }
    }

    @Test
    void exitallLeavesAJobOfAnotherGroupRunningAsFio() throws Exception {
        // exit_what=group (the default) leaves a job of another group running
        Outcome[] o = both(ORDERING_GLOBAL + "[a]\nfilename=DIR/a\nexitall\n"
                + "[b]\nfilename=DIR/b\ntime_based\nruntime=2\nnew_group\n", "json");
        for (Outcome x : o) {
            assertTrue(x.job(1).get("read").getLong("runtime") >= 1900, "b was stopped");
        }
    }

    private static final String ORDERING_GLOBAL = "[global]\nioengine=psync\nrw=read\nbs=4k\nsize=256k\n";

    /** bwavgtime/iopsavgtime: the sample counts. */
    @Test
    void avgtimeWindowsGiveFiosSampleCounts() throws Exception {
        String job = "[j]\nioengine=psync\nrw=read\nbs=4k\nsize=4m\nfilename=DIR/f\ntime_based\nruntime=2\n"
                + "rate_iops=2000\nbwavgtime=250\niopsavgtime=1000\n";
        Outcome[] o = both(job, "json");
        long[] window = {250, 1000};
        String[] keys = {"bw_samples", "iops_samples"};
        for (int i = 0; i < keys.length; i++) {
            String k = keys[i];
            long[] n = new long[2];
            long[] windows = new long[2];
            for (int t = 0; t < 2; t++) {
                n[t] = o[t].job(0).get("read").getLong(k);
                windows[t] = o[t].job(0).get("read").getLong("runtime") / window[i];
                // a tool cannot average over more windows than its runtime holds (plus the last partial one)
                assertTrue(n[t] >= 1 && n[t] <= windows[t] + 1, k + ": " + n[t] + " samples in " + windows[t] + " windows");
            }
            System.out.println(k + ": fio " + n[0] + ", jfio " + n[1] + " (windows " + windows[0] + ", " + windows[1] + ")");
            // A starved sampler (a loaded CI machine) takes fewer samples in either tool; compare only when both
            // tools sampled at least half their windows.
            if (2 * n[0] >= windows[0] && 2 * n[1] >= windows[1]) {
                assertTrue(Math.abs(n[0] - n[1]) <= 2, k + ": fio " + n[0] + ", jfio " + n[1]);
            }
        }
    }

    @Test
    void rateIopsMinNotMetStopsTheJobAfterRateCycleAsFio() throws Exception {
        // rate_iops_min not met: fio stops the job after rate_cycle with an error
        String job = "[j]\nioengine=psync\nrw=read\nbs=4k\nsize=4m\nfilename=DIR/f\ntime_based\nruntime=10\nthinktime=10000\n"
                + "rate_iops_min=1000\nrate_cycle=500\n";
        Outcome[] o = both(job, "json");
        for (Outcome x : o) {
            long ms = x.job(0).get("read").getLong("runtime");
            System.out.println("rate_iops_min not met, rate_cycle=500: rc " + x.rc() + ", ran " + ms + " ms");
            assertNotEquals(0, x.rc());
            assertTrue(ms < 5000, "ran " + ms + " ms");
        }
    }

    @Test
    void rateIgnoreThinktimeKeepsTheRateAcrossThinkPausesAsFio() throws Exception {
        // rate_ignore_thinktime: the rate is kept across the think pauses instead of catching up
        String job = "[j]\nioengine=psync\nrw=read\nbs=4k\nsize=4m\nfilename=DIR/f\ntime_based\nruntime=2\nrate_iops=500\n"
                + "thinktime=200000\nthinktime_blocks=100\nrate_ignore_thinktime=1\n";
        Outcome[] o = both(job, "json");
        long a = o[0].job(0).get("read").getLong("total_ios");
        long b = o[1].job(0).get("read").getLong("total_ios");
        System.out.println("rate_ignore_thinktime: total_ios fio " + a + ", jfio " + b);
        assertTrue(Math.abs(a - b) <= a / 5 + 10, "fio " + a + ", jfio " + b);
    }

    /** Options whose effect is a system call: the same calls on the job's files, counted with strace. */
    @Test
    void syscallOptionsMakeTheSameCalls() throws Exception {
        String w = "[j]\nioengine=psync\nrw=write\nbs=4k\nsize=64k\nfilename=DIR/f\n";
        String r = "[j]\nioengine=psync\nrw=read\nbs=4k\nsize=64k\nfilename=DIR/f\n";
        String[][] cases = {
            {w + "end_fsync=1\n", "fsync", "fsync\\("},
            {w + "fsync_on_close=1\n", "fsync", "fsync\\("},
            {r + "create_fsync=0\n", "fsync", "fsync\\("},
            {r + "create_fsync=1\n", "fsync", "fsync\\("},
            {w + "fdatasync=4\n", "fdatasync", "fdatasync\\("},
            {w + "sync=1\n", "openat", "openat\\([^\\n]*DIR/f[^\\n]*O_SYNC"},
            {w + "sync=dsync\n", "openat", "openat\\([^\\n]*DIR/f[^\\n]*O_DSYNC"},
            {r + "invalidate=0\n", "fadvise64", "POSIX_FADV_DONTNEED"},
            {r + "invalidate=1\n", "fadvise64", "POSIX_FADV_DONTNEED"},
            {w + "create_on_open=1\n", "openat", "openat\\([^\\n]*DIR/f[^\\n]*O_CREAT"},
            {r + "buffered=0\n", "openat", "openat\\([^\\n]*DIR/f[^\\n]*O_DIRECT"},
        };
        for (String[] c : cases) {
            Outcome[] o = both(c[0], "json", c[1]);
            long a = o[0].traced(c[2]);
            long b = o[1].traced(c[2]);
            System.out.println(c[0].substring(c[0].indexOf("filename=")).replace('\n', ' ') + "-> " + c[2] + ": fio " + a
                    + ", jfio " + b);
            assertEquals(a, b, c[0] + "\nfio:\n" + o[0].trace() + "\njfio:\n" + o[1].trace());
        }
        // CPU affinity: the sets each job thread binds to
        String[][] cpus = {
            {r + "cpus_allowed=0\n", "[0]"},
            {r + "cpumask=1\n", "[0]"},
            {r.replace("[j]", "[global]\ncpus_allowed=0-1\ncpus_allowed_policy=split\n[j]") + "numjobs=2\n", "[0] [1]"},
        };
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs 2 CPUs");
        for (String[] c : cpus) {
            Outcome[] o = both(c[0], "json", "sched_setaffinity");
            for (Outcome x : o) {
                List<String> sets = new ArrayList<>();
                Matcher m = Pattern.compile("sched_setaffinity\\(\\d+, \\d+, (\\[[^]]*\\])").matcher(x.trace());
                while (m.find()) {
                    sets.add(m.group(1));
                }
                sets.sort(null);
                System.out.println(c[0].replace('\n', ' ') + "-> " + sets);
                // fio 3.33 also moves threads of its own; each job thread's set must be there
                for (String want : c[1].split(" ")) {
                    assertTrue(sets.remove(want), want + " missing: " + x.trace());
                }
            }
            List<String> jfio = new ArrayList<>();
            Matcher m = Pattern.compile("sched_setaffinity\\(\\d+, \\d+, (\\[[^]]*\\])").matcher(o[1].trace());
            while (m.find()) {
                jfio.add(m.group(1));
            }
            jfio.sort(null);
            assertEquals(c[1], String.join(" ", jfio), "jfio binds only the job threads");
        }
    }

    /** create_serialize=0: a later job lays its file out when it starts, not before the first job runs. */
    @Test
    void createSerializeOffLaysOutWhenTheJobStarts() throws Exception {
        String job = "[global]\nioengine=psync\nrw=read\nbs=4k\nsize=256k\n[a]\nfilename=DIR/a\ntime_based\nruntime=1\n"
                + "[b]\nstonewall\nfilename=DIR/b\ncreate_serialize=0\n";
        for (Outcome x : both(job, "json")) {
            long gap = x.mtimes().get("b") - x.mtimes().get("a");
            System.out.println("create_serialize=0: b laid out " + gap + " ms after a");
            assertTrue(gap >= 800, "b laid out " + gap + " ms after a");
        }
    }
}
