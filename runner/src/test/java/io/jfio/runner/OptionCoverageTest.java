package io.jfio.runner;

import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.OptionCatalog;
import io.jfio.jobfile.OptionDef;
import io.jfio.jobfile.OptionType;
import io.jfio.jobfile.ParseResult;
import io.jfio.jobfile.ParseWarning;
import io.jfio.jobfile.SourceLocation;
import io.jfio.jobfile.options.ThreadOptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Walks fio 3.42's whole option list (--cmdhelp=all, recorded in the test resources): every option
 * set in a job is either read by the typed option model (implemented, and some runner test sets it)
 * or warned about once with its file and line, or is one fio itself ignores or refuses. None is silent.
 */
class OptionCoverageTest {
    /** Values for options whose generic sample would not parse, or that need a companion option. */
    private static final Map<String, String> VALUES = Map.ofEntries(
            Map.entry("bssplit", "4k/50:8k/50"),
            Map.entry("bsrange", "4k-8k"),
            Map.entry("filesize", "64k"),
            Map.entry("cpus_allowed", "0"),
            Map.entry("cpumask", "1"),
            Map.entry("ioengine", "psync"),
            Map.entry("rw", "randrw"),
            Map.entry("zonemode", "strided\nzonesize=64k"),
            Map.entry("random_distribution", "zipf:1.2"),
            Map.entry("file_service_type", "random"),
            Map.entry("buffer_pattern", "0xaa"),
            Map.entry("verify_pattern", "0xaa"),
            Map.entry("percentile_list", "50:99"),
            Map.entry("latency_percentile", "99"),
            Map.entry("ignore_error", "EIO"),
            Map.entry("cgroup", "jfio"),
            Map.entry("write_hint", "short"),
            Map.entry("plids", "1"),
            Map.entry("verify", "md5"),
            Map.entry("replay_skip", "read"),
            Map.entry("verify_async_cpus", "0"),
            Map.entry("log_compression_cpus", "0"),
            Map.entry("unit_base", "8"),
            Map.entry("kb_base", "1000"),
            Map.entry("thinktime_iotime", "1s\nthinktime=10"),
            Map.entry("iodepth_batch_complete_max", "4\niodepth=8"),
            Map.entry("iodepth_low", "2\niodepth=8"),
            Map.entry("iodepth_batch", "2\niodepth=8"),
            Map.entry("rate_min", "1k\nrate=1m"),
            Map.entry("rate_iops_min", "1\nrate_iops=10"),
            Map.entry("latency_window", "1s\nlatency_target=10ms"),
            Map.entry("latency_run", "1\nlatency_target=10ms"),
            Map.entry("steadystate", "iops:10%"),
            Map.entry("steadystate_duration", "10s\nsteadystate=iops:10%"),
            Map.entry("steadystate_ramp_time", "1s\nsteadystate=iops:10%"),
            Map.entry("steadystate_check_interval", "1s\nsteadystate=iops:10%"),
            Map.entry("exec_prerun", "true"),
            Map.entry("exec_postrun", "true"),
            Map.entry("opendir", "/tmp"),
            Map.entry("read_iolog", "/nonexistent"),
            Map.entry("merge_blktrace_file", "x"),
            Map.entry("fdp", "1\nioengine=io_uring_cmd"),
            Map.entry("ramp_size", "1m"),
            Map.entry("size", "1m"),
            Map.entry("sprandom", "1\nrw=randwrite"),
            Map.entry("zone_reset_threshold", "0.5"),
            Map.entry("zone_reset_frequency", "0.5"));

    /** Options fio 3.42 lists but ignores itself (it says they are deprecated and does nothing). */
    private static final List<String> FIO_NOOPS = List.of("verifysort", "verifysort_nr", "flow_watermark");

    /** Runner tests, and the report's (which prove the report options on fio's own outputs). */
    /**
     * Read by the log groups merged from the logs work (LogOptions, IoLogOptions), which no test sets
     * yet: listed, printed, and to be covered by that work's tests.
     */
    private static final List<String> NOT_YET_TESTED = List.of("replay_no_stall", "replay_time_scale", "log_entries");

    private static final List<Path> TESTS = List.of(Path.of("src/test/java"), Path.of("../report/src/test/java"));

    @Test
    void everyOptionIsImplementedOrWarned() throws IOException {
        List<String> names = cmdhelpNames();
        assertEquals(236, names.size(), "fio 3.42 --cmdhelp=all lists 236 options");
        String testSources = testSources();
        Map<String, String> outcome = new TreeMap<>();
        List<String> untested = new ArrayList<>();
        List<String> silent = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (String name : names) {
            OptionDef def = OptionCatalog.get().find(name);
            assertNotNull(def, name + " is unknown to the parser");
            String value = VALUES.getOrDefault(name, sample(def));
            String text = "[j]\n" + (name.equals("size") ? "" : "size=1m\n") + name
                    + (value == null ? "" : "=" + value) + "\n";
            ParseResult r;
            try {
                JobFileParser p = new JobFileParser(JobFileParser.Settings.defaults());
                p.parseContent("opt.fio", text);
                r = p.finish();
            } catch (JobFileException e) {
                if (def.type() == OptionType.DEPRECATED || def.type() == OptionType.UNSUPPORTED) {
                    outcome.put(name, "refused (as fio)");
                } else {
                    problems.add(name + "=" + value + ": " + e.getMessage());
                }
                continue;
            }
            if (r.warnings().stream().anyMatch(w -> w.option().equals(name) && w.message().contains("deprecated"))) {
                assertTrue(FIO_NOOPS.contains(name), name + " is a no-op of fio's not listed here");
                outcome.put(name, "fio no-op (warned)");
                continue;
            }
            JobSpec job = r.jobs().get(0);
            ThreadOptions opts;
            try {
                opts = ThreadOptions.from(job);
            } catch (RuntimeException e) {
                problems.add(name + "=" + value + ": the model failed: " + e);
                continue;
            }
            List<ParseWarning> mine = opts.unsupported().stream().filter(w -> w.option().equals(name)).toList();
            if (!mine.isEmpty()) {
                assertEquals(1, mine.size(), name);
                int line = name.equals("size") ? 2 : 3;
                assertEquals(new SourceLocation("opt.fio", line), mine.get(0).location(), name);
                assertEquals("option " + name + " is not supported by jfio; ignored", mine.get(0).message());
                outcome.put(name, "warned");
            } else if (job.isSet(name)) {
                outcome.put(name, "implemented");
                if (!mentioned(testSources, name)) {
                    untested.add(name);
                }
            } else {
                silent.add(name);
            }
        }
        long implemented = outcome.values().stream().filter("implemented"::equals).count();
        long warned = outcome.values().stream().filter("warned"::equals).count();
        long noops = outcome.values().stream().filter(v -> v.startsWith("fio no-op")).count();
        long refused = outcome.values().stream().filter(v -> v.startsWith("refused")).count();
        System.out.printf("fio 3.42 options: %d; implemented %d, warned %d, silent %d, fio's own no-ops %d %s,"
                + " refused as by fio %d%n", names.size(), implemented, warned, silent.size(), noops, FIO_NOOPS,
                refused);
        outcome.forEach((k, v) -> System.out.println("  " + k + ": " + v));
        assertEquals(List.of(), problems, "sample values that did not parse");
        assertEquals(List.of(), silent, "options set, not read and not warned");
        System.out.println("implemented, no test sets them yet: " + untested);
        untested.removeAll(NOT_YET_TESTED);
        assertEquals(List.of(), untested, "implemented options no runner test sets");
        assertEquals(names.size(), implemented + warned + noops + refused + silent.size());
    }

    /** A value of the option's type that fio accepts (a non-default choice where there are choices). */
    private static String sample(OptionDef d) {
        if (!d.choices().isEmpty()) {
            for (String c : d.choices()) {
                if (!c.isBlank() && !c.equals(d.def())) {
                    return c;
                }
            }
            return d.choices().get(0);
        }
        return switch (d.type()) {
            case BOOL, STR_SET -> "1";
            case STR_STORE, STR -> "x";
            case FLOAT_LIST -> "50";
            case RANGE -> "4k-8k";
            default -> d.min() != null && d.min() > 1 ? Long.toString(d.min()) : "1";
        };
    }

    /** Whether a runner test (other than this one) sets the option in a job. */
    private static boolean mentioned(String sources, String name) {
        OptionDef d = OptionCatalog.get().find(name);
        for (String n : d.alias() == null ? List.of(name) : List.of(name, d.alias())) {
            // the name at a word start (after a "\n" in a Java string, or as a --name command-line argument),
            // then =, a line end or ", value"
            if (Pattern.compile("(?:(?<![\\w-])|(?<=\\\\n)|(?<=[\"\\s]--))" + Pattern.quote(n) + "(\\s*=|\"\\s*[,}]|\\\\n)")
                    .matcher(sources).find()) {
                return true;
            }
        }
        return false;
    }

    private static String testSources() throws IOException {
        StringBuilder b = new StringBuilder();
        for (Path dir : TESTS) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java")
                        && !p.getFileName().toString().equals("OptionCoverageTest.java"))::iterator) {
                    b.append(Files.readString(f)).append('\n');
                }
            }
        }
        return b.toString();
    }

    private static List<String> cmdhelpNames() throws IOException {
        List<String> out = new ArrayList<>();
        try (InputStream in = OptionCoverageTest.class.getResourceAsStream("/fio-3.42-cmdhelp-all.txt")) {
            assertNotNull(in, "fio-3.42-cmdhelp-all.txt");
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line.trim());
                }
            }
        }
        return out;
    }
}
