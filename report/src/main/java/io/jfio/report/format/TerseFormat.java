package io.jfio.report.format;

import io.jfio.report.CFormat;
import io.jfio.report.DirectionStats;
import io.jfio.report.GroupResult;
import io.jfio.report.JobResult;
import io.jfio.report.ReportOptions;
import io.jfio.report.RunResult;
import io.jfio.report.StreamStat;
import java.util.List;

/** fio's terse (minimal, csv) lines, versions 2-5 (fio's stat.c). */
public final class TerseFormat {
    /** Fio's default --terse-version. */
    public static final int DEFAULT_VERSION = 3;

    private TerseFormat() {
    }

    /** One line per thread_stat; disks are appended to every line for versions 3 and up. */
    public static String write(RunResult run, int version) {
        if (version < 2 || version > 5) {
            throw new IllegalArgumentException("terse version " + version + " (2, 3, 4 or 5)");
        }
        StringBuilder b = new StringBuilder();
        List<JobResult> ts = run.threadStats();
        List<GroupResult> groups = run.groups(ts);
        String disks = DiskStatsFormat.terse(run.disks);
        for (JobResult j : ts) {
            line(b, j, groups.get(j.groupId), version, run.fioVersion, disks);
        }
        return b.toString();
    }

    static void line(StringBuilder b, JobResult j, GroupResult g, int ver, String fioVersion, String disks) {
        ReportOptions r = j.report;
        if (ver == 2) {
            b.append("2;").append(j.name).append(';').append(j.groupId).append(';').append(j.error);
        } else {
            b.append(ver).append(';').append(fioVersion).append(';').append(j.name).append(';')
                    .append(j.groupId).append(';').append(j.error);
        }
        if (r.unified == ReportOptions.UNIFIED_MIXED) {
            direction(b, j, j.mixed(), g, 0, ver);
        } else {
            direction(b, j, j.dir(DirectionStats.READ), g, 0, ver);
            direction(b, j, j.dir(DirectionStats.WRITE), g, 1, ver);
            if (ver == 2 || ver == 4 || ver == 5) {
                direction(b, j, j.dir(DirectionStats.TRIM), g, 2, ver);
            }
        }
        if (r.unified == ReportOptions.UNIFIED_BOTH) {
            direction(b, j, j.mixed(), g, 0, ver);
        }
        b.append(';').append(CFormat.f(j.usrCpu())).append("%;").append(CFormat.f(j.sysCpu())).append("%;")
                .append(j.ctx).append(';').append(j.majf).append(';').append(j.minf);
        long issued = j.totalIssued();
        for (int i = 0; i < 7; i++) {
            b.append(';').append(CFormat.fixed(j.ioDepth.percent(i, issued), 3, 1)).append('%');
        }
        for (int i = 0; i < 10; i++) {
            double v = i == 0 ? j.terseFirstUsec() : j.latUs.percent(i, issued);
            b.append(';').append(CFormat.fixed(v, 3, 2)).append('%');
        }
        for (int i = 0; i < 12; i++) {
            b.append(';').append(CFormat.fixed(j.latMs.percent(i, issued), 3, 2)).append('%');
        }
        if (ver >= 3) {
            b.append(disks);
        }
        if (r.continueOnError) {
            b.append(';').append(j.totalErrors).append(';').append(j.firstError);
        }
        if (j.description != null && !j.description.isEmpty()) {
            if (ver == 2) {
                b.append('\n');
            }
            b.append(';').append(j.description);
        }
        b.append('\n');
    }

    private static void lat(StringBuilder b, StreamStat s) {
        if (s.samples() > 0) {
            b.append(';').append(s.min() / 1000).append(';').append(s.max() / 1000).append(';')
                    .append(CFormat.f(s.mean() / 1000)).append(';').append(CFormat.f(s.stddev() / 1000));
        } else {
            b.append(";0;0;0.000000;0.000000");
        }
    }

    static void direction(StringBuilder b, JobResult j, DirectionStats d, GroupResult g, int ddir, int ver) {
        ReportOptions r = j.report;
        long bw = 0;
        long iops = 0;
        if (d.runtimeMs != 0) {
            bw = (1000 * d.ioBytes / d.runtimeMs) / 1024;
            iops = 1000 * d.totalIos / d.runtimeMs;
        }
        if (d.restoredTerseBw >= 0) {
            bw = d.restoredTerseBw;
        }
        if (d.restoredTerseIops >= 0) {
            iops = d.restoredTerseIops;
        }
        b.append(';').append(d.ioBytes >> 10).append(';').append(bw).append(';').append(iops).append(';')
                .append(d.runtimeMs);
        lat(b, d.slat);
        lat(b, d.clat);
        double[] list = r.percentiles();
        long[] vals = null;
        if (r.latPercentiles) {
            vals = d.latHist.percentiles(list, d.lat.samples());
        } else if (r.clatPercentiles) {
            vals = d.clatHist.percentiles(list, d.clat.samples());
        }
        int len = vals == null ? 0 : list.length;
        for (int i = 0; i < 20; i++) {
            if (i >= len) {
                b.append(";0%=0");
            } else {
                b.append(';').append(CFormat.f(list[i])).append("%=").append(vals[i] / 1000);
            }
        }
        lat(b, d.lat);
        StreamStat s = d.bw;
        if (s.samples() > 0) {
            double p = 100.0;
            long agg = g.agg[ddir];
            if (!Double.isNaN(d.restoredTerseBwAgg)) {
                p = d.restoredTerseBwAgg;
            } else if (agg != 0) {
                p = s.mean() * 100 / (double) (agg / 1024);
                if (p > 100.0) {
                    p = 100.0;
                }
            }
            b.append(';').append(s.min()).append(';').append(s.max()).append(';').append(CFormat.f(p))
                    .append("%;").append(CFormat.f(s.mean())).append(';').append(CFormat.f(s.stddev()));
        } else {
            b.append(";0;0;0.000000%;0.000000;0.000000");
        }
        if (ver == 5) {
            b.append(';').append(s.samples());
            StreamStat io = d.iops;
            if (io.samples() > 0) {
                b.append(';').append(io.min()).append(';').append(io.max()).append(';').append(CFormat.f(io.mean()))
                        .append(';').append(CFormat.f(io.stddev())).append(';').append(io.samples());
            } else {
                b.append(";0;0;0.000000;0.000000;0");
            }
        }
    }
}
