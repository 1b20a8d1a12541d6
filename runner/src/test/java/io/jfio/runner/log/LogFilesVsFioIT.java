package io.jfio.runner.log;

import io.jfio.report.json.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The same jobs with every log, run by the installed fio (3.33; its log files have 3.42's names
 * and columns for these options) and by jfio: the same file names, the same columns in each,
 * averaged logs within one window per direction of fio's line count, per-I/O logs with exactly
 * one line per completed I/O, histogram lines with fio's bucket count, and after ramp_time the
 * times counted from the end of the ramp.
 */
@Timeout(300)
class LogFilesVsFioIT {

    /** name, directions, job text with DIR for the run's directory, windows in its runtime (averaged logs). */
    private static final String[][] JOBS = {
        {"randrw", "2", """
            [randrw]
            ioengine=psync
            rw=randrw
            bs=4k
            size=8m
            filename=DIR/f
            numjobs=2
            write_bw_log=DIR/x
            write_lat_log=DIR/x
            write_iops_log=DIR/x
            write_hist_log=DIR/x
            log_avg_msec=500
            log_hist_msec=500
            runtime=2
            time_based
            """, "4"},
        {"psync", "1", """
            [psync]
            ioengine=psync
            rw=randread
            bs=4k
            size=4m
            filename=DIR/f
            write_bw_log=DIR/p
            write_lat_log=DIR/p
            write_iops_log=DIR/p
            write_hist_log=DIR/p
            log_hist_msec=250
            log_offset=1
            runtime=1
            time_based
            """, "0"},
        {"uring", "1", """
            [uring]
            ioengine=io_uring
            iodepth=32
            rw=randread
            bs=4k
            size=32m
            filename=DIR/f
            write_bw_log=DIR/u
            write_lat_log=DIR/u
            write_iops_log=DIR/u
            write_hist_log=DIR/u
            log_hist_msec=20
            log_hist_coarseness=2
            """, "0"},
        {"ramp", "1", """
            [ramp]
            ioengine=psync
            rw=write
            bs=4k
            size=4m
            filename=DIR/f
            write_bw_log=DIR/r
            write_lat_log=DIR/r
            write_iops_log=DIR/r
            log_avg_msec=250
            ramp_time=1
            runtime=2
            time_based
            """, "8"},
    };

    /** One job's logs from fio and from jfio, with jfio's JSON result. */
    private record Logs(String[] job, TreeMap<String, List<String>> fio, TreeMap<String, List<String>> jfio,
            JsonNode jfioDoc) {
    }

    private static List<Logs> runs;

    /** Runs every job once under fio and jfio, for the tests that compare what they logged. */
    private static synchronized List<Logs> runs() throws Exception {
        assumeTrue(java.nio.file.Files.isExecutable(LogRuns.FIO), "skipped: /usr/bin/fio is not installed");
        if (runs != null) {
            return runs;
        }
        List<Logs> out = new java.util.ArrayList<>();
        for (String[] job : JOBS) {
            Path f = LogRuns.scratch("vsfio-fio");
            Path j = LogRuns.scratch("vsfio-jfio");
            try {
                LogRuns.fio(LogRuns.FIO, f, job[2].replace("DIR", f.toString()));
                JsonNode jdoc = LogRuns.jfio(j, job[2].replace("DIR", j.toString()));
                TreeMap<String, List<String>> fl = LogRuns.logs(f);
                TreeMap<String, List<String>> jl = LogRuns.logs(j);
                report(job[0], fl, jl);
                out.add(new Logs(job, fl, jl, jdoc));
            } finally {
                LogRuns.delete(f);
                LogRuns.delete(j);
            }
        }
        runs = out;
        return runs;
    }

    @Test
    void logFileNamesAreFios() throws Exception {
        for (Logs l : runs()) {
            assertEquals(l.fio().keySet(), l.jfio().keySet(), l.job()[0] + ": log file names");
        }
    }

    @Test
    void logColumnsAreFios() throws Exception {
        for (Logs l : runs()) {
            String[] job = l.job();
            for (Map.Entry<String, List<String>> e : l.fio().entrySet()) {
                String name = e.getKey();
                List<String> fio = e.getValue();
                List<String> jfio = l.jfio().getOrDefault(name, List.of());
                String what = job[0] + " " + name;
                if (name.contains("_hist")) {
                    int buckets = 1856 >> (job[0].equals("uring") ? 2 : 0);
                    if (!jfio.isEmpty()) {
                        assertEquals(Set.of(3 + buckets), LogRuns.columns(jfio), what + ": hist columns");
                    }
                    if (!fio.isEmpty()) {
                        assertEquals(Set.of(3 + buckets), LogRuns.columns(fio), what + ": fio's hist columns");
                    }
                    continue;
                }
                if (!fio.isEmpty()) {
                    assertTrue(!jfio.isEmpty(), what + ": jfio's log is empty");
                    assertEquals(LogRuns.columns(fio), LogRuns.columns(jfio), what + ": columns");
                } else {
                    assertTrue(jfio.isEmpty(), what + ": fio writes no lines, jfio " + jfio.size());
                }
            }
        }
    }

    @Test
    void logLineCountsAreFios() throws Exception {
        for (Logs l : runs()) {
            String[] job = l.job();
            int dirs = Integer.parseInt(job[1]);
            for (Map.Entry<String, List<String>> e : l.fio().entrySet()) {
                String name = e.getKey();
                if (name.contains("_hist")) {
                    // Lines come per log_hist_msec while I/Os complete: how many depends on speed.
                    continue;
                }
                List<String> fio = e.getValue();
                List<String> jfio = l.jfio().getOrDefault(name, List.of());
                String what = job[0] + " " + name;
                if (job[0].equals("psync") || job[0].equals("uring")) {
                    // log_avg_msec=0: one line per completed I/O (slat: none for psync, as fio)
                    long ios = LogRuns.totalIos(l.jfioDoc(), 0);
                    if (!fio.isEmpty()) {
                        assertEquals(ios, jfio.size(), what + ": one line per I/O");
                    }
                } else {
                    // fio's helper thread misses windows on a loaded machine: within one window per
                    // direction of fio's count, or of the windows the runtime holds.
                    int ideal = Integer.parseInt(job[3]) * dirs;
                    String counts = what + ": fio " + fio.size() + " lines, jfio " + jfio.size() + ", windows " + ideal;
                    System.out.println(counts);
                    // Never more windows than the runtime holds (one more per direction at the end).
                    assertTrue(jfio.size() <= ideal + dirs, counts);
                    // A starved machine drops windows in both tools (fio wrote 4 of 8 beside a CPU hog,
                    // jfio 6): never below half of the smaller of fio's count and the ideal.
                    assertTrue(jfio.size() * 2 >= Math.min(fio.size(), ideal), counts);
                }
            }
        }
    }

    @Test
    void logTimesStartAgainAfterRampTime() throws Exception {
        for (Logs l : runs()) {
            if (l.job()[0].equals("ramp")) {
                // Times start again at the end of ramp_time (fio's reset_all_stats sets a new epoch).
                for (String line : l.jfio().get("r_lat.1.log")) {
                    long t = Long.parseLong(line.substring(0, line.indexOf(',')));
                    assertTrue(t < 2900, "ramp: time " + t + " counts the ramp");
                }
            }
        }
    }

    private static void report(String job, Map<String, List<String>> fl, Map<String, List<String>> jl) {
        for (String n : fl.keySet()) {
            List<String> j = jl.getOrDefault(n, List.of());
            Set<Integer> fc = LogRuns.columns(fl.get(n));
            System.out.printf("%-7s %-22s fio %7d lines %s cols, jfio %7d lines %s cols%n", job, n, fl.get(n).size(), fc,
                    j.size(), LogRuns.columns(j));
        }
    }
}
