package io.jfio.jobfile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seeded fuzzing of the parser over mutated job files (fio's example corpus in ../shared when
 * present, plus seeds of our own): only the parser's own JobFileException may escape, and no
 * input may take a second of CPU. The suite runs 3,000 inputs; release checks run
 * {@code mvn -B -pl jobfile-parser test -Dtest=ParserFuzzTest -Djfio.fuzz.count=100000}
 * ({@code -Djfio.fuzz.seed=N} for another sequence). {@code -Djfio.fuzz.dump=DIR} writes mutants to
 * DIR instead, for the accept/reject comparison with {@code fio --parse-only} that
 * {@code jobfile-parser/fuzz-vs-fio.sh} runs.
 */
@Timeout(600)
class ParserFuzzTest {
    private static final String[] SEEDS = {
        "[global]\nioengine=libaio\ndirect=1\n[job]\nrw=randread\nbs=4k\nsize=1g\nnumjobs=2\n",
        "[a]\nfilename=/dev/null\nbssplit=4k/50:64k/50,8k/100\nrandom_distribution=zipf:1.2\nrate=10m,5m\n",
        "[b]\nsize=${SIZE}\noffset=10%\ncpus_allowed=0-1\nverify=crc32c\nbuffer_pattern=0xdeadbeef\n",
        "[c]\nrw=randrw:8\nrwmixread=70\nruntime=10s\ntime_based\nthinktime=1ms\nignore_error=EIO,ENOSPC\n",
        "; comment\n[d] ; x\nbs = 8k\nsize=(1024*4)k\nloops=3\ninclude missing.fio\nstonewall\n",
    };
    private static final String SPECIAL = "\0\n[]=;#%$:,-k\u00ff\t ";
    private static final String[] HOSTILE = {"", "-1", "0", "18446744073709551616", "1e999", "%", "100%", "${X}",
        "$mb_memory", "0x", "0xffffffffffffffffff", "4k-", ":", ",,,", "k", "(1+", "1/0", "\u00e9", "\0", "[", "]",
        "=", ";", "#", "-", "include", "x".repeat(4096), "9".repeat(300), "1:2:3:4:5", "a/b", "..", "%o"};

    @Test
    void onlyTheParsersOwnErrorEscapes() throws Exception {
        Campaign c = campaign();
        if (c.escaped != null) {
            throw c.escaped;
        }
    }

    @Test
    void noInputTakesASecondOfCpu() throws Exception {
        Campaign c = campaign();
        assertTrue(c.slow == null, c.slow);
    }

    /** One fuzz run's findings: the first input that escaped, the first that took a second. */
    private static final class Campaign {
        AssertionError escaped;
        String slow;
    }

    private static Campaign campaign;

    /** Runs the fuzz inputs once for both tests: each test checks its own property of every input. */
    private static synchronized Campaign campaign() throws IOException {
        if (campaign != null) {
            return campaign;
        }
        Campaign c = new Campaign();
        int count = Integer.getInteger("jfio.fuzz.count", 3000);
        long seed = Long.getLong("jfio.fuzz.seed", 14);
        List<byte[]> corpus = corpus();
        List<String> names = new ArrayList<>();
        for (OptionDef o : OptionCatalog.get().options()) {
            names.add(o.name());
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        int rejected = 0;
        long slowest = 0;
        long started = System.nanoTime();
        for (int i = 0; i < count; i++) {
            byte[] input = mutate(corpus.get(rnd.nextInt(corpus.size())), names, rnd);
            long cpu0 = mx.getCurrentThreadCpuTime();
            try {
                JobFileParser p = new JobFileParser(new JobFileParser.Settings(rnd.nextInt(4) == 0, false, List.of(),
                        java.util.Map.of("SIZE", "1m"), MachineInfo.current(), false, false));
                p.parseContent("fuzz.fio", JobFileReader.decode(input));
                p.finish();
            } catch (JobFileException e) {
                rejected++;
            } catch (Throwable t) {
                if (c.escaped == null) {
                    c.escaped = new AssertionError("input " + i + " (seed " + seed + ") escaped with " + t + ":\n"
                            + new String(input, StandardCharsets.ISO_8859_1), t);
                }
            }
            long cpu = mx.getCurrentThreadCpuTime() - cpu0;
            slowest = Math.max(slowest, cpu);
            if (cpu >= 1_000_000_000L && c.slow == null) {
                c.slow = "input " + i + " (seed " + seed + ") took " + cpu / 1_000_000 + " ms of CPU:\n"
                        + new String(input, StandardCharsets.ISO_8859_1);
            }
        }
        System.out.printf("fuzz: %d inputs (seed %d, %d seed files), %d rejected with a parse error, slowest %d ms CPU, "
                + "%d ms in all%n", count, seed, corpus.size(), rejected, slowest / 1_000_000,
                (System.nanoTime() - started) / 1_000_000);
        campaign = c;
        return c;
    }

    @Test
    @EnabledIfSystemProperty(named = "jfio.fuzz.dump", matches = ".+")
    void writesMutantsForTheComparisonWithFio() throws Exception {
        Path dir = Files.createDirectories(Path.of(System.getProperty("jfio.fuzz.dump")));
        int count = Integer.getInteger("jfio.fuzz.count", 300);
        SplittableRandom rnd = new SplittableRandom(Long.getLong("jfio.fuzz.seed", 14));
        List<byte[]> corpus = corpus();
        List<String> names = new ArrayList<>();
        for (OptionDef o : OptionCatalog.get().options()) {
            names.add(o.name());
        }
        for (int i = 0; i < count; i++) {
            Files.write(dir.resolve(String.format("m%04d.fio", i)), mutate(corpus.get(rnd.nextInt(corpus.size())), names, rnd));
        }
    }

    private static List<byte[]> corpus() throws IOException {
        List<byte[]> out = new ArrayList<>();
        for (String s : SEEDS) {
            out.add(s.getBytes(StandardCharsets.UTF_8));
        }
        Path dir = Path.of(System.getProperty("jfio.shared", "../shared"), "corpus", "fio-examples");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".fio")).sorted().toList()) {
                    out.add(Files.readAllBytes(f));
                }
            }
        }
        return out;
    }

    private static byte[] mutate(byte[] seed, List<String> names, SplittableRandom rnd) {
        StringBuilder b = new StringBuilder(new String(seed, StandardCharsets.ISO_8859_1));
        int ops = 1 + rnd.nextInt(6);
        for (int k = 0; k < ops; k++) {
            int at = b.length() == 0 ? 0 : rnd.nextInt(b.length() + 1);
            switch (rnd.nextInt(7)) {
                case 0 -> { // one random byte
                    if (at < b.length()) {
                        b.setCharAt(at, (char) rnd.nextInt(256));
                    }
                }
                case 1 -> b.insert(at, SPECIAL.charAt(rnd.nextInt(SPECIAL.length())));
                case 2 -> b.delete(at, Math.min(b.length(), at + rnd.nextInt(40)));
                case 3 -> b.insert(at, "\n" + names.get(rnd.nextInt(names.size())) + "="
                        + HOSTILE[rnd.nextInt(HOSTILE.length)] + "\n");
                case 4 -> b.insert(at, "\n[" + HOSTILE[rnd.nextInt(HOSTILE.length)] + "]\n");
                case 5 -> { // repeat a stretch
                    int len = Math.min(b.length() - Math.min(at, b.length()), rnd.nextInt(200));
                    String piece = b.substring(Math.min(at, b.length()), Math.min(at, b.length()) + len);
                    b.insert(at, piece.repeat(1 + rnd.nextInt(20)));
                }
                default -> b.setLength(Math.min(b.length(), at));
            }
        }
        return b.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
