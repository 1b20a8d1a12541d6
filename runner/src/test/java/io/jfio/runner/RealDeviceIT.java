package io.jfio.runner;

import io.jfio.testsupport.LoopDevice;
import io.jfio.runner.stats.JobStats;
import io.jfio.runner.support.Jobs;
import io.jfio.runner.support.RecordingEngine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * End to end on a real loop device with the real parser, pattern and engines: which I/Os are
 * issued, how many bytes move, data integrity across engines, pacing.
 */
@Timeout(60)
class RealDeviceIT {
    private static LoopDevice dev;

    @BeforeAll
    static void setUp() throws IOException {
        LoopDevice.assumeAvailable();
        dev = LoopDevice.create(64L << 20, false);
    }

    @AfterAll
    static void tearDown() throws IOException {
        if (dev != null) {
            dev.close();
        }
    }

    private static Jobs.Result run(String job) {
        Jobs.Result r = Jobs.run("[global]\nfilename=" + dev.device() + "\n" + job, "normal", false);
        assertEquals(0, r.rc, r.err() + r.out());
        return r;
    }

    private static long[] offsets(RecordingEngine e, int ddir) {
        return Arrays.stream(Arrays.copyOf(e.offset, e.count)).filter(new java.util.function.LongPredicate() {
            int i;

            @Override
            public boolean test(long v) {
                return e.ddir[i++] == ddir;
            }
        }).toArray();
    }

    @Test
    void sequentialJobsCoverTheirRegionInOrder() {
        Jobs.Result r = run("[seqread]\nrw=read\nbs=4k\nsize=8m\n[seqwrite]\nstonewall\nrw=write\nbs=16k\nsize=4m\noffset=1m\n"
                + "[iosize]\nstonewall\nrw=read\nbs=8k\nsize=8m\nio_size=2m\n");
        long[] rd = offsets(r.recorder(0), 0);
        assertEquals(2048, rd.length);
        for (int i = 0; i < rd.length; i++) {
            assertEquals(i * 4096L, rd[i]);
        }
        assertEquals(8L << 20, r.run.jobs().get(0).stats().ioBytes[0]);
        long[] wr = offsets(r.recorder(1), 1);
        assertEquals(256, wr.length);
        for (int i = 0; i < wr.length; i++) {
            assertEquals((1L << 20) + i * 16384L, wr[i]);
        }
        assertEquals(4L << 20, r.run.jobs().get(1).stats().ioBytes[1]);
        assertEquals(2L << 20, r.run.jobs().get(2).stats().ioBytes[0], "io_size limits the amount");
        String disk = dev.device().substring("/dev/".length());
        assertTrue(r.out().contains("Disk stats (read/write):\n  " + disk + ": ios="), "disk stats for the loop device:\n"
                + r.out());
    }

    @Test
    void randomJobsTouchEveryBlockOnceWithTheRandomMap() {
        Jobs.Result r = run("[rr]\nrw=randread\nbs=4k\nsize=8m\n[rw]\nstonewall\nrw=randwrite\nbs=8k\nsize=8m\nnorandommap\n");
        long[] rd = offsets(r.recorder(0), 0).clone();
        Arrays.sort(rd);
        assertEquals(2048, rd.length);
        for (int i = 0; i < rd.length; i++) {
            assertEquals(i * 4096L, rd[i], "block " + i);
        }
        long[] wr = offsets(r.recorder(1), 1);
        assertEquals(1024, wr.length);
        for (long o : wr) {
            assertTrue(o % 8192 == 0 && o >= 0 && o + 8192 <= (8L << 20), "offset " + o);
        }
        JobStats ws = r.run.jobs().get(1).stats();
        assertEquals(8L << 20, ws.ioBytes[1]);
    }

    @Test
    void numjobsClonesStartAtFiosOffsets() {
        Jobs.Result r = run("[clones]\nrw=write\nbs=64k\nsize=4m\nnumjobs=4\noffset_increment=4m\n");
        // Creation order: the job itself, then clones 3, 2, 1.
        long[] expectStart = {0, 12L << 20, 8L << 20, 4L << 20};
        for (int j = 0; j < 4; j++) {
            long[] w = offsets(r.recorder(j), 1);
            assertEquals(64, w.length);
            assertEquals(expectStart[j], w[0], "clone " + j);
            assertEquals(expectStart[j] + (4L << 20) - 65536, w[63]);
            assertEquals(4L << 20, r.run.jobs().get(j).stats().ioBytes[1]);
        }
    }

    @Test
    void rwmixreadFollowsItsShare() {
        Jobs.Result r = run("[mix]\nrw=randrw\nrwmixread=70\nbs=4k\nsize=32m\n");
        JobStats mix = r.run.jobs().get(0).stats();
        double readShare = (double) mix.totalIoU[0] / (mix.totalIoU[0] + mix.totalIoU[1]);
        System.out.printf("rwmixread=70: read share %.4f%n", readShare);
        assertTrue(Math.abs(readShare - 0.70) <= 0.01, "read share " + readShare);
        assertEquals(32L << 20, mix.ioBytes[0] + mix.ioBytes[1]);
    }

    @Test
    void bssplitFollowsItsShares() {
        Jobs.Result r = run("[split]\nrw=randread\nbssplit=4k/25:16k/75\nsize=32m\nio_size=1g\nnorandommap\n"
                + "number_ios=20000\n");
        RecordingEngine e = r.recorder(0);
        Map<Integer, Integer> bySize = new HashMap<>();
        for (int i = 0; i < e.count; i++) {
            bySize.merge(e.length[i], 1, Integer::sum);
        }
        double small = (double) bySize.getOrDefault(4096, 0) / e.count;
        System.out.printf("bssplit=4k/25:16k/75: 4k share %.4f of %d I/Os%n", small, e.count);
        assertTrue(Math.abs(small - 0.25) <= 0.02, "4k share " + small);
    }

    @Test
    void dataWrittenByOneEngineReadsBackWithAnother() {
        Jobs.Result r = Jobs.run("[global]\nfilename=" + dev.device() + "\nbs=64k\nsize=8m\n"
                + "[w]\nioengine=pvsync2\nrw=write\n"
                + "[r]\nstonewall\nioengine=libaio\niodepth=8\ndirect=1\nrw=read\n", "normal", true);
        assertEquals(0, r.rc, r.err());
        RecordingEngine w = r.recorder(0);
        RecordingEngine rd = r.recorder(1);
        Map<Long, Long> written = new HashMap<>();
        for (int i = 0; i < w.count; i++) {
            written.put(w.offset[i], w.crc[i]);
        }
        assertEquals(128, written.size());
        assertEquals(128, rd.count);
        for (int i = 0; i < rd.count; i++) {
            assertEquals(written.get(rd.offset[i]), rd.crc[i], "block at " + rd.offset[i]);
        }
    }

    @Test
    void rateIopsNeverRunsAheadOfItsSchedule() {
        Jobs.Result r = run("[paced]\nrw=randread\nbs=4k\nrate_iops=400\ntime_based\nruntime=2\n");
        JobStats s = r.run.jobs().get(0).stats();
        double iops = s.totalIoU[0] * 1e6 / s.runtimeMicros[0];
        System.out.printf("rate_iops=400: %d I/Os in %d us = %.1f IOPS (%+.2f%%)%n", s.totalIoU[0], s.runtimeMicros[0],
                iops, (iops - 400) / 4);
        // I/O n may not be issued before n/400 s: at most 801 in 2 s, whatever the load. A loaded
        // machine can only fall behind, so the lower bound is generous (exact: VirtualTimeJobTest).
        assertTrue(s.totalIoU[0] <= 801, s.totalIoU[0] + " I/Os");
        assertTrue(s.totalIoU[0] >= 200, s.totalIoU[0] + " I/Os");
    }
}
