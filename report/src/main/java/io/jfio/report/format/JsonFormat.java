package io.jfio.report.format;

import io.jfio.report.CFormat;
import io.jfio.report.BlockStates;
import io.jfio.report.CpuIdleness;
import io.jfio.report.DirectionStats;
import io.jfio.report.DiskUtil;
import io.jfio.report.FioFlavor;
import io.jfio.report.GroupResult;
import io.jfio.report.JobOption;
import io.jfio.report.JobResult;
import io.jfio.report.LatencyHistogram;
import io.jfio.report.ReportOptions;
import io.jfio.report.RunResult;
import io.jfio.report.StreamStat;
import io.jfio.report.SteadyStateResult;
import io.jfio.report.json.FioJsonPrinter;
import io.jfio.report.json.JsonNode;
import java.util.List;

/** fio's json and json+ output (fio's stat.c), byte for byte. */
public final class JsonFormat {
    private static final String[] DIR_NAMES = {"read", "write", "trim"};
    private static final String[] LAT10 = {"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000"};
    private static final String[] LAT12 = {"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000", "2000", ">=2000"};
    private static final String[] DEPTH = {"1", "2", "4", "8", "16", "32", ">=64"};
    private static final String[] SUBMIT = {"0", "4", "8", "16", "32", "64", ">=64"};

    private JsonFormat() {
    }

    /** The whole document plus its trailing newline; {@code plus} adds the json+ bins. */
    public static String write(RunResult run, boolean plus) {
        return FioJsonPrinter.print(tree(run, plus));
    }

    /** The document as a tree (for --status-interval dumps or embedding). */
    public static JsonNode tree(RunResult run, boolean plus) {
        FioFlavor flavor = run.flavor();
        JsonNode root = JsonNode.object();
        root.put("fio version", run.fioVersion);
        root.put("timestamp", Math.floorDiv(run.timestampMs, 1000));
        root.put("timestamp_ms", run.timestampMs);
        root.put("time", run.time());
        addOptions(root, "global options", run.globalOptions, flavor);
        JsonNode jobs = JsonNode.array();
        root.put("jobs", jobs);
        List<JobResult> ts = run.threadStats();
        List<GroupResult> groups = run.groups(ts);
        for (JobResult j : ts) {
            jobs.add(job(j, groups.get(j.groupId), flavor, plus));
        }
        if (!run.disks.isEmpty()) {
            JsonNode arr = JsonNode.array();
            root.put("disk_util", arr);
            for (DiskUtil d : run.disks) {
                arr.add(disk(d, flavor));
            }
        }
        if (run.idleness != null) {
            root.put("cpu_idleness", cpuIdleness(run.idleness));
        }
        return root;
    }

    /** --idle-prof's "cpu_idleness" object (fio's show_idle_prof_stats). */
    public static JsonNode cpuIdleness(CpuIdleness c) {
        JsonNode o = JsonNode.object();
        o.putFloat("system", c.system());
        if (c.percpu()) {
            for (int i = 0; i < c.cpus().length; i++) {
                o.putFloat("cpu-" + i, c.cpus()[i]);
            }
        }
        o.putFloat("unit_mean", c.unitMean());
        o.putFloat("unit_stddev", c.unitStddev());
        return o;
    }

    static void addOptions(JsonNode parent, String key, List<JobOption> opts, FioFlavor flavor) {
        if (opts.isEmpty()) {
            return;
        }
        JsonNode o = JsonNode.object();
        parent.put(key, o);
        for (JobOption opt : opts) {
            // 3.33's writer rejects empty strings: valueless options vanish.
            if (flavor == FioFlavor.FIO_3_33 && opt.value().isEmpty()) {
                continue;
            }
            o.put(opt.name(), opt.value());
        }
    }

    static JsonNode job(JobResult j, GroupResult g, FioFlavor flavor, boolean plus) {
        ReportOptions r = j.report;
        JsonNode o = JsonNode.object();
        o.put("jobname", j.name);
        o.put("groupid", j.groupId);
        if (flavor != FioFlavor.FIO_3_33) {
            o.put("job_start", j.jobStartMs);
        }
        o.put("error", j.error);
        o.put("eta", j.eta);
        o.put("elapsed", j.elapsedSec);
        addOptions(o, "job options", j.options, flavor);
        if (r.unified == ReportOptions.UNIFIED_MIXED) {
            o.put("mixed", direction(j, j.mixed(), g, 0, flavor, plus));
        } else {
            for (int d = 0; d < DirectionStats.COUNT; d++) {
                o.put(DIR_NAMES[d], direction(j, j.dir(d), g, d, flavor, plus));
            }
            JsonNode sync = JsonNode.object();
            sync.put("total_ios", j.syncTotalIos);
            sync.put("lat_ns", lat(j, j.syncLat, j.syncHist, r.latPercentiles || r.clatPercentiles, plus));
            o.put("sync", sync);
            if (r.unified == ReportOptions.UNIFIED_BOTH) {
                o.put("mixed", direction(j, j.mixed(), g, 0, flavor, plus));
            }
        }
        o.put("job_runtime", j.totalRunTimeMs);
        o.putFloat("usr_cpu", j.usrCpu());
        o.putFloat("sys_cpu", j.sysCpu());
        o.put("ctx", j.ctx);
        o.put("majf", j.majf);
        o.put("minf", j.minf);
        long issued = j.totalIssued();
        o.put("iodepth_level", dist(j.ioDepth, DEPTH, issued));
        o.put("iodepth_submit", dist(j.submit, SUBMIT, j.totalSubmit));
        o.put("iodepth_complete", dist(j.complete, SUBMIT, j.totalComplete));
        o.put("latency_ns", dist(j.latNs, LAT10, issued));
        o.put("latency_us", dist(j.latUs, LAT10, issued));
        o.put("latency_ms", dist(j.latMs, LAT12, issued));
        if (r.continueOnError) {
            o.put("total_err", j.totalErrors);
            o.put("first_error", j.firstError);
        }
        if (j.latencyDepth != 0) {
            o.put("latency_depth", j.latencyDepth);
            o.put("latency_target", j.latencyTargetNs);
            if (flavor != FioFlavor.FIO_3_33) {
                o.put("latency_target_ns", j.latencyTargetNs);
            }
            o.putFloat("latency_percentile", j.latencyPercentile);
            o.put("latency_window", j.latencyWindowUs);
            if (flavor != FioFlavor.FIO_3_33) {
                o.put("latency_window_us", j.latencyWindowUs);
            }
        }
        if (j.description != null && !j.description.isEmpty()) {
            o.put("desc", j.description);
        }
        if (j.blockStates != null) {
            double[] plist = j.report.percentiles();
            long[] p = j.blockStates.percentiles(plist);
            if (p != null) {
                // fio's "block" object: the trim count per percentile ("%f" keys), the state counts
                JsonNode block = JsonNode.object();
                JsonNode pct = JsonNode.object();
                for (int i = 0; i < p.length; i++) {
                    pct.put(CFormat.fixed(plist[i], 6), p[i]);
                }
                block.put("percentiles", pct);
                JsonNode states = JsonNode.object();
                long[] c = j.blockStates.counts(plist);
                for (int i = 0; i < c.length; i++) {
                    states.put(BlockStates.stateName(i), c[i]);
                }
                block.put("states", states);
                o.put("block", block);
            }
        }
        if (j.steadyState != null) {
            o.put("steadystate", steadyState(j.steadyState));
        }
        if (flavor != FioFlavor.FIO_3_33 && r.zonedBlockDevice) {
            o.put("zone_resets", j.zoneResets);
        }
        return o;
    }

    /** fio's steadystate block: the criterion, its outcome and the sample window in time order. */
    private static JsonNode steadyState(SteadyStateResult ss) {
        JsonNode o = JsonNode.object();
        o.put("ss", ss.criterionSpec());
        o.put("duration", ss.durationSec());
        o.put("attained", ss.attained() ? 1 : 0);
        o.put("criterion", ss.criterionText());
        o.putFloat("max_deviation", ss.deviation());
        o.putFloat("slope", ss.slope());
        JsonNode data = JsonNode.object();
        o.put("data", data);
        data.put("bw_mean", SteadyStateResult.mean(ss.bw()));
        data.put("iops_mean", SteadyStateResult.mean(ss.iops()));
        if (ss.latency()) {
            data.put("lat_mean", SteadyStateResult.mean(ss.lat()));
            data.put("lat_ns", longs(ss.ordered(ss.lat())));
        }
        data.put("iops", longs(ss.ordered(ss.iops())));
        data.put("bw", longs(ss.ordered(ss.bw())));
        return o;
    }

    private static JsonNode longs(long[] values) {
        JsonNode a = JsonNode.array();
        for (long v : values) {
            a.add(JsonNode.integer(v));
        }
        return a;
    }

    private static JsonNode dist(io.jfio.report.Distribution d, String[] keys, long total) {
        JsonNode o = JsonNode.object();
        for (int i = 0; i < keys.length; i++) {
            o.putFloat(keys[i], d.percent(i, total));
        }
        return o;
    }

    static JsonNode direction(JobResult j, DirectionStats d, GroupResult g, int ddir, FioFlavor flavor, boolean plus) {
        ReportOptions r = j.report;
        JsonNode o = JsonNode.object();
        long bwBytes = 0;
        long bw = 0;
        double iops = 0.0;
        if (d.runtimeMs != 0) {
            bwBytes = 1000 * d.ioBytes / d.runtimeMs;
            bw = bwBytes / 1024;
            iops = (1000.0 * d.totalIos) / d.runtimeMs;
        }
        o.put("io_bytes", d.ioBytes);
        o.put("io_kbytes", d.ioBytes >> 10);
        o.put("bw_bytes", bwBytes);
        o.put("bw", bw);
        o.putFloat("iops", iops);
        o.put("runtime", d.runtimeMs);
        o.put("total_ios", d.totalIos);
        o.put("short_ios", d.shortIos);
        o.put("drop_ios", d.dropIos);
        o.put("slat_ns", lat(j, d.slat, d.slatHist, r.slatPercentiles, plus));
        o.put("clat_ns", lat(j, d.clat, d.clatHist, r.clatPercentiles, plus));
        o.put("lat_ns", lat(j, d.lat, d.latHist, r.latPercentiles, plus));
        if (d.prios != null && d.prios.shown()) {
            o.put("prios", prios(j, d.prios, flavor, plus));
        }
        long min = 0;
        long max = 0;
        double mean = 0;
        double dev = 0;
        double pOfAgg = 0;
        if (d.bw.samples() > 0) {
            min = d.bw.min();
            max = d.bw.max();
            mean = d.bw.mean();
            dev = d.bw.stddev();
            pOfAgg = percentOfAgg(g, ddir, mean);
        }
        o.put("bw_min", min);
        o.put("bw_max", max);
        o.putFloat("bw_agg", pOfAgg);
        o.putFloat("bw_mean", mean);
        o.putFloat("bw_dev", dev);
        o.put("bw_samples", d.bw.samples());
        StreamStat io = d.iops;
        boolean has = io.samples() > 0;
        o.put("iops_min", has ? io.min() : 0);
        o.put("iops_max", has ? io.max() : 0);
        o.putFloat("iops_mean", has ? io.mean() : 0);
        o.putFloat("iops_stddev", has ? io.stddev() : 0);
        o.put("iops_samples", io.samples());
        if (d.cacheHit + d.cacheMiss != 0) {
            o.putFloat("cachehit", (double) d.cacheHit / (double) (d.cacheHit + d.cacheMiss) * 100.0);
        }
        return o;
    }

    /** Normal per= and JSON bw_agg: (int) mean against agg / 1024.0, only when agg &gt; 1024. */
    static double percentOfAgg(GroupResult g, int ddir, double mean) {
        double p = 100.0;
        if (g != null && g.agg[ddir] > 1024) {
            p = (int) mean * 100.0 / (g.agg[ddir] / 1024.0);
            if (p > 100.0) {
                p = 100.0;
            }
        }
        return p;
    }

    /** fio's per-direction "prios" array: one object per priority with samples. */
    static JsonNode prios(JobResult j, io.jfio.report.PrioStats p, FioFlavor flavor, boolean plus) {
        ReportOptions r = j.report;
        JsonNode arr = JsonNode.array();
        for (int i = 0; i < p.count(); i++) {
            if (p.stat(i).samples() == 0) {
                continue;
            }
            JsonNode o = JsonNode.object();
            o.put("prioclass", io.jfio.report.PrioStats.prioClass(p.ioprio(i)));
            o.put("prio", io.jfio.report.PrioStats.level(p.ioprio(i)));
            if (flavor != FioFlavor.FIO_3_33) {
                o.put("priohint", io.jfio.report.PrioStats.hint(p.ioprio(i)));
            }
            o.put(r.latPercentiles ? "lat_ns" : "clat_ns",
                lat(j, p.stat(i), p.histogram(i), r.clatPercentiles || r.latPercentiles, plus));
            arr.add(o);
        }
        return arr;
    }

    static JsonNode lat(JobResult j, StreamStat s, LatencyHistogram h, boolean percentiles, boolean plus) {
        JsonNode o = JsonNode.object();
        boolean has = s.samples() > 0;
        o.put("min", has ? s.min() : 0);
        o.put("max", has ? s.max() : 0);
        o.putFloat("mean", has ? s.mean() : 0);
        o.putFloat("stddev", has ? s.stddev() : 0);
        o.put("N", s.samples());
        double[] list = j.report.percentiles();
        if (percentiles && has && list.length > 0) {
            long[] vals = h.percentiles(list, s.samples());
            JsonNode p = JsonNode.object();
            for (int i = 0; i < list.length; i++) {
                p.put(io.jfio.report.CFormat.f(list[i]), vals[i]);
            }
            o.put("percentile", p);
            if (plus) {
                JsonNode b = JsonNode.object();
                for (int i = 0; i < LatencyHistogram.PLAT_NR; i++) {
                    long c = h.bucket(i);
                    if (c != 0) {
                        b.put(Long.toString(LatencyHistogram.valueOf(i)), c);
                    }
                }
                o.put("bins", b);
            }
        }
        return o;
    }

    static JsonNode disk(DiskUtil d, FioFlavor flavor) {
        JsonNode o = JsonNode.object();
        o.put("name", d.name);
        o.put("read_ios", d.readIos);
        o.put("write_ios", d.writeIos);
        if (flavor != FioFlavor.FIO_3_33) {
            o.put("read_sectors", d.readSectors);
            o.put("write_sectors", d.writeSectors);
        }
        o.put("read_merges", d.readMerges);
        o.put("write_merges", d.writeMerges);
        o.put("read_ticks", d.readTicks);
        o.put("write_ticks", d.writeTicks);
        o.put("in_queue", d.inQueue);
        o.putFloat("util", d.util());
        if (d.hasSlaves()) {
            long[] a = d.aggregate();
            o.put("aggr_read_ios", a[0]);
            o.put("aggr_write_ios", a[1]);
            if (flavor != FioFlavor.FIO_3_33) {
                o.put("aggr_read_sectors", a[2]);
                o.put("aggr_write_sectors", a[3]);
            }
            o.put("aggr_read_merges", a[4]);
            o.put("aggr_write_merge", a[5]);
            o.put("aggr_read_ticks", a[6]);
            o.put("aggr_write_ticks", a[7]);
            o.put("aggr_in_queue", a[8]);
            o.putFloat("aggr_util", d.aggregateUtil());
        }
        return o;
    }
}
