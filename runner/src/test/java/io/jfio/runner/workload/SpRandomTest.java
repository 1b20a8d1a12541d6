package io.jfio.runner.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.engine.IoUnit;
import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.ParseResult;
import io.jfio.jobfile.options.SpRandomOptions;
import io.jfio.runner.workload.TestJobs.Io;
import io.jfio.testsupport.Allocation;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * sprandom's algorithm against I/Os recorded from fio 3.42 (test resources, with the command that
 * made them; fio 3.33 has no sprandom, so CI compares with these), and its sizes, shares and
 * refusals against fio's numbers.
 */
class SpRandomTest {
    private static final long MB = 1 << 20;

    /** The recorded I/Os: one "ddir offset length" line each (hex), after # comments. */
    private static List<Io> recorded(String name) throws IOException {
        List<Io> out = new ArrayList<>();
        try (InputStream in = SpRandomTest.class.getResourceAsStream("/io/jfio/runner/workload/sprandom/" + name)) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] w = line.trim().split(" ");
                String ddir = w[0].equals("0") ? "read" : w[0].equals("1") ? "write" : "trim";
                out.add(new Io("f", ddir, Long.parseLong(w[1], 16), Long.parseLong(w[2], 16)));
            }
        }
        return out;
    }

    private static List<Io> jfio(String options, long size) throws WorkloadException {
        IoPattern p = IoPattern.create(TestJobs.job(0, options), List.of(TestJobs.file("f", 0, 0, size)));
        return TestJobs.drain(p, Integer.MAX_VALUE);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // the LFSR runs out in the last region: fio ends the job there (286 of 295 physical blocks)
        "regions4.txt | rw=randwrite bs=4k sprandom=1 spr_num_regions=4 | 1",
        // with a device cache the rewrites of a region wait for the end of the next one
        "cache.txt | rw=randwrite bs=4k sprandom=1 spr_num_regions=10 spr_op=0.2 spr_cs=16k | 2",
        // reads keep the LFSR's order (fio's own random path), writes take sprandom's
        "randrw.txt | rw=randrw bs=8k sprandom=1 spr_num_regions=5 spr_op=0.3 | 2",
    })
    void offsetsAreFios(String file, String options, long sizeMb) throws Exception {
        List<Io> fio = recorded(file);
        List<Io> mine = jfio(options + " size=" + sizeMb + "m", sizeMb * MB);
        assertEquals(fio.size(), mine.size(), "I/O count");
        assertEquals(fio, mine);
    }

    @Test
    void writesLogicalSizePlusOverProvisioning() throws Exception {
        // t/sprandom.py's first job: 32 MiB at 10 % is 36,913,152 bytes, 9012 writes (fio's io=35.2MiB)
        assertEquals(36913152L, SpRandom.physicalSize(0.10, 32 * MB, 4096));
        List<Io> ios = jfio("rw=randwrite bs=4k sprandom=1 spr_num_regions=50 spr_op=0.10 size=32m", 32 * MB);
        assertEquals(9012, ios.size());
        // the job's byte count ends it 7 blocks before the LFSR has visited all 8192 (fio: the same 8185)
        assertEquals(8185, ios.stream().map(Io::offset).distinct().count());
        assertTrue(ios.stream().allMatch(i -> i.offset() < 32 * MB && i.length() == 4096));
    }

    @Test
    void endsTheJobLikeFiosDone() throws Exception {
        // fio 3.42, null engine, 1 MiB, 4 regions: loops=3 writes the 286 once (td->done ends the
        // job), time_based=1 runtime=1 writes 287: the LFSR starts over for the wrap and gives
        // one block more before the job ends
        String job = "rw=randwrite bs=4k sprandom=1 spr_num_regions=4 size=1m";
        List<Io> once = recorded("regions4.txt");
        assertEquals(once, jfio(job + " loops=3", MB));
        List<Io> timed = jfio(job + " time_based=1 runtime=1", MB);
        assertEquals(287, timed.size());
        assertEquals(once, timed.subList(0, 286));
        assertEquals(once.get(0), timed.get(286), "fio's 287th: the LFSR's first block (0xe4000) again");
    }

    @Test
    void debugLinesAreFios() throws Exception {
        // --debug=sprandom: the model's arrays and summary at set-up, a line per write, the
        // region ends (fio's %.2f / %.4f formats), as fio 3.42 prints them
        List<String> fio = new ArrayList<>();
        try (InputStream in = SpRandomTest.class.getResourceAsStream("/io/jfio/runner/workload/sprandom/debug-regions4.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.startsWith("#")) {
                    fio.add(line);
                }
            }
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.PrintStream ps = new java.io.PrintStream(bytes, true, StandardCharsets.UTF_8);
        io.jfio.jobfile.JobSpec job = TestJobs.job(0, "rw=randwrite bs=4k sprandom=1 spr_num_regions=4 size=1m");
        List<io.jfio.engine.IoFile> files = List.of(TestJobs.file("f", 0, 0, MB));
        try {
            io.jfio.jobfile.FioDebug.set("sprandom", ps, ps);
            IoPattern.checkSetupFiles(job, files);
            TestJobs.drain(IoPattern.create(job, files), Integer.MAX_VALUE);
        } finally {
            io.jfio.jobfile.FioDebug.reset();
        }
        List<String> mine = new ArrayList<>();
        for (String line : bytes.toString(StandardCharsets.UTF_8).split("\n")) {
            if (line.startsWith("sprandom")) {
                mine.add(line.replaceAll("^sprandom [0-9]+ +", "").replaceAll("sprandom [0-9]+ +", ""));
            }
        }
        assertEquals(String.join("\n", fio), String.join("\n", mine));
    }

    @Test
    void regionSharesAreFios() throws Exception {
        // fio --debug=sprandom of the 1 MiB, 4-region job: validity resampled [0.75, 0.83, 0.91, 1.00],
        // Invalidation[1..3] 0.2479 0.1730 0.0906, region_write_count 73, physical size 1208320
        double[] v = SpRandom.validityDistribution(4, 0.15);
        assertArrayEquals(new double[] {0.75, 0.83, 0.91, 1.00}, round2(v), 1e-9);
        SpRandom s = SpRandom.create(new SpRandomOptions(true, 4, 0.15, 0), MB, 4096, new FioRandom());
        assertEquals(1208320L, s.physicalSize());
        assertEquals(73, s.regionWriteCount());
        assertEquals(2479, s.invalidPct(0));
        assertEquals(1730, s.invalidPct(1));
        assertEquals(906, s.invalidPct(2));
        assertEquals(0, s.invalidPct(3));
    }

    private static double[] round2(double[] v) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = Math.round(v[i] * 100) / 100.0;
        }
        return r;
    }

    @Test
    void setupRefusalsUseFiosMessages() {
        // t/sprandom.py's tests 7 and 8, and sprandom_init's block size check
        WorkloadException e = assertThrows(WorkloadException.class,
            () -> jfio("rw=randwrite bs=4k sprandom=1 spr_num_regions=2000 spr_op=0.10 spr_cs=32k size=32m", 32 * MB));
        assertEquals("fio: sprandom: spr_cs [32768] must be smaller than region_sz [18456] which means [1126] regions"
            + " allowed", e.getMessage());
        assertTrue(e.isSetupFiles());
        e = assertThrows(WorkloadException.class,
            () -> jfio("rw=randwrite bs=4k sprandom=1 spr_num_regions=50 spr_op=0.10 spr_cs=32m size=32m", 32 * MB));
        assertEquals("fio: sprandom: spr_cs [33554432] must be smaller than region_sz [738263] which means [1] regions"
            + " allowed", e.getMessage());
        e = assertThrows(WorkloadException.class, () -> jfio("rw=randwrite bs=12k sprandom=1 size=12m", 12 * MB));
        assertEquals("fio: sprandom: bs [12288] should be power of 2", e.getMessage());
        e = assertThrows(WorkloadException.class, () -> IoPattern.create(TestJobs.job(0, "rw=randwrite sprandom=1 size=2m"),
            List.of(TestJobs.file("a", 0, 0, MB), TestJobs.file("b", 1, 0, MB))));
        assertEquals("fio: SPRandom supports only one file", e.getMessage());
    }

    private static ParseResult parse(String... opts) throws JobFileException {
        List<JobFileParser.CliOption> cli = new ArrayList<>();
        cli.add(new JobFileParser.CliOption("name", "j"));
        for (String o : opts) {
            int eq = o.indexOf('=');
            cli.add(new JobFileParser.CliOption(o.substring(0, eq), o.substring(eq + 1)));
        }
        return JobFileParser.parse(List.of(), cli, JobFileParser.Settings.defaults());
    }

    @Test
    void fixupsSetTheGeneratorAndMapOrRefuse() throws Exception {
        // fio's fixup_options: notices on stdout when it sets them, refusals when given otherwise
        ParseResult r = parse("rw=randwrite", "sprandom=1", "size=1m");
        assertEquals("fio: sprandom sets random_generator=lfsr\nfio: sprandom sets norandommap=1\n", r.stdout());
        assertEquals("lfsr", r.jobs().get(0).getString("random_generator"));
        assertTrue(r.jobs().get(0).getBool("norandommap"));
        JobFileException e = assertThrows(JobFileException.class,
            () -> parse("rw=randwrite", "sprandom=1", "random_generator=tausworthe", "size=1m"));
        assertTrue(e.getMessage().endsWith("fio: sprandom requires random_generator=lfsr"), e.getMessage());
        assertEquals("fio: sprandom sets norandommap=1\n", e.showcmdSoFar());
        e = assertThrows(JobFileException.class, () -> parse("rw=randwrite", "sprandom=1", "norandommap=0", "size=1m"));
        assertTrue(e.getMessage().endsWith("fio: sprandom requires norandommap=1"), e.getMessage());
        e = assertThrows(JobFileException.class, () -> parse("rw=randwrite", "sprandom=1", "norandommap=0",
            "random_generator=tausworthe", "size=1m"));
        assertTrue(e.getMessage().endsWith("fio: sprandom requires random_generator=lfsr\nfio: sprandom requires"
            + " norandommap=1"), e.getMessage());
        e = assertThrows(JobFileException.class, () -> parse("rw=randread", "sprandom=1", "size=1m"));
        assertTrue(e.getMessage().endsWith("fio: sprandom requires random write, random_generator=lfsr, norandommap=1"),
            e.getMessage());
        // given as fio wants them: no notice
        assertEquals("", parse("rw=randwrite", "sprandom=1", "random_generator=lfsr", "norandommap=1", "size=1m").stdout());
    }

    @Test
    void nextAllocatesNothing() throws Exception {
        IoPattern p = IoPattern.create(TestJobs.job(0, "rw=randwrite bs=4k sprandom=1 spr_num_regions=20 size=256m"),
            List.of(TestJobs.file("f", 0, 0, 256 * MB)));
        IoUnit u = new IoUnit(0, 0, 4096);
        for (int i = 0; i < 5000; i++) {
            p.next(u);
        }
        long allocated = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long before = Allocation.threadBytes();
            for (int i = 0; i < 10000; i++) {
                assertTrue(p.next(u));
            }
            allocated = Math.min(allocated, Allocation.threadBytes() - before);
        }
        assertTrue(allocated < 1024, allocated + " bytes allocated for 10000 I/Os");
    }
}
