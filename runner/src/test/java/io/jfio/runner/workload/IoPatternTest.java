package io.jfio.runner.workload;

import io.jfio.testsupport.Allocation;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.runner.workload.TestJobs.Io;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Properties of the I/O pattern that fio guarantees, checked on large runs without fio. */
class IoPatternTest {
    private static final long MB = 1 << 20;

    private static IoPattern pattern(String options, long size) throws WorkloadException {
        return IoPattern.create(TestJobs.job(0, options), List.of(TestJobs.file("f", 0, 0, size)));
    }

    private static List<Io> run(String options, long size) throws WorkloadException {
        return TestJobs.drain(pattern(options, size), Integer.MAX_VALUE);
    }

    private static long bytes(List<Io> ios, String ddir) {
        return ios.stream().filter(i -> ddir == null || i.ddir().equals(ddir)).mapToLong(Io::length).sum();
    }

    @ParameterizedTest
    @ValueSource(strings = {"read", "write", "trim"})
    void sequentialModesCoverTheRegionInOrder(String mode) throws Exception {
        List<Io> ios = run("rw=" + mode + " bs=8k", 8 * MB);
        assertEquals(1024, ios.size());
        for (int i = 0; i < ios.size(); i++) {
            assertEquals(new Io("f", mode, i * 8192L, 8192), ios.get(i));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"randread", "randwrite", "randtrim", "randrw"})
    void randomMapTouchesEveryBlockOncePerPass(String mode) throws Exception {
        List<Io> ios = run("rw=" + mode + " loops=3", 16 * MB);
        int blocks = 4096;
        assertEquals(3 * blocks, ios.size());
        for (int pass = 0; pass < 3; pass++) {
            boolean[] seen = new boolean[blocks];
            for (Io io : ios.subList(pass * blocks, (pass + 1) * blocks)) {
                int b = (int) (io.offset() / 4096);
                assertFalse(seen[b], "block " + b + " twice in pass " + pass);
                seen[b] = true;
            }
        }
        // the pass order is random, not sequential
        assertNotEquals(0L, ios.get(1).offset() - 4096);
    }

    @Test
    void randomMapWithMixedBlockSizesCoversEveryByteOnce() throws Exception {
        List<Io> ios = run("rw=randwrite bsrange=4k-64k", 32 * MB);
        byte[] hit = new byte[(int) (32 * MB / 4096)];
        for (Io io : ios) {
            for (long o = io.offset(); o < io.offset() + io.length(); o += 4096) {
                hit[(int) (o / 4096)]++;
            }
        }
        for (int i = 0; i < hit.length; i++) {
            assertTrue(hit[i] <= 1, "block " + i + " written " + hit[i] + " times");
        }
        assertEquals(32 * MB, bytes(ios, null));
    }

    @Test
    void norandommapRepeatsBlocks() throws Exception {
        List<Io> ios = run("rw=randread norandommap=1", 4 * MB);
        assertEquals(1024, ios.size());
        assertTrue(ios.stream().map(Io::offset).distinct().count() < 1024);
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 30, 50, 70, 95})
    void rwmixHoldsWithinOnePercent(int read) throws Exception {
        for (String mode : List.of("rw", "randrw")) {
            List<Io> ios = run("rw=" + mode + " rwmixread=" + read, 400 * MB);
            assertEquals(102400, ios.size());
            double share = ios.stream().filter(i -> i.ddir().equals("read")).count() * 100.0 / ios.size();
            assertEquals(read, share, 1.0, mode + " read share");
        }
    }

    @Test
    void rwmixwriteIsTheComplement() throws Exception {
        List<Io> ios = run("rw=randrw rwmixwrite=20", 200 * MB);
        double share = ios.stream().filter(i -> i.ddir().equals("write")).count() * 100.0 / ios.size();
        assertEquals(20, share, 1.0);
    }

    @Test
    void bssplitProportionsWithinTwoPercent() throws Exception {
        List<Io> ios = run("rw=randread norandommap=1 bssplit=4k/50:16k/30:64k/20 io_size=1600m", 1024 * MB);
        Map<Long, Integer> count = new HashMap<>();
        for (Io io : ios) {
            count.merge(io.length(), 1, Integer::sum);
        }
        double n = ios.size();
        assertTrue(n > 50000);
        assertEquals(50, count.get(4096L) * 100 / n, 2.0);
        assertEquals(30, count.get(16384L) * 100 / n, 2.0);
        assertEquals(20, count.get(65536L) * 100 / n, 2.0);
    }

    @Test
    void bssplitPerDirection() throws Exception {
        List<Io> ios = run("rw=randrw norandommap=1 bssplit=4k,64k", 64 * MB);
        assertTrue(ios.stream().filter(i -> i.ddir().equals("read")).allMatch(i -> i.length() == 4096));
        assertTrue(ios.stream().filter(i -> i.ddir().equals("write")).allMatch(i -> i.length() == 65536));
    }

    @Test
    void bsrangeStaysInRangeOnMultiplesOfItsMinimum() throws Exception {
        List<Io> ios = run("rw=randread norandommap=1 bsrange=2k-20k", 64 * MB);
        assertTrue(ios.stream().allMatch(i -> i.length() >= 2048 && i.length() <= 20480 && i.length() % 2048 == 0));
    }

    @Test
    void bsUnalignedGivesOtherLengthsInTheRange() throws Exception {
        List<Io> un = run("rw=randread norandommap=1 bsrange=2k-20k bs_unaligned=1", 64 * MB);
        assertTrue(un.stream().anyMatch(i -> i.length() % 2048 != 0));
    }

    @Test
    void blockalignAlignsRandomOffsets() throws Exception {
        IoPattern p = pattern("rw=randread ba=1k", 8 * MB);
        assertTrue(p.noRandomMap());
        List<Io> ios = TestJobs.drain(p, Integer.MAX_VALUE);
        assertTrue(ios.stream().allMatch(i -> i.offset() % 1024 == 0));
        assertTrue(ios.stream().anyMatch(i -> i.offset() % 4096 != 0));
    }

    @Test
    void aJobMovesItsSize() throws Exception {
        assertEquals(8 * MB, bytes(run("rw=read", 8 * MB), null));
        assertEquals(16 * MB, bytes(run("rw=rw", 16 * MB), null));
    }

    @Test
    void loopsRepeatTheSize() throws Exception {
        assertEquals(3 * 8 * MB, bytes(run("rw=randwrite loops=3", 8 * MB), null));
    }

    @Test
    void ioSizeSetsTheAmountAboveOrBelowTheSize() throws Exception {
        assertEquals(20 * MB, bytes(run("rw=read io_size=20m", 8 * MB), null));
        assertEquals(3 * MB, bytes(run("rw=randread io_size=3m", 8 * MB), null));
    }

    @Test
    void ioSizeAboveTheSizeOfASequentialMixWraps() throws Exception {
        // io_size larger than size on a sequential mix wraps (3.42) instead of stopping
        assertEquals(40 * MB, bytes(run("rw=rw io_size=40m", 16 * MB), null));
    }

    @Test
    void numberIosCountsIos() throws Exception {
        assertEquals(50, run("rw=randread number_ios=50", 8 * MB).size());
    }

    @Test
    void sizeSmallerThanFilesLimitsTheRegion() throws Exception {
        IoPattern p = IoPattern.create(TestJobs.job(0, "rw=read size=1m"), List.of(TestJobs.file("f", 0, 0, MB)));
        assertEquals(MB, p.size());
        assertEquals(MB, bytes(TestJobs.drain(p, Integer.MAX_VALUE), null));
    }

    @Test
    void clonesWorkInTheirOwnRegionWithTheirOwnSeeds() throws Exception {
        // numjobs=4 offset_increment=16m: the runner gives clone k the region at k x 16m
        List<List<Io>> clones = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            IoFile f = TestJobs.file("f", 0, k * 16 * MB, 16 * MB);
            f.realSize = 64 * MB;
            var spec = TestJobs.job(k, "rw=randread size=16m offset_increment=16m");
            spec.setCloneIndex(k);
            List<Io> ios = TestJobs.drain(IoPattern.create(spec, List.of(f)), Integer.MAX_VALUE);
            long lo = k * 16 * MB;
            assertTrue(ios.stream().allMatch(i -> i.offset() >= lo && i.offset() + i.length() <= lo + 16 * MB));
            assertEquals(16 * MB, bytes(ios, null));
            clones.add(ios);
        }
        // fio seeds each thread from its thread number: the clones do not repeat each other's pattern
        assertNotEquals(clones.get(0).get(0).offset(), clones.get(1).get(0).offset() - 16 * MB);
    }

    @Test
    void sameSeedSamePattern() throws Exception {
        assertEquals(run("rw=randrw bsrange=4k-32k", 8 * MB), run("rw=randrw bsrange=4k-32k", 8 * MB));
        assertNotEquals(run("rw=randread randseed=7", 8 * MB), run("rw=randread randseed=8", 8 * MB));
    }

    @Test
    void trimwriteTrimsThenWritesEachBlock() throws Exception {
        List<Io> ios = run("rw=trimwrite", 4 * MB);
        assertEquals(2048, ios.size());
        for (int i = 0; i < 1024; i++) {
            assertEquals(new Io("f", "trim", i * 4096L, 4096), ios.get(2 * i));
            assertEquals(new Io("f", "write", i * 4096L, 4096), ios.get(2 * i + 1));
        }
    }

    @Test
    void randtrimwriteWritesWhatItJustTrimmed() throws Exception {
        List<Io> ios = run("rw=randtrimwrite bsrange=4k-16k", 4 * MB);
        assertEquals(0, ios.size() % 2);
        for (int i = 0; i < ios.size(); i += 2) {
            Io t = ios.get(i);
            Io w = ios.get(i + 1);
            assertEquals("trim", t.ddir());
            assertEquals(new Io("f", "write", t.offset(), t.length()), w);
        }
    }

    @Test
    void sequentialHoles() throws Exception {
        List<Io> ios = run("rw=read:4k", MB);
        assertEquals(0, ios.get(0).offset());
        assertEquals(8192, ios.get(1).offset());
        assertEquals(16384, ios.get(2).offset());
        // past the end fio wraps to the start and goes on until size bytes were moved
        assertEquals(256, ios.size());
        assertEquals(0, ios.get(128).offset());
    }

    @Test
    void randomWithSequentialRuns() throws Exception {
        List<Io> ios = run("rw=randread:4 norandommap=1", 64 * MB);
        for (int i = 0; i + 3 < ios.size(); i += 4) {
            // a new random offset every 4 I/Os, 3 sequential ones after it
            assertEquals(ios.get(i + 1).offset() + 4096, ios.get(i + 2).offset());
            assertEquals(ios.get(i + 2).offset() + 4096, ios.get(i + 3).offset());
        }
        List<Io> ident = run("rw=randread:4 rw_sequencer=identical norandommap=1", 64 * MB);
        for (int i = 1; i + 2 < ident.size(); i += 4) {
            assertEquals(ident.get(i).offset(), ident.get(i + 1).offset());
            assertEquals(ident.get(i).offset(), ident.get(i + 2).offset());
        }
    }

    @Test
    void percentageRandomZeroIsSequential() throws Exception {
        List<Io> ios = run("rw=randread percentage_random=0", 4 * MB);
        for (int i = 0; i < ios.size(); i++) {
            assertEquals(i * 4096L, ios.get(i).offset());
        }
    }

    @Test
    void timeBasedWrapsAround() throws Exception {
        IoPattern p = pattern("rw=read time_based=1 runtime=10", MB);
        IoUnit u = new IoUnit(0, 0, 4096);
        for (int i = 0; i < 1000; i++) {
            assertTrue(p.next(u));
            assertEquals((i % 256) * 4096L, u.offset);
        }
        IoPattern r = pattern("rw=randread time_based=1 runtime=10", MB);
        for (int i = 0; i < 1000; i++) {
            assertTrue(r.next(u));
        }
        // time_based without runtime is not time based (fio warns and clears it)
        assertEquals(256, run("rw=read time_based=1", MB).size());
    }

    @Test
    void fileServiceTypes() throws Exception {
        List<IoFile> files = List.of(TestJobs.file("a", 0, 0, MB), TestJobs.file("b", 1, 0, MB),
            TestJobs.file("c", 2, 0, MB));
        List<Io> rr = TestJobs.drain(IoPattern.create(TestJobs.job(0, "rw=read size=3m"), files), 9);
        assertEquals("abcabcabc", names(rr));
        List<Io> rr2 = TestJobs.drain(IoPattern.create(TestJobs.job(0, "rw=read file_service_type=roundrobin:2"),
            files), 8);
        assertEquals("aabbccaa", names(rr2));
        List<Io> seq = TestJobs.drain(IoPattern.create(TestJobs.job(0, "rw=read file_service_type=sequential"),
            files), Integer.MAX_VALUE);
        assertEquals("a".repeat(256) + "b".repeat(256) + "c".repeat(256), names(seq));
        List<Io> rnd = TestJobs.drain(IoPattern.create(TestJobs.job(0, "rw=read file_service_type=random:4"),
            files), Integer.MAX_VALUE);
        assertEquals(768, rnd.size());
        String s = names(rnd);
        assertNotEquals("a".repeat(256) + "b".repeat(256) + "c".repeat(256), s);
        for (char c : "abc".toCharArray()) {
            assertEquals(256, s.chars().filter(x -> x == c).count());
        }
    }

    private static String names(List<Io> ios) {
        StringBuilder sb = new StringBuilder();
        for (Io io : ios) {
            sb.append(io.file());
        }
        return sb.toString();
    }

    @Test
    void zipfSkewsTowardsHotBlocks() throws Exception {
        assertSkewed("zipf:1.2");
    }

    @Test
    void paretoSkewsTowardsHotBlocks() throws Exception {
        assertSkewed("pareto:0.2");
    }

    private void assertSkewed(String d) throws Exception {
        {
            List<Io> ios = run("rw=randread random_distribution=" + d + " io_size=400m", 64 * MB);
            Map<Long, Integer> hits = new HashMap<>();
            ios.forEach(i -> hits.merge(i.offset(), 1, Integer::sum));
            List<Integer> sorted = new ArrayList<>(hits.values());
            sorted.sort((a, b) -> b - a);
            long top = sorted.stream().limit(16384 / 10).mapToLong(Integer::longValue).sum();
            assertTrue(top > ios.size() * 0.5, d + ": hottest 10% of blocks get " + top + " of " + ios.size());
        }
    }

    @Test
    void normalConcentratesAroundTheCenter() throws Exception {
        List<Io> ios = run("rw=randread random_distribution=normal:5 io_size=64m", 64 * MB);
        // fio hashes normal offsets over the file unless the distribution has a center; count distinct blocks
        long distinct = ios.stream().map(Io::offset).distinct().count();
        assertTrue(distinct < 16384 / 2, "distinct " + distinct);
    }

    @Test
    void zonedPutsTheAskedShareInEachZone() throws Exception {
        List<Io> ios = run("rw=randread random_distribution=zoned:60/10:30/20:10/70 io_size=256m", 64 * MB);
        long n = ios.size();
        long z1 = ios.stream().filter(i -> i.offset() < 64 * MB / 10).count();
        long z2 = ios.stream().filter(i -> i.offset() >= 64 * MB / 10 && i.offset() < 64 * MB * 3 / 10).count();
        assertEquals(60, z1 * 100.0 / n, 1.5);
        assertEquals(30, z2 * 100.0 / n, 1.5);
        List<Io> abs = run("rw=randread random_distribution=zoned_abs:80/1m:20/63m io_size=64m", 64 * MB);
        long a1 = abs.stream().filter(i -> i.offset() < MB).count();
        assertEquals(80, a1 * 100.0 / abs.size(), 1.5);
    }

    @Test
    void lfsrVisitsEveryBlockOnce() throws Exception {
        List<Io> ios = run("rw=randwrite random_generator=lfsr", 8 * MB + 4096 * 5);
        assertEquals(2053, ios.size());
        assertEquals(2053, ios.stream().map(Io::offset).distinct().count());
    }

    @Test
    void errorsUseFioMessages() {
        // fio checks the zones when it parses the option: so does the parser
        IllegalArgumentException p = assertThrows(IllegalArgumentException.class,
            () -> pattern("rw=randread random_distribution=zoned:60/10:30/20", MB));
        assertTrue(p.getMessage().contains("don't add up to 100"), p.getMessage());
        WorkloadException e = assertThrows(WorkloadException.class, () -> pattern("rw=randread bs=8k", 4096));
        assertEquals("fio: blocksize is larger than data set range", e.getMessage());
        p = assertThrows(IllegalArgumentException.class, () -> pattern("rw=randread random_distribution=zipf:1", MB));
        assertTrue(p.getMessage().contains("zipf theta must be different than 1.0"), p.getMessage());
        p = assertThrows(IllegalArgumentException.class, () -> pattern("rw=read rate=1m rate_iops=10", MB));
        assertTrue(p.getMessage().contains("fio: rate and rate_iops are mutually exclusive"), p.getMessage());
    }

    @Test
    void nextAllocatesNothing() throws Exception {
        for (String opts : List.of("rw=randrw bssplit=4k/50:16k/50", "rw=read", "rw=randread random_distribution=zipf:1.1",
            "rw=randread random_generator=lfsr time_based=1 runtime=1", "rw=trimwrite rate_iops=1000")) {
            IoPattern p = pattern(opts, 64 * MB);
            IoUnit u = new IoUnit(0, 0, 1 << 20);
            for (int i = 0; i < 2000; i++) {
                p.next(u, i);
            }
            // One allocation per I/O would cost at least 16 bytes x 10000 in every round; a one-off (a lazily
            // grown table, a JIT transition) shows in one round only, so the least of three rounds is the measure.
            long allocated = Long.MAX_VALUE;
            for (int round = 0; round < 3; round++) {
                long before = Allocation.threadBytes();
                for (int i = 0; i < 10000; i++) {
                    p.next(u, 1000000L + round * 10000L + i);
                }
                allocated = Math.min(allocated, Allocation.threadBytes() - before);
            }
            assertTrue(allocated < 1024, opts + ": " + allocated + " bytes allocated for 10000 I/Os");
        }
    }

    @Test
    void rampEndRestartsTheCounters() throws Exception {
        // fio's reset_all_stats after ramp_time: number_ios counts from the end of the ramp
        IoPattern p = pattern("rw=randread number_ios=10", 8 * MB);
        IoUnit u = new IoUnit(0, 0, 4096);
        for (int i = 0; i < 5; i++) {
            assertTrue(p.next(u));
        }
        p.rate().resetEpoch();
        int after = 0;
        while (p.next(u)) {
            after++;
        }
        assertEquals(10, after);
    }

    @Test
    void passChangesBetweenLoops() throws Exception {
        IoPattern p = pattern("rw=read loops=2", 64 * 1024);
        IoUnit u = new IoUnit(0, 0, 4096);
        int[] passes = new int[3];
        while (p.next(u)) {
            passes[p.pass()]++;
        }
        assertArrayEquals(new int[] {0, 16, 16}, passes);
    }
}
