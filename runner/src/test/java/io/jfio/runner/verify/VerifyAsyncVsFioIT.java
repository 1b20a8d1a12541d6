package io.jfio.runner.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;

/**
 * verify_async on real verify threads against every fio installed (3.42 where built, Debian's
 * 3.33): a file with one byte flipped in each of K blocks, read back by verify_only with psync and
 * with libaio at iodepth 8, 1 and 4 verify threads. With continue_on_error=verify both report
 * the K blocks (fio's async lines, flags=84), read the whole file and exit 0 with err=84; without
 * it both report the first block, end with func=async_verify and exit 1 (fio's other verify
 * threads may report a later block before its job stops: only the first is required of fio).
 * fio with psync and one verify thread hangs on that failure (its thread exits and the job waits
 * for a free unit): that fio run is left out, jfio ends. Each tool verifies a file it wrote itself,
 * since fio 3.33's block header differs from 3.42's. And jfio's cpu line (the job thread's own,
 * as fio 3.42's RUSAGE_THREAD) is lower with the verify threads than without, fio's printed beside.
 */
@Timeout(600)
class VerifyAsyncVsFioIT {
    private static final long[] DAMAGED = {5, 200, 500, 900};
    private static final Pattern FAIL = Pattern.compile("crc32c: verify failed at file \\S+ offset (\\d+), length 4096"
            + " \\(requested block: offset=\\d+, length=4096, flags=84\\)");
    @TempDir
    Path dir;

    private List<String> args(Path file, String size, String verify, String... extra) {
        List<String> a = new ArrayList<>(List.of("--name=a", "--filename=" + file, "--size=" + size, "--bs=4k",
                "--rw=write", "--verify=" + verify, "--verify_state_save=0", "--output-format=json"));
        a.addAll(List.of(extra));
        return a;
    }

    private FioVsJfio.Outcome run(Path fio, List<String> args) throws IOException {
        if (fio == null) {
            return FioVsJfio.jfio(args);
        }
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(args);
        return FioVsJfio.run(cmd, 120, dir);
    }

    /** The tool ({@code fio}, or jfio for null) writes {@code file}; one byte is flipped in each damaged block. */
    private void writeDamaged(Path fio, Path file) throws Exception {
        FioVsJfio.Outcome w = run(fio, args(file, "4M", "crc32c"));
        assertEquals(0, w.rc(), w.both());
        for (long b : DAMAGED) {
            VerifyTools.flip(file, b * 4096 + 100);
        }
    }

    private static List<Long> failedOffsets(FioVsJfio.Outcome o) {
        List<Long> l = new ArrayList<>();
        Matcher m = FAIL.matcher(o.both());
        while (m.find()) {
            l.add(Long.parseLong(m.group(1)));
        }
        return l;
    }

    private static JsonNode job(FioVsJfio.Outcome o) {
        return FioVsJfio.json(o.out()).get("jobs").elements().get(0);
    }

    private static TreeSet<Long> damagedOffsets() {
        TreeSet<Long> s = new TreeSet<>();
        for (long b : DAMAGED) {
            s.add(b * 4096);
        }
        return s;
    }

    /** continue_on_error: every damaged block, the whole file read, exit 0 with err=84. */
    private static String continued(FioVsJfio.Outcome o) {
        List<Long> offs = failedOffsets(o);
        return "rc=" + o.rc() + " err=" + job(o).get("error").asLong() + " read=" + job(o).get("read").get("io_bytes")
                .asLong() + " failures=" + offs.size() + " blocks=" + new TreeSet<>(offs);
    }

    @ParameterizedTest
    @CsvSource({"psync, 1, 1", "psync, 1, 4", "libaio, 8, 1", "libaio, 8, 4"})
    void reportsTheDamagedBlocksAsFioDoes(String engine, int depth, int threads) throws Exception {
        String[] verify = {"--verify_only=1", "--ioengine=" + engine, "--iodepth=" + depth,
                "--verify_async=" + threads};
        Path mineFile = dir.resolve("jfio.dat");
        writeDamaged(null, mineFile);
        FioVsJfio.Outcome all = run(null, with(args(mineFile, "4M", "crc32c", verify), "--continue_on_error=verify"));
        String expected = "rc=0 err=84 read=4194304 failures=" + DAMAGED.length + " blocks=" + damagedOffsets();
        assertEquals(expected, continued(all), all.both());
        FioVsJfio.Outcome first = run(null, args(mineFile, "4M", "crc32c", verify));
        assertEquals(1, first.rc(), first.both());
        // each verify thread may be inside a check when the first failure ends the verifying
        List<Long> mine = failedOffsets(first);
        assertFalse(mine.isEmpty(), first.both());
        assertTrue(mine.size() <= threads && damagedOffsets().containsAll(mine), first.both());
        assertTrue(first.both().contains("func=async_verify, error=Invalid or incomplete multibyte or wide character"),
                first.both());
        assertFalse(first.both().contains("not supported"), first.both());

        for (Path fio : FioVsJfio.everyFio()) {
            Path theirFile = dir.resolve("fio.dat");
            writeDamaged(fio, theirFile);
            FioVsJfio.Outcome theirs = run(fio, with(args(theirFile, "4M", "crc32c", verify), "--continue_on_error=verify"));
            assertEquals(expected, continued(theirs), fio + " said:\n" + theirs.both());
            if (!"psync".equals(engine) || threads > 1) {
                FioVsJfio.Outcome fatal = run(fio, args(theirFile, "4M", "crc32c", verify));
                assertEquals(1, fatal.rc(), fio + " said:\n" + fatal.both());
                List<Long> offs = failedOffsets(fatal);
                assertFalse(offs.isEmpty(), fatal.both());
                assertEquals(DAMAGED[0] * 4096, offs.get(0), fatal.both());
                assertTrue(damagedOffsets().containsAll(offs), fatal.both());
                assertTrue(fatal.both().contains("func=async_verify, error=Invalid or incomplete multibyte or wide"
                        + " character"), fatal.both());
            }
            Files.delete(theirFile);
        }
    }

    private static List<String> with(List<String> a, String more) {
        List<String> l = new ArrayList<>(a);
        l.add(more);
        return l;
    }

    /** The job thread's CPU time in ms: its cpu line's usr+sys share of the job's runtime. */
    private static double cpuMs(FioVsJfio.Outcome o) {
        JsonNode j = job(o);
        assertEquals(0, j.get("error").asLong(), o.both());
        return (j.get("usr_cpu").asDouble() + j.get("sys_cpu").asDouble()) / 100 * j.get("job_runtime").asLong();
    }

    /**
     * md5 over 64 MiB read back (libaio, iodepth 8: psync's single unit makes every read wait for
     * its check, a futex round per read that loaded machines price unevenly): with 2 verify
     * threads the job thread no longer computes the
     * digests, so its cpu line counts less CPU time than the same job checked inline. Three
     * alternating runs each, the least of each compared (a loaded machine only adds: contended
     * monitors spin, one run of jfio's took 115 ms where the others took 38-55); generous: below
     * 85% for jfio. fio's figures are printed beside, not
     * asserted: with psync fio 3.42's job thread was lower with its verify threads (64-77 vs
     * 102-114 ms) but above inline once at load 130, and fio 3.33's went either way.
     */
    @Test
    void theJobThreadsCpuLeavesTheChecksToTheVerifyThreads() throws Exception {
        List<Path> tools = new ArrayList<>();
        tools.add(null);
        tools.addAll(FioVsJfio.everyFio());
        for (Path fio : tools) {
            Path file = dir.resolve("cpu.dat");
            FioVsJfio.Outcome w = run(fio, args(file, "64M", "md5"));
            assertEquals(0, w.rc(), w.both());
            List<String> inline = args(file, "64M", "md5", "--verify_only=1", "--ioengine=libaio", "--iodepth=8");
            List<String> async = with(inline, "--verify_async=2");
            run(fio, async); // warm-up (jfio's JIT, the page cache)
            double inlineMs = Double.MAX_VALUE;
            double asyncMs = Double.MAX_VALUE;
            for (int i = 0; i < 3; i++) {
                inlineMs = Math.min(inlineMs, cpuMs(run(fio, inline)));
                asyncMs = Math.min(asyncMs, cpuMs(run(fio, async)));
            }
            String who = fio == null ? "jfio" : fio.toString();
            System.out.printf("%s: job thread cpu %.1f ms inline, %.1f ms with verify_async=2 (least of 3)%n", who,
                    inlineMs, asyncMs);
            if (fio == null) {
                assertTrue(asyncMs < inlineMs * 0.85,
                        who + ": " + asyncMs + " ms with verify threads vs " + inlineMs + " ms inline");
            }
            Files.delete(file);
        }
    }
}
