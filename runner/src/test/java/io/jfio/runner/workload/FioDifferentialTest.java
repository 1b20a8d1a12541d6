package io.jfio.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jfio.engine.IoFile;
import io.jfio.runner.workload.TestJobs.Io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs the installed fio with the null engine and --write_iolog, and checks that IoPattern
 * issues exactly the same I/Os (file, direction, offset, length, order) for the same job.
 * Skipped when /usr/bin/fio is absent.
 */
class FioDifferentialTest {
    private static final Path FIO = Path.of("/usr/bin/fio");
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
    })
    void sameIosAsFio(String options) throws Exception {
        assumeTrue(Files.isExecutable(FIO), "fio is not installed at /usr/bin/fio");
        List<Io> expected = runFio(options);
        List<Io> actual = TestJobs.drain(IoPattern.create(TestJobs.job(0, options), files(options), 1, fioIs333()), expected.size() + 50);
        assertEquals(expected.size(), actual.size(), "number of I/Os for " + options);
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).toString(), actual.get(i).toString(), "I/O #" + i + " for " + options);
        }
    }

    private static Boolean is333;

    /** The installed fio's seeding of random offsets changed after 3.33. */
    static boolean fioIs333() throws Exception {
        if (is333 == null) {
            Process p = new ProcessBuilder(FIO.toString(), "--version").redirectErrorStream(true).start();
            String v = new String(p.getInputStream().readAllBytes()).trim();
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
        List<IoFile> out = new ArrayList<>();
        for (int i = 0; i < n.length; i++) {
            out.add(TestJobs.file(n[i], i, offset, size / n.length));
        }
        return out;
    }

    private static List<Io> runFio(String options) throws Exception {
        Path log = dir.resolve("iolog.txt");
        Files.deleteIfExists(log);
        List<String> cmd = new ArrayList<>(List.of(FIO.toString(), "--name=j", "--ioengine=null",
            "--write_iolog=" + log, "--output=/dev/null"));
        boolean hasFile = false;
        for (String w : options.split("\\s+")) {
            cmd.add("--" + w);
            hasFile |= w.startsWith("filename=");
        }
        if (!hasFile) {
            cmd.add("--filename=f");
        }
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), "fio failed: " + out);
        List<Io> ios = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 5 && (f[2].equals("read") || f[2].equals("write") || f[2].equals("trim"))) {
                ios.add(new Io(f[1], f[2], Long.parseLong(f[3]), Long.parseLong(f[4])));
            }
        }
        return ios;
    }
}
