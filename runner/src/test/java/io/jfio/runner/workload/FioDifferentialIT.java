package io.jfio.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jfio.engine.IoFile;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobSpec;
import io.jfio.runner.workload.TestJobs.Io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs the installed fio with the null engine and --debug=io, and checks that IoPattern
 * issues exactly the same I/Os (file, direction, offset, length, order) for the same job.
 * Skipped when /usr/bin/fio is absent.
 */
class FioDifferentialIT {
    /** The fio to compare with; -Djfio.workload.fio=/path/to/fio selects another build (e.g. 3.42). */
    private static final Path FIO = Path.of(System.getProperty("jfio.workload.fio", "/usr/bin/fio"));
    private static final Pattern FILL = Pattern.compile(" fill: io_u \\S+ off=0x([0-9a-f]+),len=0x([0-9a-f]+),ddir=(\\d),file=(\\S+)");
    private static Path dir;

    @BeforeAll
    static void setUp() throws IOException {
        Path base = Path.of("/dev/shm");
        dir = Files.createTempDirectory(Files.isDirectory(base) ? base : Path.of(System.getProperty("java.io.tmpdir")),
            "workload-fio");
    }

    @AfterAll
    static void tearDown() throws IOException {
        if (dir != null) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "rw=read size=256k",
        "rw=write bs=8k size=256k",
        "rw=read:4k size=256k",
        "rw=write:12k bs=4k size=256k",
        "rw=trim size=64k",
        "rw=randread size=256k",
        "rw=randwrite size=1m norandommap=1",
        "rw=randtrim size=128k",
        "rw=rw size=1m",
        "rw=rw rwmixread=30 size=1m",
        "rw=randrw rwmixread=70 size=1m",
        "rw=randrw rwmixwrite=10 bs=4k,16k size=2m",
        "rw=randread bsrange=4k-32k size=1m",
        "rw=randread bsrange=1k-10k bs_unaligned=1 size=512k",
        "rw=randrw bssplit=4k/50:8k/30:16k/20 size=1m",
        "rw=randwrite bssplit=4k/10:64k/90,2k size=4m",
        "rw=randread random_generator=lfsr size=256k",
        "rw=randread random_generator=tausworthe64 size=256k",
        // fio's t/t64-switch.sh: 2^40 one-byte blocks are past tausworthe's 2^32, so fio switches to
        // tausworthe64 by itself, unless random_generator=tausworthe is given
        "rw=randread bs=1 norandommap=1 number_ios=2000 size=1t",
        "rw=randread bs=1 norandommap=1 number_ios=2000 random_generator=tausworthe size=1t",
        "rw=randread random_distribution=zipf:1.2 size=1m",
        "rw=randread random_distribution=pareto:0.3 size=1m",
        "rw=randread random_distribution=normal:10 size=1m",
        "rw=randread random_distribution=zipf:0.8:0.25 size=1m",
        "rw=randread random_distribution=zoned:50/10:30/20:20/70 size=1m",
        "rw=randread random_distribution=zoned_abs:60/64k:40/192k size=1m",
        "rw=randread:8 size=256k",
        "rw=randread:4 rw_sequencer=identical size=256k",
        "rw=randread percentage_random=50 size=256k",
        "rw=trimwrite size=64k",
        "rw=randtrimwrite size=64k",
        "rw=randread filename=a:b:c file_service_type=random:2 size=192k",
        "rw=read filename=a:b file_service_type=roundrobin:3 size=128k",
        "rw=randwrite filename=a:b file_service_type=sequential size=128k",
        "rw=randread loops=3 size=64k",
        "rw=randread io_size=1m size=256k",
        "rw=read io_size=200k size=64k",
        "rw=randread number_ios=10 size=256k",
        "rw=randread randseed=1234 size=256k",
        "rw=randread randseed=99 loops=2 size=64k",
        "rw=randread offset=64k size=256k",
        "rw=randwrite ba=2k size=256k",
        "rw=randread bs_is_seq_rand=1 bs=4k,16k percentage_random=50 size=512k",
        "rw=randread io_size=50% size=256k",
        "rw=randread nrfiles=3 size=192k",
        "rw=randrw nrfiles=2 file_service_type=random size=256k",
        "rw=randread nrfiles=4 file_service_type=zipf:1.1 number_ios=300 size=256k",
        "rw=randread thread=2 size=256k",
        "rw=randrw thread=3 bssplit=4k/50:8k/30:16k/20 size=1m",
        "rw=randread random_distribution=zipf:1.2 thread=2 size=1m",
        "rw=randread iodepth=4 size=256k",
        "rw=randwrite loops=2 norandommap=1 size=64k",
        "rw=randwrite loops=2 norandommap=1 iodepth=8 size=64k",
        "rw=randrw rwmixread=70 iodepth=4 size=1m",
        "rw=rw io_size=512k size=128k",
        "rw=randread randrepeat=1 loops=2 bsrange=4k-16k size=128k",
        "rw=randwrite bsrange=4k-16k verify=md5 do_verify=0 size=256k",
        "rw=read:-8k size=256k",
        "rw=read zonemode=strided zonesize=64k zoneskip=128k size=1m",
        "rw=randread zonemode=strided zonesize=64k zonerange=128k size=1m",
        "rw=write zonemode=strided zonesize=32k zonerange=64k zoneskip=64k bs=8k size=512k",
        "rw=randread zonemode=strided zonesize=128k zonerange=64k size=1m",
        "rw=write:-4k offset=64k size=256k",
        "rw=read time_based=1 runtime=2 thinktime=1000 size=64k prefix=100",
        "rw=randread time_based=1 runtime=2 thinktime=1000 size=64k prefix=100",
        "rw=read time_based=1 runtime=2 thinktime=1000 nrfiles=2 size=64k prefix=100",
        "rw=randrw time_based=1 runtime=2 thinktime=1000 bsrange=4k-16k size=128k prefix=100",
        "rw=randwrite time_based=1 runtime=2 thinktime=1000 norandommap=1 size=64k prefix=100",
    })
    void sameIosAsFio(String options) throws Exception {
        assumeTrue(Files.isExecutable(FIO), "fio is not installed at " + FIO);
        if (options.contains("size=1t") && !options.contains("random_generator=")) {
            // the switch to tausworthe64 past 2^32 blocks that jfio follows is fio 3.42's; 3.33 stays on tausworthe
            assumeTrue(fioVersion().matches("fio-3\\.(4\\d|[5-9]\\d)\\b.*"),
                    "needs fio 3.42's generator switch (" + FIO + " is " + fioVersion() + "; set -Djfio.workload.fio)");
        }
        List<Io> expected = runFio(options);
        int thread = 1;
        boolean queues = false;
        int prefix = -1;
        for (String w : options.split("\\s+")) {
            if (w.startsWith("prefix=")) {
                // time-based: compare the first I/Os only. How many fio issues in its runtime
                // depends on the machine's load; 40 are past the end of every file set here
                // (at most 32 blocks), so the wrap is always compared.
                prefix = Math.min(Integer.parseInt(w.substring(7)), expected.size());
                assertTrue(expected.size() >= 40, "fio issued only " + expected.size() + " I/Os");
                expected = expected.subList(0, prefix);
            }
            if (w.startsWith("thread=")) {
                thread = Integer.parseInt(w.substring(7));
            } else if (w.startsWith("iodepth=")) {
                queues = Integer.parseInt(w.substring(8)) > 1;
            }
        }
        IoPattern pattern = IoPattern.create(TestJobs.job(thread - 1, options), files(options), thread, fioIs333());
        pattern.setEngineQueues(queues);
        assertSame(expected, TestJobs.drain(pattern, prefix > 0 ? prefix : expected.size() + 50), options);

        // the same job read by jfio's own parser from fio's command line options
        JobSpec parsed = parse(options);
        assertEquals(thread - 1, parsed.index(), "job index for " + options);
        IoPattern fromParser = IoPattern.create(parsed, files(options), parsed.index() + 1, fioIs333());
        fromParser.setEngineQueues(queues);
        assertSame(expected, TestJobs.drain(fromParser, prefix > 0 ? prefix : expected.size() + 50), options + " (parsed)");
    }

    private static void assertSame(List<Io> expected, List<Io> actual, String what) {
        assertEquals(expected.size(), actual.size(), "number of I/Os for " + what);
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).toString(), actual.get(i).toString(), "I/O #" + i + " for " + what);
        }
    }

    private static JobSpec parse(String options) throws Exception {
        List<JobFileParser.CliOption> cli = new ArrayList<>();
        boolean hasFile = false;
        for (String w : options.split("\\s+")) {
            if (w.startsWith("thread=")) {
                for (int t = 1; t < Integer.parseInt(w.substring(7)); t++) {
                    cli.add(new JobFileParser.CliOption("name", "pre" + t));
                    cli.add(new JobFileParser.CliOption("ioengine", "null"));
                    cli.add(new JobFileParser.CliOption("filename", "pre" + t));
                    cli.add(new JobFileParser.CliOption("size", "4k"));
                }
            }
        }
        cli.add(new JobFileParser.CliOption("name", "j"));
        cli.add(new JobFileParser.CliOption("ioengine", "null"));
        for (String w : options.split("\\s+")) {
            if (w.startsWith("thread=") || w.startsWith("prefix=")) {
                continue;
            }
            int eq = w.indexOf('=');
            cli.add(new JobFileParser.CliOption(w.substring(0, eq), w.substring(eq + 1)));
            hasFile |= w.startsWith("filename=") || w.startsWith("nrfiles=");
        }
        if (!hasFile) {
            cli.add(new JobFileParser.CliOption("filename", "f"));
        }
        List<JobSpec> jobs = JobFileParser.parse(List.of(), cli, JobFileParser.Settings.defaults()).jobs();
        return jobs.get(jobs.size() - 1);
    }

    private static Boolean is333;

    /** The installed fio's seeding of random offsets changed after 3.33. */
    static boolean fioIs333() throws Exception {
        if (is333 == null) {
            Process p = new ProcessBuilder(FIO.toString(), "--version").redirectErrorStream(true).start();
            String v = new String(p.getInputStream().readAllBytes()).trim();
            System.out.println("FioDifferentialIT: comparing with " + FIO + " (" + v + ")");
            p.waitFor();
            String[] parts = v.replace("fio-", "").split("[.-]");
            int major = Integer.parseInt(parts[0]);
            int minor = Integer.parseInt(parts[1]);
            is333 = major == 3 && minor < 36;
        }
        return is333;
    }

    /** The files as fio lays them out for a diskless engine: size split evenly, offset added. */
    static List<IoFile> files(String options) {
        String names = "f";
        long size = 0;
        long offset = 0;
        for (String w : options.split("\\s+")) {
            if (w.startsWith("filename=")) {
                names = w.substring(9);
            } else if (w.startsWith("size=")) {
                size = TestJobs.size(w.substring(5));
            } else if (w.startsWith("offset=")) {
                offset = TestJobs.size(w.substring(7));
            }
        }
        String[] n = names.split(":");
        for (String w : options.split("\\s+")) {
            if (w.startsWith("nrfiles=")) {
                int nr = Integer.parseInt(w.substring(8));
                n = new String[nr];
                for (int i = 0; i < nr; i++) {
                    n[i] = "j.0." + i;
                }
            }
        }
        List<IoFile> out = new ArrayList<>();
        for (int i = 0; i < n.length; i++) {
            out.add(TestJobs.file(n[i], i, offset, size / n.length));
        }
        return out;
    }

    private static List<Io> runFio(String options) throws Exception {
        Path log = dir.resolve("debug.txt");
        Files.deleteIfExists(log);
        List<String> cmd = new ArrayList<>(List.of(FIO.toString()));
        boolean hasFile = false;
        List<String> own = new ArrayList<>();
        for (String w : options.split("\\s+")) {
            if (w.startsWith("thread=")) {
                // earlier jobs take the lower fio thread numbers
                for (int t = 1; t < Integer.parseInt(w.substring(7)); t++) {
                    cmd.addAll(List.of("--name=pre" + t, "--ioengine=null", "--filename=pre" + t, "--size=4k"));
                }
                continue;
            }
            if (w.startsWith("prefix=")) {
                continue;
            }
            own.add("--" + w);
            hasFile |= w.startsWith("filename=") || w.startsWith("nrfiles=");
        }
        cmd.addAll(List.of("--name=j", "--ioengine=null", "--debug=io"));
        cmd.addAll(own);
        if (!hasFile) {
            cmd.add("--filename=f");
        }
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
            .redirectOutput(log.toFile()).start();
        int rc = p.waitFor();
        assertEquals(0, rc, "fio failed: " + String.join(" ", cmd));
        // fio's debug line for every filled I/O (requeued I/Os are not filled again, unlike
        // --write_iolog, which logs every queue attempt)
        List<Io> ios = new ArrayList<>();
        String[] names = {"read", "write", "trim"};
        try (var lines = Files.lines(log)) {
            for (String line : (Iterable<String>) lines::iterator) {
                Matcher m = FILL.matcher(line);
                if (m.find() && !m.group(4).startsWith("pre")) {
                    ios.add(new Io(m.group(4), names[Integer.parseInt(m.group(3))], Long.parseLong(m.group(1), 16),
                        Long.parseLong(m.group(2), 16)));
                }
            }
        }
        return ios;
    }

    private static String fioVersion() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(FIO.toString(), "--version").redirectErrorStream(true).start();
        String v = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        p.waitFor();
        return v;
    }
}
