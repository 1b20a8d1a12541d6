package io.jfio.runner.log;

import io.jfio.runner.job.Job;
import io.jfio.runner.support.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Per-I/O logs (log_avg_msec=0: bw, iops, lat, clat, slat, clat_hist and write_iolog) on the null
 * engine allocate nothing per entry in the I/O loop: ThreadMXBean's allocated bytes of the job
 * thread stay under a fixed bound while the logs take hundreds of thousands of entries, and
 * every completed I/O has its line.
 */
@Timeout(120)
class LogAllocationTest {
    private static final long BOUND = 256 * 1024;

    @Test
    void perIoLogsAllocateNothingPerEntry() throws Exception {
        Path dir = LogRuns.scratch("alloc");
        try {
            String jobs = "[null-logs]\nioengine=null\nsize=256m\nrw=randrw\nbs=4k\nnorandommap\n"
                    + "iodepth=4\nwrite_bw_log=" + dir + "/a\nwrite_lat_log=" + dir + "/a\nwrite_iops_log=" + dir
                    + "/a\nwrite_hist_log=" + dir + "/a\nlog_hist_msec=100\nlog_offset=1\nwrite_iolog=" + dir + "/a.iolog\n";
            List<Job> ran = Jobs.run(jobs);
            Job j = ran.get(0);
            long ios = j.stats().ioCompleted[0] + j.stats().ioCompleted[1];
            // A fixed amount of I/O, not a time window: a loaded machine changes how long it takes, not how many entries.
            assertEquals(256L * 1024 * 1024 / 4096, ios, "completed I/Os");
            Jobs.assertLoopAllocatesUnder(BOUND, j, ios, "logged I/Os");
            for (String log : List.of("a_lat.1.log", "a_clat.1.log", "a_bw.1.log", "a_iops.1.log")) {
                long lines;
                try (var s = Files.lines(dir.resolve(log))) {
                    lines = s.count();
                }
                assertEquals(ios, lines, log);
            }
            long issued;
            try (var s = Files.lines(dir.resolve("a.iolog"))) {
                issued = s.filter(l -> l.contains(" read ") || l.contains(" write ")).count();
            }
            assertTrue(issued >= ios, "iolog has " + issued + " I/Os, " + ios + " completed");
        } finally {
            LogRuns.delete(dir);
        }
    }
}
