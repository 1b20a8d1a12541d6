package io.jfio.netproto;

import io.jfio.report.DirectionStats;
import io.jfio.report.Distribution;
import io.jfio.report.GroupResult;
import io.jfio.report.JobResult;
import io.jfio.report.LatencyHistogram;
import io.jfio.report.ReportOptions;
import io.jfio.report.StreamStat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * fio 3.42's wire forms of struct thread_stat and struct group_run_stats (fio's stat.h: packed,
 * little endian, doubles as their IEEE 754 bits in 16-byte slots), i.e. the payload of a TS
 * command (thread_stat then group_run_stats, 184072 bytes) and of a GS command (164 bytes). The
 * offsets were measured against fio 3.42's headers and checked against captured traffic.
 */
public final class WireStats {
    public static final int TS_SIZE = 183904;
    public static final int GS_SIZE = 164;
    /** sizeof(struct cmd_ts_pdu): the two, padded to 8 bytes. */
    public static final int TS_PDU_SIZE = 184072;

    private static final int NAME = 0;
    private static final int VERROR = 128;
    private static final int ERROR = 256;
    private static final int THREAD_NUMBER = 260;
    private static final int GROUPID = 264;
    private static final int JOB_START = 268;
    private static final int PID = 276;
    private static final int DESCRIPTION = 280;
    private static final int MEMBERS = 536;
    private static final int UNIFIED = 540;
    private static final int SYNC_STAT = 552;
    private static final int CLAT_STAT = 608;
    private static final int SLAT_STAT = 776;
    private static final int LAT_STAT = 944;
    private static final int BW_STAT = 1112;
    private static final int IOPS_STAT = 1280;
    private static final int IO_STAT = 56;
    private static final int USR_TIME = 1448;
    private static final int CLAT_PERCENTILES = 1488;
    private static final int PERCENTILE_PRECISION = 1504;
    private static final int PERCENTILE_LIST = 1512;
    private static final int IO_U_MAP = 1832;
    private static final int IO_U_SUBMIT = 1888;
    private static final int IO_U_COMPLETE = 1944;
    private static final int IO_U_LAT_N = 2000;
    private static final int IO_U_LAT_U = 2080;
    private static final int IO_U_LAT_M = 2160;
    private static final int IO_U_PLAT = 2256;
    private static final int IO_U_SYNC_PLAT = 135888;
    private static final int TOTAL_IO_U = 150736;
    private static final int SHORT_IO_U = 150768;
    private static final int DROP_IO_U = 150792;
    private static final int TOTAL_SUBMIT = 150816;
    private static final int TOTAL_COMPLETE = 150824;
    private static final int IO_BYTES = 150832;
    private static final int RUNTIME = 150856;
    private static final int TOTAL_RUN_TIME = 150880;
    private static final int CONTINUE_ON_ERROR = 150888;
    private static final int FIRST_ERROR = 150892;
    private static final int TOTAL_ERR_COUNT = 150896;
    private static final int KB_BASE = 183680;
    private static final int UNIT_BASE = 183684;
    private static final int NR_ZONE_RESETS = 183688;
    private static final int COUNT_ZONE_RESETS = 183696;
    private static final int LATENCY_DEPTH = 183700;
    private static final int LATENCY_TARGET = 183704;
    private static final int LATENCY_PERCENTILE = 183712;
    private static final int LATENCY_WINDOW = 183728;
    private static final int SIG_FIGS = 183736;
    private static final int CACHEHIT = 183884;
    private static final int CACHEMISS = 183892;
    private static final int PLAT_NR = LatencyHistogram.PLAT_NR;
    /** fio's FIO_SLAT, FIO_CLAT, FIO_LAT: the first index of io_u_plat. */
    private static final int SLAT = 0;
    private static final int CLAT = 1;
    private static final int LAT = 2;

    private WireStats() {
    }

    /** The TS payload for one reported thread_stat and its group's stats. */
    public static byte[] encodeTs(JobResult ts, int threadNumber, GroupResult gs) {
        ByteBuffer b = ByteBuffer.allocate(TS_PDU_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        string(b, NAME, 128, ts.name);
        string(b, VERROR, 128, ts.errorMessage);
        b.putInt(ERROR, ts.error);
        b.putInt(THREAD_NUMBER, threadNumber);
        b.putInt(GROUPID, ts.groupId);
        b.putLong(JOB_START, ts.jobStartMs);
        b.putInt(PID, (int) ts.pid);
        string(b, DESCRIPTION, 256, ts.description);
        b.putInt(MEMBERS, ts.members);
        b.putInt(UNIFIED, ts.report.unified);
        ioStat(b, SYNC_STAT, ts.syncLat);
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            DirectionStats ds = ts.dir(d);
            ioStat(b, CLAT_STAT + d * IO_STAT, ds.clat);
            ioStat(b, SLAT_STAT + d * IO_STAT, ds.slat);
            ioStat(b, LAT_STAT + d * IO_STAT, ds.lat);
            ioStat(b, BW_STAT + d * IO_STAT, ds.bw);
            ioStat(b, IOPS_STAT + d * IO_STAT, ds.iops);
            hist(b, plat(SLAT, d), ds.slatHist);
            hist(b, plat(CLAT, d), ds.clatHist);
            hist(b, plat(LAT, d), ds.latHist);
            b.putLong(TOTAL_IO_U + 8 * d, ds.totalIos);
            b.putLong(SHORT_IO_U + 8 * d, ds.shortIos);
            b.putLong(DROP_IO_U + 8 * d, ds.dropIos);
            b.putLong(IO_BYTES + 8 * d, ds.ioBytes);
            b.putLong(RUNTIME + 8 * d, ds.runtimeMs);
        }
        hist(b, IO_U_SYNC_PLAT, ts.syncHist);
        b.putLong(TOTAL_IO_U + 24, ts.syncTotalIos);
        b.putLong(USR_TIME, ts.usrTimeMs);
        b.putLong(USR_TIME + 8, ts.sysTimeMs);
        b.putLong(USR_TIME + 16, ts.ctx);
        b.putLong(USR_TIME + 24, ts.minf);
        b.putLong(USR_TIME + 32, ts.majf);
        ReportOptions ro = ts.report;
        b.putInt(CLAT_PERCENTILES, ro.clatPercentiles ? 1 : 0);
        b.putInt(CLAT_PERCENTILES + 4, ro.latPercentiles ? 1 : 0);
        b.putInt(CLAT_PERCENTILES + 8, ro.slatPercentiles ? 1 : 0);
        b.putLong(PERCENTILE_PRECISION, ro.percentilePrecision());
        double[] pl = ro.percentiles();
        for (int i = 0; i < pl.length && i < 20; i++) {
            b.putLong(PERCENTILE_LIST + 16 * i, Double.doubleToLongBits(pl[i]));
        }
        dist(b, IO_U_MAP, ts.ioDepth);
        dist(b, IO_U_SUBMIT, ts.submit);
        dist(b, IO_U_COMPLETE, ts.complete);
        dist(b, IO_U_LAT_N, ts.latNs);
        dist(b, IO_U_LAT_U, ts.latUs);
        dist(b, IO_U_LAT_M, ts.latMs);
        b.putLong(TOTAL_SUBMIT, ts.totalSubmit);
        b.putLong(TOTAL_COMPLETE, ts.totalComplete);
        b.putLong(TOTAL_RUN_TIME, ts.totalRunTimeMs);
        b.putShort(CONTINUE_ON_ERROR, (short) (ro.continueOnError ? 1 : 0));
        b.putInt(FIRST_ERROR, ts.firstError);
        b.putLong(TOTAL_ERR_COUNT, ts.totalErrors);
        b.putInt(KB_BASE, ro.kbBase);
        b.putInt(UNIT_BASE, ro.bandwidthUnit());
        b.putLong(NR_ZONE_RESETS, ts.zoneResets);
        b.putShort(COUNT_ZONE_RESETS, (short) (ro.zonedBlockDevice ? 1 : 0));
        b.putInt(LATENCY_DEPTH, (int) ts.latencyDepth);
        b.putLong(LATENCY_TARGET, ts.latencyTargetNs);
        b.putLong(LATENCY_PERCENTILE, Double.doubleToLongBits(ts.latencyPercentile));
        b.putLong(LATENCY_WINDOW, ts.latencyWindowUs);
        b.putInt(SIG_FIGS, ro.sigFigs);
        long hit = 0;
        long miss = 0;
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            hit += ts.dir(d).cacheHit;
            miss += ts.dir(d).cacheMiss;
        }
        b.putLong(CACHEHIT, hit);
        b.putLong(CACHEMISS, miss);
        b.position(TS_SIZE);
        b.put(encodeGs(gs));
        return b.array();
    }

    /** The GS payload (struct group_run_stats). */
    public static byte[] encodeGs(GroupResult g) {
        ByteBuffer b = ByteBuffer.allocate(GS_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            b.putLong(8 * d, g.maxRun[d]);
            b.putLong(24 + 8 * d, g.minRun[d] == 0 ? -1L : g.minRun[d]);
            b.putLong(48 + 8 * d, g.maxBw[d]);
            b.putLong(72 + 8 * d, g.minBw[d]);
            b.putLong(96 + 8 * d, g.ioBytes[d]);
            b.putLong(120 + 8 * d, g.agg[d]);
        }
        b.putInt(144, g.report.kbBase);
        b.putInt(148, g.report.bandwidthUnit());
        b.putInt(152, g.report.sigFigs);
        b.putInt(156, g.groupId);
        b.putInt(160, g.unified);
        return b.array();
    }

    /** Reads a TS payload back into a thread_stat (the client side); the group's stats into {@code gsOut}. */
    public static JobResult decodeTs(byte[] p, GroupResult[] gsOut) {
        if (p.length < TS_SIZE + GS_SIZE) {
            throw new IllegalArgumentException("TS payload of " + p.length + " bytes, fio 3.42 sends " + TS_PDU_SIZE);
        }
        ByteBuffer b = ByteBuffer.wrap(p).order(ByteOrder.LITTLE_ENDIAN);
        JobResult ts = new JobResult();
        ts.name = string(b, NAME, 128);
        String verror = string(b, VERROR, 128);
        ts.errorMessage = verror.isEmpty() ? null : verror;
        ts.error = b.getInt(ERROR);
        ts.groupId = b.getInt(GROUPID);
        ts.jobStartMs = b.getLong(JOB_START);
        ts.pid = b.getInt(PID) & 0xffffffffL;
        String desc = string(b, DESCRIPTION, 256);
        ts.description = desc.isEmpty() ? null : desc;
        ts.members = b.getInt(MEMBERS);
        ReportOptions ro = new ReportOptions();
        ro.unified = b.getInt(UNIFIED);
        readIoStat(b, SYNC_STAT, ts.syncLat);
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            DirectionStats ds = ts.dir(d);
            readIoStat(b, CLAT_STAT + d * IO_STAT, ds.clat);
            readIoStat(b, SLAT_STAT + d * IO_STAT, ds.slat);
            readIoStat(b, LAT_STAT + d * IO_STAT, ds.lat);
            readIoStat(b, BW_STAT + d * IO_STAT, ds.bw);
            readIoStat(b, IOPS_STAT + d * IO_STAT, ds.iops);
            readHist(b, plat(SLAT, d), ds.slatHist);
            readHist(b, plat(CLAT, d), ds.clatHist);
            readHist(b, plat(LAT, d), ds.latHist);
            ds.totalIos = b.getLong(TOTAL_IO_U + 8 * d);
            ds.shortIos = b.getLong(SHORT_IO_U + 8 * d);
            ds.dropIos = b.getLong(DROP_IO_U + 8 * d);
            ds.ioBytes = b.getLong(IO_BYTES + 8 * d);
            ds.runtimeMs = b.getLong(RUNTIME + 8 * d);
        }
        readHist(b, IO_U_SYNC_PLAT, ts.syncHist);
        ts.syncTotalIos = b.getLong(TOTAL_IO_U + 24);
        ts.usrTimeMs = b.getLong(USR_TIME);
        ts.sysTimeMs = b.getLong(USR_TIME + 8);
        ts.ctx = b.getLong(USR_TIME + 16);
        ts.minf = b.getLong(USR_TIME + 24);
        ts.majf = b.getLong(USR_TIME + 32);
        ro.clatPercentiles = b.getInt(CLAT_PERCENTILES) != 0;
        ro.latPercentiles = b.getInt(CLAT_PERCENTILES + 4) != 0;
        ro.slatPercentiles = b.getInt(CLAT_PERCENTILES + 8) != 0;
        int precision = (int) b.getLong(PERCENTILE_PRECISION);
        double[] pl = new double[20];
        for (int i = 0; i < 20; i++) {
            pl[i] = Double.longBitsToDouble(b.getLong(PERCENTILE_LIST + 16 * i));
        }
        ro.setPercentiles(pl, precision);
        readDist(b, IO_U_MAP, ts.ioDepth);
        readDist(b, IO_U_SUBMIT, ts.submit);
        readDist(b, IO_U_COMPLETE, ts.complete);
        readDist(b, IO_U_LAT_N, ts.latNs);
        readDist(b, IO_U_LAT_U, ts.latUs);
        readDist(b, IO_U_LAT_M, ts.latMs);
        ts.totalSubmit = b.getLong(TOTAL_SUBMIT);
        ts.totalComplete = b.getLong(TOTAL_COMPLETE);
        ts.totalRunTimeMs = b.getLong(TOTAL_RUN_TIME);
        ro.continueOnError = b.getShort(CONTINUE_ON_ERROR) != 0;
        ts.firstError = b.getInt(FIRST_ERROR);
        ts.totalErrors = b.getLong(TOTAL_ERR_COUNT);
        ro.kbBase = b.getInt(KB_BASE);
        ro.unitBase = b.getInt(UNIT_BASE) == 5 ? 1 : 0;
        ts.zoneResets = b.getLong(NR_ZONE_RESETS);
        ro.zonedBlockDevice = b.getShort(COUNT_ZONE_RESETS) != 0;
        ts.latencyDepth = b.getInt(LATENCY_DEPTH);
        ts.latencyTargetNs = b.getLong(LATENCY_TARGET);
        ts.latencyPercentile = Double.longBitsToDouble(b.getLong(LATENCY_PERCENTILE));
        ts.latencyWindowUs = b.getLong(LATENCY_WINDOW);
        ro.sigFigs = b.getInt(SIG_FIGS);
        ts.dir(0).cacheHit = b.getLong(CACHEHIT);
        ts.dir(0).cacheMiss = b.getLong(CACHEMISS);
        ts.report = ro;
        if (gsOut != null && gsOut.length > 0) {
            gsOut[0] = decodeGs(p, TS_SIZE);
        }
        return ts;
    }

    /** Reads a group_run_stats at {@code off}. */
    public static GroupResult decodeGs(byte[] p, int off) {
        ByteBuffer b = ByteBuffer.wrap(p, off, GS_SIZE).slice().order(ByteOrder.LITTLE_ENDIAN);
        GroupResult g = new GroupResult(b.getInt(156));
        for (int d = 0; d < DirectionStats.COUNT; d++) {
            g.maxRun[d] = b.getLong(8 * d);
            long min = b.getLong(24 + 8 * d);
            g.minRun[d] = min == -1L ? 0 : min;
            g.maxBw[d] = b.getLong(48 + 8 * d);
            g.minBw[d] = b.getLong(72 + 8 * d);
            g.ioBytes[d] = b.getLong(96 + 8 * d);
            g.agg[d] = b.getLong(120 + 8 * d);
        }
        g.report.kbBase = b.getInt(144);
        g.report.unitBase = b.getInt(148) == 5 ? 1 : 0;
        g.report.sigFigs = b.getInt(152);
        g.unified = b.getInt(160);
        g.report.unified = g.unified;
        return g;
    }

    private static int plat(int type, int ddir) {
        return IO_U_PLAT + ((type * DirectionStats.COUNT) + ddir) * PLAT_NR * 8;
    }

    private static void ioStat(ByteBuffer b, int off, StreamStat s) {
        b.putLong(off, s.max());
        b.putLong(off + 8, s.rawMin());
        b.putLong(off + 16, s.samples());
        b.putLong(off + 24, Double.doubleToLongBits(s.mean()));
        double sd = s.stddev();
        double sum = s.samples() > 1 ? sd * sd * (s.samples() - 1) : 0;
        b.putLong(off + 40, Double.doubleToLongBits(sum));
    }

    private static void readIoStat(ByteBuffer b, int off, StreamStat s) {
        long max = b.getLong(off);
        long min = b.getLong(off + 8);
        long n = b.getLong(off + 16);
        double mean = Double.longBitsToDouble(b.getLong(off + 24));
        double sum = Double.longBitsToDouble(b.getLong(off + 40));
        double sd = n > 1 ? Math.sqrt(sum / (n - 1)) : 0;
        s.set(min, max, mean, sd, n);
    }

    private static void hist(ByteBuffer b, int off, LatencyHistogram h) {
        for (int i = 0; i < PLAT_NR; i++) {
            long c = h.bucket(i);
            if (c != 0) {
                b.putLong(off + 8 * i, c);
            }
        }
    }

    private static void readHist(ByteBuffer b, int off, LatencyHistogram h) {
        for (int i = 0; i < PLAT_NR; i++) {
            long c = b.getLong(off + 8 * i);
            if (c != 0) {
                h.addToBucket(i, c);
            }
        }
    }

    private static void dist(ByteBuffer b, int off, Distribution d) {
        for (int i = 0; i < d.size(); i++) {
            b.putLong(off + 8 * i, d.count(i));
        }
    }

    private static void readDist(ByteBuffer b, int off, Distribution d) {
        for (int i = 0; i < d.size(); i++) {
            d.add(i, b.getLong(off + 8 * i));
        }
    }

    static void string(ByteBuffer b, int off, int size, String s) {
        if (s == null) {
            return;
        }
        byte[] t = s.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(t.length, size - 1);
        b.put(off, t, 0, n);
    }

    static String string(ByteBuffer b, int off, int size) {
        int n = 0;
        while (n < size && b.get(off + n) != 0) {
            n++;
        }
        byte[] t = new byte[n];
        b.get(off, t);
        return new String(t, StandardCharsets.UTF_8);
    }
}
