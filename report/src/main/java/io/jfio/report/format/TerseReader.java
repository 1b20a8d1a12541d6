package io.jfio.report.format;

import io.jfio.report.DirectionStats;
import io.jfio.report.DiskUtil;
import io.jfio.report.JobResult;
import io.jfio.report.ReportOptions;
import io.jfio.report.RunResult;
import io.jfio.report.StreamStat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads terse lines (versions 2-5, fio's stat.c) back into a {@link RunResult}. Terse is lossy:
 * latencies are whole microseconds, io sizes KiB, sample counts absent; the reader restores
 * every printed value so that writing terse again reproduces the line.
 *
 * <p>The layout is found from the fields themselves: direction blocks have a percentile field
 * ("p%=v") at their 13th position, and the trailer starts with two "%f%%" CPU fields, so
 * unified_rw_reporting mixed/both lines are recognised; disks are 9-field groups ending in a
 * util percentage ("slaves" groups included); then errors and description.
 */
public final class TerseReader {
    private TerseReader() {
    }

    /** Reads every terse line in {@code text}; other lines are ignored. */
    public static RunResult read(String text) {
        RunResult run = new RunResult();
        run.folded = true;
        String[] lines = text.split("\n", -1);
        List<String> joined = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith(";") && !joined.isEmpty()) {
                // terse v2 puts the description on a line of its own
                joined.set(joined.size() - 1, joined.get(joined.size() - 1) + l);
            } else if (l.matches("^[2-5];.*")) {
                joined.add(l);
            }
        }
        for (String l : joined) {
            readLine(run, l);
        }
        return run;
    }

    /** The raw first usec distribution field of a terse line (usec "2" + all nsec, fio's stat.c). */
    public static double firstUsecField(String line) {
        Layout lay = layout(line.split(";", -1));
        return pct(lay.f[lay.trailer + 12]);
    }

    private record Layout(String[] f, int version, int header, int blockLen, int blocks, int trailer) {
    }

    private static Layout layout(String[] f) {
        int ver = Integer.parseInt(f[0]);
        int header = ver == 2 ? 4 : 5;
        int blockLen = ver == 5 ? 47 : 41;
        int standard = ver == 3 ? 2 : 3;
        for (int n : new int[] {standard, 1, standard + 1}) {
            if (fits(f, header, blockLen, n)) {
                return new Layout(f, ver, header, blockLen, n, header + n * blockLen);
            }
        }
        throw new IllegalArgumentException("not a terse v" + ver + " line (" + f.length + " fields)");
    }

    private static boolean fits(String[] f, int header, int blockLen, int n) {
        int trailer = header + n * blockLen;
        if (f.length < trailer + 34) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            if (!f[header + k * blockLen + 12].contains("%=")) {
                return false;
            }
        }
        return f[trailer].endsWith("%") && f[trailer + 1].endsWith("%") && !f[trailer].contains("=")
                && !f[trailer + 2].endsWith("%");
    }

    private static void readLine(RunResult run, String line) {
        String[] f = line.split(";", -1);
        Layout lay = layout(f);
        JobResult j = new JobResult();
        int i = 1;
        if (lay.version != 2) {
            run.fioVersion = f[i++];
        }
        j.name = f[i++];
        j.groupId = Integer.parseInt(f[i++]);
        j.error = Integer.parseInt(f[i]);
        ReportOptions r = j.report;
        int std = lay.version == 3 ? 2 : 3;
        if (lay.blocks == 1) {
            r.unified = ReportOptions.UNIFIED_MIXED;
        } else if (lay.blocks == std + 1) {
            r.unified = ReportOptions.UNIFIED_BOTH;
        }
        int dirsToRead = r.unified == ReportOptions.UNIFIED_MIXED ? 1 : std;
        boolean anyPercentiles = false;
        for (int k = 0; k < lay.blocks; k++) {
            DirectionStats d;
            if (k < dirsToRead) {
                d = j.dir(k);
            } else {
                d = new DirectionStats();
                j.restoredMixed = d;
            }
            anyPercentiles |= direction(f, lay.header + k * lay.blockLen, lay.version, d, r);
        }
        if (r.unified == ReportOptions.UNIFIED_MIXED) {
            j.restoredMixed = j.dir(DirectionStats.READ);
        }
        if (!anyPercentiles) {
            r.clatPercentiles = false;
        }
        int t = lay.trailer;
        j.restoredUsrCpu = pct(f[t]);
        j.restoredSysCpu = pct(f[t + 1]);
        j.ctx = Long.parseLong(f[t + 2]);
        j.majf = Long.parseLong(f[t + 3]);
        j.minf = Long.parseLong(f[t + 4]);
        j.ioDepth.restore(pcts(f, t + 5, 7));
        double[] us = pcts(f, t + 12, 10);
        j.restoredTerseFirstUsec = us[0];
        j.latUs.restore(us);
        j.latNs.restore(new double[10]);
        j.latMs.restore(pcts(f, t + 22, 12));
        int p = t + 34;
        List<DiskUtil> disks = new ArrayList<>();
        if (lay.version >= 3) {
            while (p + 9 <= f.length && f[p + 8].endsWith("%") && !isNumber(f[p])) {
                if (f[p].equals("slaves") && !disks.isEmpty()) {
                    DiskUtil d = disks.get(disks.size() - 1);
                    d.restoredAggregate = new long[] {num(f[p + 1]), num(f[p + 2]), 0, 0, num(f[p + 3]),
                        num(f[p + 4]), num(f[p + 5]), num(f[p + 6]), num(f[p + 7])};
                    d.restoredAggrUtil = pct(f[p + 8]);
                } else {
                    DiskUtil d = new DiskUtil(f[p]);
                    d.readIos = num(f[p + 1]);
                    d.writeIos = num(f[p + 2]);
                    d.readMerges = num(f[p + 3]);
                    d.writeMerges = num(f[p + 4]);
                    d.readTicks = num(f[p + 5]);
                    d.writeTicks = num(f[p + 6]);
                    d.inQueue = num(f[p + 7]);
                    d.restoredUtil = pct(f[p + 8]);
                    disks.add(d);
                }
                p += 9;
            }
        }
        if (run.disks.isEmpty()) {
            run.disks.addAll(disks);
        }
        int rest = f.length - p;
        if (rest >= 2 && isNumber(f[p]) && isNumber(f[p + 1]) && (rest == 2 || rest == 3)) {
            r.continueOnError = true;
            j.totalErrors = num(f[p]);
            j.firstError = (int) num(f[p + 1]);
            p += 2;
        }
        if (p < f.length) {
            j.description = String.join(";", Arrays.copyOfRange(f, p, f.length));
        }
        run.addJob(j);
    }

    /** Reads one direction block; returns whether it carried a percentile list. */
    private static boolean direction(String[] f, int s, int ver, DirectionStats d, ReportOptions r) {
        d.ioBytes = num(f[s]) << 10;
        d.restoredTerseBw = num(f[s + 1]);
        d.restoredTerseIops = num(f[s + 2]);
        d.runtimeMs = num(f[s + 3]);
        d.totalIos = d.restoredTerseIops * d.runtimeMs / 1000;
        lat(f, s + 4, d.slat);
        lat(f, s + 8, d.clat);
        List<Double> list = new ArrayList<>();
        List<Long> vals = new ArrayList<>();
        for (int k = 0; k < 20; k++) {
            String x = f[s + 12 + k];
            if (x.equals("0%=0")) {
                continue;
            }
            int eq = x.indexOf("%=");
            list.add(Double.parseDouble(x.substring(0, eq)));
            vals.add(Long.parseLong(x.substring(eq + 2)) * 1000);
        }
        lat(f, s + 32, d.lat);
        if (!list.isEmpty()) {
            double[] l = new double[list.size()];
            long[] v = new long[list.size()];
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < l.length; k++) {
                l[k] = list.get(k);
                v[k] = vals.get(k);
                text.append(k == 0 ? "" : ":").append(list.get(k));
            }
            if (!Arrays.equals(l, r.percentiles())) {
                r.setPercentileList(text.toString());
            }
            d.clatHist.restorePercentiles(l, v);
            d.latHist.restorePercentiles(l, v);
        }
        long bwSamples = 0;
        if (ver == 5) {
            bwSamples = num(f[s + 41]);
            StreamStat io = d.iops;
            long n = num(f[s + 46]);
            io.set(num(f[s + 42]), num(f[s + 43]), Double.parseDouble(f[s + 44]), Double.parseDouble(f[s + 45]), n);
        }
        long bmin = num(f[s + 36]);
        long bmax = num(f[s + 37]);
        double agg = pct(f[s + 38]);
        double bmean = Double.parseDouble(f[s + 39]);
        double bdev = Double.parseDouble(f[s + 40]);
        boolean has = ver == 5 ? bwSamples > 0 : (bmin != 0 || bmax != 0 || agg != 0 || bmean != 0 || bdev != 0);
        if (has) {
            d.bw.set(bmin, bmax, bmean, bdev, ver == 5 ? bwSamples : 1);
            d.restoredTerseBwAgg = agg;
        }
        return !list.isEmpty();
    }

    private static void lat(String[] f, int s, StreamStat st) {
        long min = num(f[s]);
        long max = num(f[s + 1]);
        double mean = Double.parseDouble(f[s + 2]);
        double dev = Double.parseDouble(f[s + 3]);
        if (min == 0 && max == 0 && mean == 0 && dev == 0) {
            return;
        }
        // Terse gives microseconds and no sample count; 1 marks "has samples".
        st.set(min * 1000, max * 1000, mean * 1000, dev * 1000, 1);
    }

    private static double[] pcts(String[] f, int s, int n) {
        double[] out = new double[n];
        for (int k = 0; k < n; k++) {
            out[k] = pct(f[s + k]);
        }
        return out;
    }

    private static double pct(String s) {
        String t = s.endsWith("%") ? s.substring(0, s.length() - 1) : s;
        if (t.endsWith("nan")) {
            return Double.NaN;
        }
        return Double.parseDouble(t);
    }

    private static long num(String s) {
        return Long.parseLong(s);
    }

    private static boolean isNumber(String s) {
        return s.matches("-?\\d+");
    }
}
