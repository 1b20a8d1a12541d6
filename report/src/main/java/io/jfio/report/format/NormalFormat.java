package io.jfio.report.format;

import io.jfio.report.CFormat;
import io.jfio.report.DirectionStats;
import io.jfio.report.Distribution;
import io.jfio.report.ErrnoText;
import io.jfio.report.FioFlavor;
import io.jfio.report.GroupResult;
import io.jfio.report.JobResult;
import io.jfio.report.LatencyHistogram;
import io.jfio.report.Num2Str;
import io.jfio.report.ReportOptions;
import io.jfio.report.RunResult;
import io.jfio.report.SteadyStateResult;
import io.jfio.report.StreamStat;
import java.util.List;

/** fio's human-readable report (fio's stat.c): job blocks, group lines, disk stats. */
public final class NormalFormat {
    private static final String[] DIR_NAMES = {"read", "write", "trim"};
    private static final String[] GROUP_LABELS = {"   READ", "  WRITE", "   TRIM"};
    private static final String[] LAT_RANGES = {"2=", "4=", "10=", "20=", "50=", "100=", "250=", "500=", "750=", "1000=", "2000=", ">=2000="};

    private NormalFormat() {
    }

    /** The report as fio prints it at the end of a run (after the preamble and status lines). */
    public static String write(RunResult run) {
        StringBuilder b = new StringBuilder(4096);
        b.append('\n');
        List<JobResult> ts = run.threadStats(); // folded once for the jobs and the groups
        List<GroupResult> groups = run.groups(ts);
        jobs(b, run, ts, groups);
        for (GroupResult g : groups) {
            group(b, g);
        }
        if (!run.disks.isEmpty()) {
            b.append("\nDisk stats (read/write):\n");
            b.append(DiskStatsFormat.normal(run.disks, run.flavor()));
        }
        if (run.idleness != null) {
            b.append(run.idleness.normal());
        }
        return b.toString();
    }

    /**
     * The thread_stats' blocks alone, without the blank line before them, run status groups and
     * disk stats: fio's client prints its "All clients" sum so, right after the servers' reports
     * (client.c).
     */
    public static String jobBlocks(RunResult run) {
        StringBuilder b = new StringBuilder(4096);
        List<JobResult> ts = run.threadStats();
        jobs(b, run, ts, run.groups(ts));
        return b.toString();
    }

    private static void jobs(StringBuilder b, RunResult run, List<JobResult> ts, List<GroupResult> groups) {
        for (JobResult j : ts) {
            job(b, j, groups.get(j.groupId), run.flavor(), run.time());
        }
    }

    static void job(StringBuilder b, JobResult j, GroupResult g, FioFlavor flavor, String runTime) {
        ReportOptions r = j.report;
        long ioSum = j.dir(0).ioBytes + j.dir(1).ioBytes + j.dir(2).ioBytes;
        if (ioSum == 0 && j.totalIssued() == 0) {
            return;
        }
        String time = j.headerTime != null ? j.headerTime : runTime;
        b.append(j.name).append(": (groupid=").append(j.groupId).append(", jobs=").append(j.members)
                .append("): err=").append(CFormat.pad(j.error, 2));
        if (j.error != 0) {
            b.append(" (").append(j.errorMessage == null ? ErrnoText.strerror(j.error) : j.errorMessage).append(')');
        }
        b.append(": pid=").append((int) j.pid).append(": ").append(time).append('\n');
        if (j.description != null && !j.description.isEmpty()) {
            b.append("  Description  : [").append(j.description).append("]\n");
        }
        if (r.unified == ReportOptions.UNIFIED_MIXED) {
            DirectionStats m = j.mixed();
            if (m.ioBytes != 0) {
                direction(b, j, m, g, 0, "mixed", r.sigFigs, r.bandwidthUnit(), flavor, false);
            }
        } else {
            for (int d = 0; d < DirectionStats.COUNT; d++) {
                if (j.dir(d).ioBytes != 0) {
                    direction(b, j, j.dir(d), g, d, DIR_NAMES[d], r.sigFigs, r.bandwidthUnit(), flavor, false);
                }
            }
            if (r.unified == ReportOptions.UNIFIED_BOTH) {
                // fio builds the mixed stats in a fresh thread_stat that misses some settings:
                // 3.33 also loses sig_figs (every number prints as "0"); both lose unit_base.
                boolean is333 = flavor == FioFlavor.FIO_3_33;
                direction(b, j, j.mixed(), g, 0, "mixed", is333 ? 0 : r.sigFigs, Num2Str.NONE, flavor, true);
            }
        }
        long issued = j.totalIssued();
        latDist(b, j.latNs, issued, "nsec");
        latDist(b, j.latUs, issued, "usec");
        latDist(b, j.latMs, issued, "msec");
        if (j.syncLat.samples() > 0) {
            b.append(flavor == FioFlavor.FIO_3_33 ? "  fsync/fdatasync/sync_file_range:\n"
                    : "  fsync/fdatasync/sync_file_range/syncfs:\n");
            latLine(b, "sync", j.syncLat);
            percentileBlock(b, j.syncHist, j.syncLat.samples(), r, "sync");
        }
        b.append("  cpu          : usr=").append(CFormat.fixed(j.usrCpu(), 3, 2))
                .append("%, sys=").append(CFormat.fixed(j.sysCpu(), 3, 2))
                .append("%, ctx=").append(j.ctx).append(", majf=").append(j.majf)
                .append(", minf=").append(j.minf).append('\n');
        depthLine(b, "  IO depths    : ", j.ioDepth, issued, new String[] {"1", "2", "4", "8", "16", "32", ">=64"});
        String[] sub = {"0", "4", "8", "16", "32", "64", ">=64"};
        depthLine(b, "     submit    : ", j.submit, j.totalSubmit, sub);
        depthLine(b, "     complete  : ", j.complete, j.totalComplete, sub);
        DirectionStats d0 = j.dir(0);
        DirectionStats d1 = j.dir(1);
        DirectionStats d2 = j.dir(2);
        if (r.unified == ReportOptions.UNIFIED_MIXED) {
            d0 = j.mixed();
            d1 = new DirectionStats();
            d2 = d1;
        }
        b.append("     issued rwts: total=").append(d0.totalIos).append(',').append(d1.totalIos).append(',')
                .append(d2.totalIos).append(',').append(j.syncTotalIos)
                .append(" short=").append(d0.shortIos).append(',').append(d1.shortIos).append(',')
                .append(d2.shortIos).append(",0 dropped=").append(d0.dropIos).append(',')
                .append(d1.dropIos).append(',').append(d2.dropIos).append(",0\n");
        if (r.continueOnError) {
            b.append("     errors    : total=").append(j.totalErrors).append(", first_error=")
                    .append(j.firstError).append("/<").append(ErrnoText.strerror(j.firstError)).append(">\n");
        }
        if (j.latencyDepth != 0) {
            if (flavor == FioFlavor.FIO_3_33) {
                b.append("     latency   : target=").append(j.latencyTargetNs).append(", window=")
                        .append(j.latencyWindowUs);
            } else {
                b.append("     latency   : target=").append(scaleDownNs(j.latencyTargetNs))
                        .append(", window=").append(scaleDownNs(j.latencyWindowUs * 1000));
            }
            b.append(", percentile=").append(CFormat.fixed(j.latencyPercentile, 2)).append("%, depth=")
                    .append(j.latencyDepth).append('\n');
        }
        if (j.blockStates != null) {
            j.blockStates.appendNormal(b, j.report.percentiles());
        }
        if (j.steadyState != null) {
            steadyState(b, j.steadyState, r);
        }
    }

    /** fio's show_ss_normal: the outcome, the window's means and the last criterion value. */
    private static void steadyState(StringBuilder b, SteadyStateResult ss, ReportOptions r) {
        boolean i2p = r.kbBaseIsPow2();
        long bwMean = SteadyStateResult.mean(ss.bw());
        long bwK = Long.divideUnsigned(bwMean, r.kbBase);
        int unit = r.bandwidthUnit();
        b.append("  steadystate  : attained=").append(ss.attained() ? "yes" : "no")
                .append(", bw=").append(Num2Str.format(bwK, r.sigFigs, r.kbBase, i2p, unit))
                .append(" (").append(Num2Str.format(bwK, r.sigFigs, r.kbBase, !i2p, unit))
                .append("), iops=").append(Num2Str.format(SteadyStateResult.mean(ss.iops()), r.sigFigs, 1, false,
                        Num2Str.NONE));
        if (ss.latency()) {
            // fio's nsec_to_usec/msec need a deviation, which it passes as 0: always nsec
            b.append(", lat=").append(Num2Str.format(SteadyStateResult.mean(ss.lat()), r.sigFigs, 1, false,
                    Num2Str.NONE)).append("nsec");
        }
        b.append(", ").append(ss.iopsCriterion() ? "iops" : ss.latency() ? "lat" : "bw")
                .append(ss.slopeCriterion() ? " slope" : " mean dev").append('=')
                .append(CFormat.fixed(ss.criterion(), 3)).append(ss.percent() ? "%" : "").append('\n');
    }

    private static String scaleDownNs(long ns) {
        if (ns >= 2_000_000_000L) {
            return CFormat.fixed(ns / 1e9, 2) + "s";
        } else if (ns >= 2_000_000L) {
            return CFormat.fixed(ns / 1e6, 2) + "ms";
        } else if (ns >= 2000) {
            return CFormat.fixed(ns / 1e3, 2) + "us";
        }
        return CFormat.fixed((double) ns, 2) + "ns";
    }

    private static void depthLine(StringBuilder b, String prefix, Distribution d, long total, String[] labels) {
        b.append(prefix);
        for (int i = 0; i < labels.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(labels[i]).append('=').append(CFormat.fixed(d.percent(i, total), 3, 1)).append('%');
        }
        b.append('\n');
    }

    private static void latDist(StringBuilder b, Distribution d, long total, String unit) {
        boolean newLine = true;
        boolean shown = false;
        int line = 0;
        for (int i = 0; i < d.size(); i++) {
            double v = d.percent(i, total);
            if (v <= 0.0) {
                continue;
            }
            shown = true;
            if (newLine) {
                if (line != 0) {
                    b.append('\n');
                }
                b.append("  lat (").append(unit).append(")   : ");
                newLine = false;
                line = 0;
            }
            if (line != 0) {
                b.append(", ");
            }
            b.append(LAT_RANGES[i]).append(CFormat.fixed(v, 3, 2)).append('%');
            line++;
            if (line == 5) {
                newLine = true;
            }
        }
        if (shown) {
            b.append('\n');
        }
    }

    static void direction(StringBuilder b, JobResult j, DirectionStats d, GroupResult g, int ddir, String name,
            int sigFigs, int bwUnit, FioFlavor flavor, boolean mixedOfBoth) {
        ReportOptions r = j.report;
        if (d.runtimeMs == 0) {
            return;
        }
        boolean i2p = g.report.kbBaseIsPow2();
        long bw = 1000 * d.ioBytes / d.runtimeMs;
        long iops = 1000 * d.totalIos / d.runtimeMs;
        b.append("  ").append(name).append(": IOPS=").append(Num2Str.format(iops, sigFigs, 1, false, Num2Str.NONE))
                .append(", BW=").append(Num2Str.format(bw, sigFigs, 1, i2p, bwUnit))
                .append(" (").append(Num2Str.format(bw, sigFigs, 1, !i2p, bwUnit))
                .append(")(").append(Num2Str.format(d.ioBytes, sigFigs, 1, i2p, Num2Str.BYTE))
                .append('/').append(d.runtimeMs).append("msec)");
        if (flavor == FioFlavor.FIO_3_33) {
            if (ddir == DirectionStats.WRITE && !mixedOfBoth && r.unified != ReportOptions.UNIFIED_MIXED) {
                b.append("; ").append(j.zoneResets).append(" zone resets");
            } else if (ddir == DirectionStats.READ && d.cacheHit != 0 && d.cacheMiss != 0) {
                cachehit(b, d);
            }
        } else if (r.zonedBlockDevice && !mixedOfBoth) {
            b.append("; ").append(j.zoneResets).append(" zone resets");
        } else if (ddir == DirectionStats.READ && d.cacheHit != 0 && d.cacheMiss != 0) {
            cachehit(b, d);
        }
        b.append('\n');
        if (d.slat.samples() > 0) {
            latLine(b, "slat", d.slat);
        }
        if (d.clat.samples() > 0) {
            latLine(b, "clat", d.clat);
        }
        if (d.lat.samples() > 0) {
            latLine(b, " lat", d.lat);
        }
        boolean prios = d.prios != null && d.prios.shown();
        String prioType = r.latPercentiles ? "lat" : "clat";
        if (prios) {
            for (int i = 0; i < d.prios.count(); i++) {
                if (d.prios.stat(i).samples() > 0) {
                    latLine(b, prioType + " prio " + prioName(d.prios.ioprio(i), flavor), d.prios.stat(i));
                }
            }
        }
        if (r.slatPercentiles && d.slat.samples() > 0) {
            percentileBlock(b, d.slatHist, d.slat.samples(), r, "slat");
        }
        if (r.clatPercentiles && d.clat.samples() > 0) {
            percentileBlock(b, d.clatHist, d.clat.samples(), r, "clat");
        }
        if (r.latPercentiles && d.lat.samples() > 0) {
            percentileBlock(b, d.latHist, d.lat.samples(), r, "lat");
        }
        if (prios && (r.clatPercentiles || r.latPercentiles)) {
            long all = r.latPercentiles ? d.lat.samples() : d.clat.samples();
            for (int i = 0; i < d.prios.count(); i++) {
                long n = d.prios.stat(i).samples();
                if (n > 0) {
                    percentileBlock(b, d.prios.histogram(i), n, r, prioType + " prio "
                        + prioName(d.prios.ioprio(i), flavor) + " (" + CFormat.fixed(100.0 * n / all, 2) + "% of IOs)");
                }
            }
        }
        if (d.bw.samples() > 0) {
            long min = d.bw.min();
            long max = d.bw.max();
            double mean = d.bw.mean();
            double dev = d.bw.stddev();
            double kb = g.report.kbBase;
            String unit = i2p ? "KiB" : "kB";
            double p = JsonFormat.percentOfAgg(g, ddir, mean);
            if (mean > kb * kb) {
                min = (long) (min / kb);
                max = (long) (max / kb);
                mean /= kb;
                dev /= kb;
                unit = "MiB";
            }
            b.append("   bw (").append(CFormat.pad(unit, 5)).append("/s): min=").append(CFormat.pad(min, 5))
                    .append(", max=").append(CFormat.pad(max, 5)).append(", per=").append(CFormat.fixed(p, 3, 2))
                    .append("%, avg=").append(CFormat.fixed(mean, 5, 2)).append(", stdev=")
                    .append(CFormat.fixed(dev, 5, 2)).append(", samples=").append(d.bw.samples()).append('\n');
        }
        if (d.iops.samples() > 0) {
            StreamStat s = d.iops;
            b.append("   iops        : min=").append(CFormat.pad(s.min(), 5)).append(", max=")
                    .append(CFormat.pad(s.max(), 5)).append(", avg=").append(CFormat.fixed(s.mean(), 5, 2))
                    .append(", stdev=").append(CFormat.fixed(s.stddev(), 5, 2)).append(", samples=")
                    .append(s.samples()).append('\n');
        }
    }

    /** class/level/hint as fio 3.42 prints a priority; fio 3.33 has no hints: class/level. */
    static String prioName(int ioprio, FioFlavor flavor) {
        String cl = io.jfio.report.PrioStats.prioClass(ioprio) + "/" + io.jfio.report.PrioStats.level(ioprio);
        return flavor == FioFlavor.FIO_3_33 ? cl : cl + "/" + io.jfio.report.PrioStats.hint(ioprio);
    }

    private static void cachehit(StringBuilder b, DirectionStats d) {
        double hit = (double) d.cacheHit / (double) (d.cacheHit + d.cacheMiss) * 100.0;
        b.append("; Cachehit=").append(CFormat.fixed(hit, 2)).append('%');
    }

    /** "    clat (usec): min=..., max=..., avg=..., stdev=..." with fio's unit choice. */
    static void latLine(StringBuilder b, String name, StreamStat s) {
        long min = s.min();
        long max = s.max();
        double mean = s.mean();
        double dev = s.stddev();
        String base = "(nsec)";
        if (min > 2_000_000 && max > 99_999_999 && dev > 1_000_000.0) {
            min /= 1_000_000;
            max /= 1_000_000;
            mean /= 1_000_000.0;
            dev /= 1_000_000.0;
            base = "(msec)";
        } else if (min > 2000 && max > 99_999 && dev > 1000.0) {
            min /= 1000;
            max /= 1000;
            mean /= 1000.0;
            dev /= 1000.0;
            base = "(usec)";
        }
        b.append("    ").append(name).append(' ').append(base).append(": min=")
                .append(Num2Str.format(min, 6, 1, false, Num2Str.NONE)).append(", max=")
                .append(Num2Str.format(max, 6, 1, false, Num2Str.NONE)).append(", avg=")
                .append(CFormat.fixed(mean, 5, 2)).append(", stdev=").append(CFormat.fixed(dev, 5, 2)).append('\n');
    }

    /** The percentile block (fio's stat.c). */
    static void percentileBlock(StringBuilder b, LatencyHistogram h, long n, ReportOptions r, String pre) {
        double[] list = r.percentiles();
        if (list.length == 0) {
            return;
        }
        long[] vals = h.percentiles(list, n);
        long minv = Long.MAX_VALUE;
        long maxv = 0;
        for (long v : vals) {
            minv = Math.min(minv, v);
            maxv = Math.max(maxv, v);
        }
        int scale;
        long divisor;
        String unit;
        if (minv > 2_000_000 && maxv > 99_999_999L) {
            scale = 2;
            divisor = 1_000_000;
            unit = "msec";
        } else if (minv > 2000 && maxv > 99_999) {
            scale = 1;
            divisor = 1000;
            unit = "usec";
        } else {
            scale = 0;
            divisor = 1;
            unit = "nsec";
        }
        b.append("    ").append(pre).append(" percentiles (").append(unit).append("):\n     |");
        long q = maxv / divisor;
        int timeWidth = q > 0 ? Math.max(5, (int) (Math.log10(q) + 1)) : 5;
        int precision = r.percentilePrecision();
        int perLine = (80 - 7) / (precision + 10 + timeWidth);
        for (int j = 0; j < list.length; j++) {
            if (j != 0 && j % perLine == 0) {
                b.append("     |");
            }
            boolean last = j == list.length - 1;
            long v = vals[j];
            for (int i = 0; i < scale; i++) {
                v = (v + 999) / 1000;
            }
            b.append(' ').append(CFormat.fixed(list[j], precision + 3, precision)).append("th=[")
                    .append(CFormat.pad(v, timeWidth)).append(']').append(last ? '\n' : ',');
            if (last) {
                break;
            }
            if (j % perLine == perLine - 1) {
                b.append('\n');
            }
        }
    }

    static void group(StringBuilder b, GroupResult g) {
        b.append("\nRun status group ").append(g.groupId).append(" (all jobs):\n");
        ReportOptions r = g.report;
        boolean i2p = r.kbBaseIsPow2();
        int sf = r.sigFigs;
        int unit = r.bandwidthUnit();
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            if (g.maxRun[d] == 0) {
                continue;
            }
            groupLine(b, g.unified == ReportOptions.UNIFIED_MIXED ? "  MIXED" : GROUP_LABELS[d], g.agg[d],
                    g.minBw[d], g.maxBw[d], g.ioBytes[d], g.minRun[d], g.maxRun[d], sf, i2p, unit);
        }
        if (g.unified == ReportOptions.UNIFIED_BOTH) {
            long io = 0;
            long agg = 0;
            long minBw = -1L;
            long maxBw = 0;
            long minRun = -1L;
            long maxRun = 0;
            for (int d = 0; d < DirectionStats.COUNT; d++) {
                if (g.maxRun[d] == 0) {
                    continue;
                }
                io += g.ioBytes[d];
                agg += g.agg[d];
                minBw = Long.compareUnsigned(minBw, g.minBw[d]) < 0 ? minBw : g.minBw[d];
                maxBw = Math.max(maxBw, g.maxBw[d]);
                minRun = Long.compareUnsigned(minRun, g.minRun[d]) < 0 ? minRun : g.minRun[d];
                maxRun = Math.max(maxRun, g.maxRun[d]);
            }
            groupLine(b, "  MIXED", agg, minBw, maxBw, io, minRun, maxRun, sf, i2p, unit);
        }
    }

    private static void groupLine(StringBuilder b, String label, long agg, long minBw, long maxBw, long io,
            long minRun, long maxRun, int sf, boolean i2p, int unit) {
        b.append(label).append(": bw=").append(Num2Str.format(agg, sf, 1, i2p, unit))
                .append(" (").append(Num2Str.format(agg, sf, 1, !i2p, unit)).append("), ")
                .append(Num2Str.format(minBw, sf, 1, i2p, unit)).append('-')
                .append(Num2Str.format(maxBw, sf, 1, i2p, unit)).append(" (")
                .append(Num2Str.format(minBw, sf, 1, !i2p, unit)).append('-')
                .append(Num2Str.format(maxBw, sf, 1, !i2p, unit)).append("), io=")
                .append(Num2Str.format(io, sf, 1, i2p, Num2Str.BYTE)).append(" (")
                .append(Num2Str.format(io, sf, 1, !i2p, Num2Str.BYTE)).append("), run=")
                .append(Long.toUnsignedString(minRun)).append('-').append(Long.toUnsignedString(maxRun))
                .append("msec\n");
    }
}
