package io.jfio.report.format;

import io.jfio.report.DirectionStats;
import io.jfio.report.DiskUtil;
import io.jfio.report.Distribution;
import io.jfio.report.JobOption;
import io.jfio.report.JobResult;
import io.jfio.report.LatencyHistogram;
import io.jfio.report.ReportOptions;
import io.jfio.report.RunResult;
import io.jfio.report.StreamStat;
import io.jfio.report.json.JsonNode;
import io.jfio.report.json.JsonParser;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads fio's (or jfio's) json / json+ output back into a {@link RunResult} whose jobs are the
 * reported thread_stats. json+ bins rebuild the histograms exactly, so every percentile can
 * be recomputed; from plain json the printed percentiles are kept as they are.
 *
 * <p>What JSON does not carry stays unset: pids, jobs=M of a folded group, the error text, the
 * normal header dates, and the raw counts behind percentages (those are restored as printed).
 */
public final class JsonReader {
    private static final String[] DIR_NAMES = {"read", "write", "trim"};

    private JsonReader() {
    }

    /** Parses the first JSON document in {@code text} (leading messages are skipped). */
    public static RunResult read(String text) {
        return read(JsonParser.parseDocument(text));
    }

    public static RunResult read(JsonNode root) {
        RunResult run = new RunResult();
        run.folded = true;
        run.fioVersion = root.getString("fio version");
        run.timestampMs = root.has("timestamp_ms") ? root.getLong("timestamp_ms") : root.getLong("timestamp") * 1000;
        run.time = root.getString("time");
        run.globalOptions = options(root.get("global options"));
        JsonNode jobs = root.get("jobs");
        if (jobs == null) {
            jobs = root.get("client_stats");
        }
        if (jobs != null) {
            for (JsonNode j : jobs.elements()) {
                run.addJob(job(j, run.globalOptions));
            }
        }
        JsonNode disks = root.get("disk_util");
        if (disks != null) {
            for (JsonNode d : disks.elements()) {
                run.disks.add(disk(d));
            }
        }
        return run;
    }

    /**
     * An options object; or, as fio's client mode prints "global options" with several
     * servers (client.c), an array of one object per server that had global options: their
     * options in order, each name and value once.
     */
    static List<JobOption> options(JsonNode o) {
        List<JobOption> out = new ArrayList<>();
        if (o == null) {
            return out;
        }
        List<JsonNode> objects = o.kind() == JsonNode.Kind.ARRAY ? o.elements() : List.of(o);
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (JsonNode obj : objects) {
            if (obj.kind() != JsonNode.Kind.OBJECT) {
                continue;
            }
            for (JsonNode.Member m : obj.members()) {
                if (seen.add(m.key() + "\u0000" + m.value().text())) {
                    out.add(new JobOption(m.key(), m.value().text()));
                }
            }
        }
        return out;
    }

    static JobResult job(JsonNode o, List<JobOption> global) {
        JobResult j = new JobResult();
        j.name = o.getString("jobname");
        j.groupId = (int) o.getLong("groupid");
        j.jobStartMs = o.getLong("job_start");
        j.error = (int) o.getLong("error");
        j.eta = o.getLong("eta");
        j.elapsedSec = o.getLong("elapsed");
        j.options = options(o.get("job options"));
        ReportOptions r = ReportOptions.from(global, j.options);
        j.report = r;
        // The structure says more than the options (they may come from the command line).
        if (o.has("mixed")) {
            r.unified = o.has("read") ? ReportOptions.UNIFIED_BOTH : ReportOptions.UNIFIED_MIXED;
        } else {
            r.unified = ReportOptions.UNIFIED_NONE;
        }
        adoptPercentileList(o, r);
        r.continueOnError = o.has("total_err");
        if (r.unified == ReportOptions.UNIFIED_MIXED) {
            // Reported in the read slot: fio's mixed thread_stat keeps everything in slot 0.
            direction(o.get("mixed"), j.dir(DirectionStats.READ), r);
            j.restoredMixed = j.dir(DirectionStats.READ);
        } else {
            for (int d = 0; d < DirectionStats.COUNT; d++) {
                JsonNode dn = o.get(DIR_NAMES[d]);
                if (dn != null) {
                    direction(dn, j.dir(d), r);
                }
            }
            if (r.unified == ReportOptions.UNIFIED_BOTH) {
                DirectionStats m = new DirectionStats();
                direction(o.get("mixed"), m, r);
                j.restoredMixed = m;
            }
        }
        JsonNode sync = o.get("sync");
        if (sync != null) {
            j.syncTotalIos = sync.getLong("total_ios");
            lat(sync.get("lat_ns"), j.syncLat, j.syncHist, r);
        }
        j.totalRunTimeMs = o.getLong("job_runtime");
        j.restoredUsrCpu = o.getDouble("usr_cpu");
        j.restoredSysCpu = o.getDouble("sys_cpu");
        j.ctx = o.getLong("ctx");
        j.majf = o.getLong("majf");
        j.minf = o.getLong("minf");
        restore(o.get("iodepth_level"), j.ioDepth);
        restore(o.get("iodepth_submit"), j.submit);
        restore(o.get("iodepth_complete"), j.complete);
        restore(o.get("latency_ns"), j.latNs);
        restore(o.get("latency_us"), j.latUs);
        restore(o.get("latency_ms"), j.latMs);
        j.totalErrors = o.getLong("total_err");
        j.firstError = (int) o.getLong("first_error");
        j.latencyDepth = o.getLong("latency_depth");
        j.latencyTargetNs = o.getLong("latency_target");
        j.latencyPercentile = o.has("latency_percentile") ? o.getDouble("latency_percentile") : 100.0;
        j.latencyWindowUs = o.getLong("latency_window");
        j.description = o.getString("desc");
        if (o.has("zone_resets")) {
            r.zonedBlockDevice = true;
            j.zoneResets = o.getLong("zone_resets");
        }
        return j;
    }

    /** Without a percentile_list option, the printed keys are the list (precision from the keys). */
    private static void adoptPercentileList(JsonNode job, ReportOptions r) {
        for (JsonNode.Member m : job.members()) {
            JsonNode dir = m.value();
            if (dir.kind() != JsonNode.Kind.OBJECT) {
                continue;
            }
            for (String k : new String[] {"clat_ns", "lat_ns", "slat_ns"}) {
                JsonNode lat = dir.get(k);
                JsonNode p = lat == null ? null : lat.get("percentile");
                if (p == null) {
                    continue;
                }
                StringBuilder list = new StringBuilder();
                for (JsonNode.Member e : p.members()) {
                    String key = e.key();
                    if (key.indexOf('.') >= 0) {
                        key = key.replaceAll("0+$", "").replaceAll("\\.$", "");
                    }
                    list.append(list.length() == 0 ? "" : ":").append(key);
                }
                ReportOptions probe = new ReportOptions();
                probe.setPercentileList(list.toString());
                if (!java.util.Arrays.equals(probe.percentiles(), r.percentiles())) {
                    r.setPercentileList(list.toString());
                }
                return;
            }
        }
    }

    private static void restore(JsonNode o, Distribution d) {
        if (o == null) {
            return;
        }
        double[] p = new double[d.size()];
        List<JsonNode.Member> ms = o.members();
        for (int i = 0; i < p.length && i < ms.size(); i++) {
            p[i] = ms.get(i).value().asDouble();
        }
        d.restore(p);
    }

    static void direction(JsonNode o, DirectionStats d, ReportOptions r) {
        d.ioBytes = o.getLong("io_bytes");
        d.runtimeMs = o.getLong("runtime");
        d.totalIos = o.getLong("total_ios");
        d.shortIos = o.getLong("short_ios");
        d.dropIos = o.getLong("drop_ios");
        lat(o.get("slat_ns"), d.slat, d.slatHist, r);
        lat(o.get("clat_ns"), d.clat, d.clatHist, r);
        lat(o.get("lat_ns"), d.lat, d.latHist, r);
        d.bw.set(o.getLong("bw_min"), o.getLong("bw_max"), o.getDouble("bw_mean"), o.getDouble("bw_dev"),
                o.getLong("bw_samples"));
        d.iops.set(o.getLong("iops_min"), o.getLong("iops_max"), o.getDouble("iops_mean"),
                o.getDouble("iops_stddev"), o.getLong("iops_samples"));
        if (o.has("cachehit")) {
            // Only the percentage is known: keep it to 1e-9 as hits per 10^11 accesses.
            long total = 100_000_000_000L;
            d.cacheHit = Math.round(o.getDouble("cachehit") / 100.0 * total);
            d.cacheMiss = total - d.cacheHit;
        }
    }

    static void lat(JsonNode o, StreamStat s, LatencyHistogram h, ReportOptions r) {
        if (o == null) {
            return;
        }
        s.set(o.getLong("min"), o.getLong("max"), o.getDouble("mean"), o.getDouble("stddev"), o.getLong("N"));
        JsonNode bins = o.get("bins");
        if (bins != null) {
            for (JsonNode.Member m : bins.members()) {
                h.addToBucket(LatencyHistogram.indexOf(Long.parseLong(m.key())), m.value().asLong());
            }
            return;
        }
        JsonNode p = o.get("percentile");
        if (p != null) {
            List<JsonNode.Member> ms = p.members();
            double[] list = new double[ms.size()];
            long[] vals = new long[ms.size()];
            for (int i = 0; i < list.length; i++) {
                list[i] = Double.parseDouble(ms.get(i).key());
                vals[i] = ms.get(i).value().asLong();
            }
            h.restorePercentiles(list, vals);
        }
    }

    static DiskUtil disk(JsonNode o) {
        DiskUtil d = new DiskUtil(o.getString("name"));
        d.readIos = o.getLong("read_ios");
        d.writeIos = o.getLong("write_ios");
        d.readSectors = o.getLong("read_sectors");
        d.writeSectors = o.getLong("write_sectors");
        d.readMerges = o.getLong("read_merges");
        d.writeMerges = o.getLong("write_merges");
        d.readTicks = o.getLong("read_ticks");
        d.writeTicks = o.getLong("write_ticks");
        d.inQueue = o.getLong("in_queue");
        d.restoredUtil = o.getDouble("util");
        if (o.has("aggr_read_ios")) {
            d.restoredAggregate = new long[] {
                o.getLong("aggr_read_ios"), o.getLong("aggr_write_ios"),
                o.getLong("aggr_read_sectors"), o.getLong("aggr_write_sectors"),
                o.getLong("aggr_read_merges"), o.getLong("aggr_write_merge"),
                o.getLong("aggr_read_ticks"), o.getLong("aggr_write_ticks"), o.getLong("aggr_in_queue"),
            };
            d.restoredAggrUtil = o.getDouble("aggr_util");
        }
        return d;
    }
}
