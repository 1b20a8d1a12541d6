package io.jfio.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.report.format.DiskStatsFormat;
import io.jfio.report.format.JsonFormat;
import io.jfio.report.format.JsonReader;
import io.jfio.report.format.NormalFormat;
import io.jfio.report.format.OutputFormat;
import io.jfio.report.format.Preamble;
import io.jfio.report.format.TerseFormat;
import io.jfio.report.format.TerseReader;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** How the runner uses the model: per-thread recording, merging, folding, rendering. */
class RunnerContractTest {

    /** One worker thread's recorder, filled the way the runner's I/O loop would. */
    private static JobResult thread(String name, int group, boolean groupReporting, long seed) {
        JobResult t = new JobResult();
        t.name = name;
        t.groupId = group;
        t.pid = 4242;
        t.report.groupReporting = groupReporting;
        DirectionStats read = t.dir(DirectionStats.READ);
        long x = seed;
        for (int i = 0; i < 1000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            long clat = 20_000 + ((x >>> 33) % 80_000);
            t.recordDepth(1, 1);
            t.recordSubmit(1);
            read.totalIos++;
            read.recordSlat(500, false);
            read.recordClat(clat);
            read.recordLat(clat + 500, false);
            t.recordLatencyBucket(clat);
            t.recordComplete(1);
            read.ioBytes += 4096;
        }
        read.runtimeMs = 1000;
        read.bw.add(4000);
        read.bw.add(4100);
        read.iops.add(1000);
        read.iops.add(1025);
        t.totalRunTimeMs = 1001;
        t.usrTimeMs = 100;
        t.sysTimeMs = 300;
        t.ctx = 10;
        t.latencyDepth = 1;
        return t;
    }

    /** Two jobs of two threads each in group 0 (group_reporting), one job in group 1. */
    private RunResult twoGroups() {
        RunResult run = new RunResult();
        run.timestampMs = 1_795_977_872_907L;
        for (int job = 0; job < 2; job++) {
            JobResult a = thread("job" + job, 0, true, job * 2 + 1);
            a.merge(thread("job" + job, 0, true, job * 2 + 2));
            run.addJob(a);
        }
        run.addJob(thread("other", 1, false, 99));
        return run;
    }

    @Test
    void groupReportingFoldsThePerThreadRecorders() {
        RunResult run = twoGroups();
        List<JobResult> ts = run.threadStats();
        assertEquals(2, ts.size());
        JobResult g = ts.get(0);
        assertEquals("job0", g.name);
        assertEquals(2, g.members);
        assertEquals(4000, g.dir(0).totalIos);
        assertEquals(4000, g.dir(0).clat.samples());
        assertEquals(4000, g.dir(0).clatHist.count());
        assertEquals(4 * 4050.0, g.dir(0).bw.mean(), 1e-9); // bw means are summed over the 4 threads
        assertEquals(4 * 4000, g.dir(0).bw.min()); // and so are minimums
        assertEquals(4 * 1000 * 4096L, g.dir(0).ioBytes);
    }

    @Test
    void normalReportOfFoldedThreads() {
        RunResult run = twoGroups();
        String normal = NormalFormat.write(run);
        assertTrue(normal.contains("job0: (groupid=0, jobs=2): err= 0: pid=4242: "), normal);
        assertTrue(normal.contains("  read: IOPS=4000, BW=15.6MiB/s (16.4MB/s)(15.6MiB/1000msec)\n"), normal);
        assertTrue(normal.contains("    clat (nsec): min=20007, max=99996, avg=59752.81"), normal); // max <= 99999: stays nsec
        assertTrue(normal.contains("     lat (usec): min=20, max=100, avg=60.25, stdev=23.16\n"), normal);
        assertTrue(normal.contains("\nRun status group 1 (all jobs):\n   READ: bw=4000KiB/s"), normal);
        assertTrue(normal.contains("  lat (usec)   : 50="), normal);
        assertTrue(normal.contains("     latency   : target=0.00ns, window=0.00ns, percentile=100.00%, depth=1\n"));
    }

    @Test
    void everyFormatOfFoldedThreadsReadsBackIntoTheSameNumbers() {
        RunResult run = twoGroups();
        String normal = NormalFormat.write(run);
        String json = JsonFormat.write(run, true);
        JsonNode root = JsonParser.parse(json.trim());
        assertEquals(2, root.get("jobs").elements().size());
        RunResult back = JsonReader.read(json);
        assertEquals(json, JsonFormat.write(back, true));
        String terse = TerseFormat.write(run, 5);
        assertEquals(terse, TerseFormat.write(TerseReader.read(terse), 5));
        String all = OutputFormat.render(run, Set.of(OutputFormat.NORMAL, OutputFormat.TERSE, OutputFormat.JSON), 3);
        assertTrue(all.startsWith("3;fio-3.42;job0;0;0;"), all);
        assertTrue(all.endsWith(normal));
    }

    @Test
    void diskStatsFromSysfsCounters() {
        DiskUtil d = new DiskUtil("loop2");
        d.update(DiskUtil.parseStat("  100 0 800 50 10 0 80 5 0 40 55 0 0 0 0"), 0);
        d.update(DiskUtil.parseStat("  600 2 4800 350 10 0 80 5 1 440 455 0 0 0 0"), 250);
        d.update(DiskUtil.parseStat("  900 2 7200 500 10 0 80 5 0 740 705 0 0 0 0"), 750);
        assertEquals(800, d.readIos);
        assertEquals(6400, d.readSectors);
        assertEquals(450, d.readTicks);
        assertEquals(650, d.inQueue);
        assertEquals(70.0, d.util(), 1e-9);
        assertEquals("  loop2: ios=800/0, sectors=6400/0, merge=2/0, ticks=450/0, in_queue=650, util=70.00%\n",
                DiskStatsFormat.normal(List.of(d), FioFlavor.FIO_3_42));
        assertEquals("  loop2: ios=800/0, merge=2/0, ticks=450/0, in_queue=650, util=70.00%\n",
                DiskStatsFormat.normal(List.of(d), FioFlavor.FIO_3_33));
        assertEquals(";loop2;800;0;2;0;450;0;650;70.00%", DiskStatsFormat.terse(List.of(d)));

        DiskUtil dm = new DiskUtil("dm-0");
        dm.slaves.add(d);
        assertTrue(DiskStatsFormat.normal(List.of(dm), FioFlavor.FIO_3_42)
                .startsWith("    dm-0: ios=0/0, sectors=0/0, merge=0/0, ticks=0/0, in_queue=0, util=0.00%, aggrios=800/0,"));
    }

    @Test
    void preambleLines() {
        long[] k64 = {65536, 65536, 65536};
        assertEquals("mixed-a: (g=0): rw=rw, bs=(R) 64.0KiB-64.0KiB, (W) 64.0KiB-64.0KiB, (T) 64.0KiB-64.0KiB,"
                + " ioengine=pvsync2, iodepth=1\n",
                Preamble.jobLine("mixed-a", 0, "readwrite", k64, k64, false, "pvsync2", 1, 4, 1024));
        long[] b4000 = {4000, 4000, 4000};
        assertTrue(Preamble.jobLine("null-bits", 0, "randrw", b4000, b4000, false, "null", 1, 4, 1000)
                .contains("bs=(R) 4000B-4000B"));
        assertEquals("Starting 8 processes\n", Preamble.startingLine(0, 8));
        assertEquals("Starting 1 thread and 2 processes\n", Preamble.startingLine(1, 2));
        assertEquals(Set.of(OutputFormat.TERSE, OutputFormat.JSON_PLUS), OutputFormat.parse("minimal,json+"));
    }
}
