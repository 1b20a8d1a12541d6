package io.jfio.runner.log;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * fio's --bandwidth-log[=NAME]: NAME-read_bw.log, NAME-write_bw.log and NAME-trim_bw.log ("agg" by
 * default) with the whole run's bandwidth in KiB/s, one row per direction every time more than
 * the smallest bwavgtime has passed and no job is in ramp_time (fio's eta.c calc_rate), timed in
 * ms since the run started. Sampled by the run's status tick, off the job threads.
 */
public final class AggregateBwLog {
    private static volatile String requested;

    private final String name;
    private final long windowMs;
    private final long genesisNanos;
    private final long[] prev = new long[3];
    private final StringBuilder[] rows = {new StringBuilder(), new StringBuilder(), new StringBuilder()};
    private long lastNanos;

    private AggregateBwLog(String name, long windowMs) {
        this.name = name;
        this.windowMs = windowMs;
        this.genesisNanos = System.nanoTime();
        this.lastNanos = genesisNanos;
    }

    /** The command line asked for it (null: no aggregate log). Global, as fio's write_bw_log flag. */
    public static void request(String logName) {
        requested = logName;
    }

    /** The log of this run, or null when --bandwidth-log was not given. */
    public static AggregateBwLog forRun(long smallestBwAvgTimeMs) {
        String n = requested;
        return n == null ? null : new AggregateBwLog(n, smallestBwAvgTimeMs);
    }

    /**
     * One status tick: {@code progress} are the jobs' published counters (bytes r/w/t first),
     * {@code inRamp} whether any job is still in ramp_time.
     */
    public void tick(List<AtomicLongArray> progress, boolean inRamp) {
        long now = System.nanoTime();
        long ms = (now - lastNanos) / 1_000_000L;
        if (ms <= windowMs || inRamp) {
            return;
        }
        long t = (now - genesisNanos) / 1_000_000L;
        for (int d = 0; d < 3; d++) {
            long bytes = 0;
            for (AtomicLongArray p : progress) {
                bytes += p.get(d);
            }
            long diff = bytes - prev[d];
            prev[d] = bytes;
            long rate = ms == 0 ? 0 : 1000 * diff / ms / 1024;
            rows[d].append(t).append(", ").append(rate).append(", ").append(d).append(", 0, 0\n");
        }
        lastNanos = now;
    }

    /** Writes the three files (fio writes them after the run). */
    public void finish(PrintStream err) {
        String[] dirs = {"read", "write", "trim"};
        for (int d = 0; d < 3; d++) {
            String path = name + "-" + dirs[d] + "_bw.log";
            try (OutputStream out = new BufferedOutputStream(new FileOutputStream(path))) {
                out.write(rows[d].toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            } catch (IOException e) {
                err.println("fopen log: " + path + ": " + e.getMessage());
            }
        }
    }
}
