package io.jfio.runner.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.provider.CsvSource;

import io.jfio.report.json.JsonNode;
import io.jfio.runner.support.FioVsJfio;

/**
 * verify with loops above 1, as fio's thread_main runs it: each loop is do_io and then do_verify,
 * which reads back that loop's writes (those its verify_backlog has not read already), so a job
 * reads back size x loops, not just its last loop. Totals against every fio installed (fio 3.42
 * and 3.33 behave alike here, so CI's 3.33 checks it too).
 */
class VerifyLoopsVsFioIT {
    private Path dir;

    @BeforeEach
    void scratch() throws IOException {
        Path base = Path.of(Files.isDirectory(Path.of("/dev/shm")) ? "/dev/shm" : "/tmp");
        dir = Files.createTempDirectory(base, "verifyloops-");
    }

    @AfterEach
    void clean() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private List<String> args(String extra) {
        List<String> a = new ArrayList<>(List.of("--name=j", "--directory=" + dir, "--filename=vl.dat", "--size=256k",
                "--bs=4k", "--verify=crc32c", "--verify_state_save=0", "--output-format=json"));
        a.addAll(Arrays.asList(extra.split(" ")));
        return a;
    }

    private static JsonNode job(FioVsJfio.Outcome o) {
        return FioVsJfio.json(o.out()).get("jobs").elements().get(0);
    }

    private static String totals(FioVsJfio.Outcome o) {
        JsonNode j = job(o);
        return "rc=" + o.rc() + " err=" + j.get("error").asLong() + " read=" + j.get("read").get("total_ios").asLong()
                + "/" + j.get("read").get("io_bytes").asLong() + " write=" + j.get("write").get("total_ios").asLong()
                + "/" + j.get("write").get("io_bytes").asLong();
    }

    /** Every fio here: the one FioVsJfio picks (3.42 where built) and Debian's 3.33 beside it. */
    private FioVsJfio.Outcome fio(Path fio, String extra) throws IOException {
        Files.deleteIfExists(dir.resolve("vl.dat"));
        List<String> cmd = new ArrayList<>(List.of(fio.toString()));
        cmd.addAll(args(extra));
        return FioVsJfio.run(cmd, 120);
    }

    @ParameterizedTest
    @CsvSource({
        "--rw=write --loops=2, rc=0 err=0 read=128/524288 write=128/524288",
        "--rw=randwrite --loops=3, rc=0 err=0 read=192/786432 write=192/786432",
        "--rw=write --loops=3 --verify_backlog=16, rc=0 err=0 read=192/786432 write=192/786432",
        // 60 of each loop's 64 writes are read by the backlog, the other 4 by that loop's do_verify
        "--rw=randwrite --loops=2 --verify_backlog=10, rc=0 err=0 read=128/524288 write=128/524288",
        "--rw=write --loops=2 --bsrange=4k-16k --verify_interval=512, ",
        "--rw=randrw --loops=3 --verify_backlog=8, ",
        "--rw=randwrite --loops=2 --ioengine=libaio --iodepth=8, rc=0 err=0 read=128/524288 write=128/524288",
        // number_ios x loops counts do_verify's reads too: the first loop's 64 writes and 64 reads
        // reach 2 x 40, so the second loop does nothing and the job ends
        "--rw=write --loops=2 --number_ios=40, rc=0 err=0 read=64/262144 write=64/262144",
        "--rw=write --loops=3 --number_ios=100, rc=0 err=0 read=172/704512 write=172/704512",
        "--rw=randwrite --loops=3 --number_ios=20 --verify_backlog=8, rc=0 err=0 read=32/131072 write=32/131072"})
    void readsBackEveryLoop(String extra, String expected) throws IOException {
        FioVsJfio.Outcome mine = FioVsJfio.jfio(args(extra));
        String jfio = totals(mine);
        if (expected != null) {
            assertEquals(expected, jfio, extra);
        }
        assertFalse(mine.err().contains("not supported"), mine.err());
        List<Path> fios = FioVsJfio.everyFio();
        Assumptions.assumeTrue(!fios.isEmpty(), "skipped: no fio to compare with (set JFIO_FIO342 or install fio)");
        for (Path f : fios) {
            assertEquals(totals(fio(f, extra)), jfio, f + " " + extra);
        }
    }

    /**
     * time_based: do_io runs until the runtime is over, whatever the loops, and the read-back
     * never starts (both tools warn that it will not).
     */
    @Test
    void timeBasedLoopsHaveNoReadPhase() throws IOException {
        String extra = "--rw=write --loops=2 --time_based --runtime=300ms";
        FioVsJfio.Outcome mine = FioVsJfio.jfio(args(extra));
        JsonNode j = job(mine);
        assertEquals(0, j.get("read").get("total_ios").asLong(), mine.err());
        assertTrue(j.get("write").get("total_ios").asLong() > 64, "wrote more than one loop: " + totals(mine));
        assertTrue(mine.both().contains("verification read phase will never start"), mine.both());
        List<Path> fios = FioVsJfio.everyFio();
        Assumptions.assumeTrue(!fios.isEmpty(), "skipped: no fio to compare with (set JFIO_FIO342 or install fio)");
        for (Path f : fios) {
            FioVsJfio.Outcome theirs = fio(f, extra);
            assertEquals(0, job(theirs).get("read").get("total_ios").asLong(), f + ": " + theirs.out());
            assertTrue(theirs.both().contains("verification read phase will never start"), theirs.both());
        }
    }

    /**
     * time_based with an engine that queues (libaio): fio's do_io breaks after each pass's size so
     * that thread_main can run do_verify (also with do_verify=0), and keep_running starts the next
     * pass with its offsets from the start, so a randwrite with norandommap writes the same blocks
     * in every pass: the blocks left unwritten are those of one pass (time_based=0), and with
     * do_verify=1 each pass is read back. Before, jfio wrote one pass for the whole runtime (every
     * block written, nothing verified), and fio's t/verify.py randread case, which reads that file
     * back with the same offsets, failed on a block fio's writer never wrote.
     */
    @ParameterizedTest
    @ValueSource(strings = {"0", "1"})
    void timeBasedPassesEndAtTheSizeWithAQueuingEngine(String doVerify) throws IOException {
        String job = "--ioengine=libaio --iodepth=8 --rw=randwrite --norandommap --size=1m --do_verify=" + doVerify;
        String timed = job + " --time_based --runtime=500ms";
        FioVsJfio.Outcome mine = FioVsJfio.jfio(args(timed));
        JsonNode j = job(mine);
        assertEquals(0, j.get("error").asLong(), mine.both());
        assertTrue(j.get("write").get("total_ios").asLong() >= 512, "fewer than two passes: " + totals(mine));
        assertEquals("1".equals(doVerify), j.get("read").get("total_ios").asLong() > 0, totals(mine));
        List<Long> unwritten = unwrittenBlocks();
        assertFalse(unwritten.isEmpty(), "every block written: the passes did not start over");
        Files.deleteIfExists(dir.resolve("vl.dat"));
        FioVsJfio.Outcome onePass = FioVsJfio.jfio(args(job));
        assertEquals(0, job(onePass).get("error").asLong(), onePass.both());
        assertEquals(unwrittenBlocks(), unwritten, "time_based passes against one pass");
        List<Path> fios = FioVsJfio.everyFio();
        Assumptions.assumeTrue(!fios.isEmpty(), "skipped: no fio to compare with (set JFIO_FIO342 or install fio)");
        for (Path f : fios) {
            FioVsJfio.Outcome theirs = fio(f, timed);
            JsonNode t = job(theirs);
            assertEquals(0, t.get("error").asLong(), f + ": " + theirs.both());
            assertEquals("1".equals(doVerify), t.get("read").get("total_ios").asLong() > 0, f + ": " + totals(theirs));
            List<Long> theirUnwritten = unwrittenBlocks();
            FioVsJfio.Outcome theirOnePass = fio(f, job);
            assertEquals(0, job(theirOnePass).get("error").asLong(), f + ": " + theirOnePass.both());
            assertEquals(unwrittenBlocks(), theirUnwritten, f + ": time_based passes against one pass");
            if (FioVsJfio.version(f).startsWith("fio-3.42")) {
                // the same offsets as fio 3.42's (3.33's random offsets differ from 3.42's)
                assertEquals(theirUnwritten, unwritten, f.toString());
            }
        }
    }

    /** The 4 KiB blocks of the job's file that hold only zeros (never written). */
    private List<Long> unwrittenBlocks() throws IOException {
        byte[] d = Files.readAllBytes(dir.resolve("vl.dat"));
        List<Long> zero = new ArrayList<>();
        for (int off = 0; off + 4096 <= d.length; off += 4096) {
            boolean z = true;
            for (int i = off; i < off + 4096 && z; i++) {
                z = d[i] == 0;
            }
            if (z) {
                zero.add((long) off);
            }
        }
        return zero;
    }
}
