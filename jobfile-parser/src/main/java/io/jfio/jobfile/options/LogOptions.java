package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The options of fio's bandwidth, IOPS, latency and histogram logs (fio's write_*_log and log_*
 * thread_options), read once from a job. A log prefix is null when that log is not written; an
 * empty value of write_*_log means the job's name, as in fio's make_log_name.
 *
 * @param bwPrefix        write_bw_log prefix (files PREFIX_bw[.N].log)
 * @param latPrefix       write_lat_log prefix (PREFIX_lat, PREFIX_clat, PREFIX_slat)
 * @param iopsPrefix      write_iops_log prefix
 * @param histPrefix      write_hist_log prefix (PREFIX_clat_hist)
 * @param avgMsec         log_avg_msec: 0 logs every I/O, else one averaged line per window
 * @param histMsec        log_hist_msec: 0 writes no histogram lines
 * @param histCoarseness  log_hist_coarseness 0..6: 2^N fio histogram buckets summed per column
 * @param window          log_window_value (alias log_max_value): avg, max or both columns
 * @param offset          log_offset: an offset column
 * @param prio            log_prio: the I/O priority as 0x%04x instead of the RT-class flag
 * @param issueTime       log_issue_time: an issue-time column (ns since the epoch)
 * @param perJobLogs      per_job_logs: PREFIX_type.N.log per job; else one shared file, appended
 * @param alternateEpoch  log_alternate_epoch (alias log_unix_epoch): times from the clock's epoch
 * @param epochClockId    log_alternate_epoch_clock_id (0 CLOCK_REALTIME)
 * @param entries         log_entries: samples per in-memory chunk (1024 by default)
 * @param compression     log_compression: bytes of log kept before compressing (0: never)
 * @param storeCompressed log_store_compressed: PREFIX_type.N.log.fz holds zlib-compressed samples
 * @param bwAvgMsec       the bandwidth sample window once the bw log is set up (fio's init.c:
 *                        log_avg_msec replaces bwavgtime unless bwavgtime is given, then the smaller)
 * @param iopsAvgMsec     the same for iopsavgtime
 * @param warnings        what jfio does differently, each with the option's file:line
 */
public record LogOptions(String bwPrefix, String latPrefix, String iopsPrefix, String histPrefix, long avgMsec,
                         long histMsec, int histCoarseness, Window window, boolean offset, boolean prio,
                         boolean issueTime, boolean perJobLogs, boolean alternateEpoch, int epochClockId,
                         int entries, long compression, boolean storeCompressed, long bwAvgMsec, long iopsAvgMsec,
                         List<String> warnings) {

    /** log_window_value: what an averaged line holds. */
    public enum Window { AVG, MAX, BOTH }

    /** fio's DEF_LOG_ENTRIES. */
    public static final int DEFAULT_ENTRIES = 1024;

    public static LogOptions from(JobSpec spec) {
        List<String> warnings = new ArrayList<>();
        String bw = prefix(spec, "write_bw_log");
        String lat = prefix(spec, "write_lat_log");
        String iops = prefix(spec, "write_iops_log");
        String hist = prefix(spec, "write_hist_log");
        long avg = longOf(spec, "log_avg_msec", 0);
        long histMsec = longOf(spec, "log_hist_msec", 0);
        int coarse = (int) longOf(spec, "log_hist_coarseness", 0);
        String wv = stringOf(spec, "log_window_value", "avg");
        Window window = switch (wv) {
            case "max", "1" -> Window.MAX;
            case "both" -> Window.BOTH;
            default -> Window.AVG;
        };
        boolean offset = boolOf(spec, "log_offset", false);
        boolean prio = boolOf(spec, "log_prio", false);
        boolean issue = boolOf(spec, "log_issue_time", false);
        boolean perJob = boolOf(spec, "per_job_logs", true);
        boolean altEpoch = boolOf(spec, "log_alternate_epoch", false);
        int clockId = (int) longOf(spec, "log_alternate_epoch_clock_id", 0);
        if (clockId < 0 || clockId > 11 || clockId == 10) {
            // not one of Linux's clock ids (fio's timespec is then left unset)
            warnings.add(spec.location("log_alternate_epoch_clock_id")
                    + ": jfio: log_alternate_epoch_clock_id=" + clockId
                    + " is not a Linux clock id (0-9, 11); using CLOCK_REALTIME");
            clockId = 0;
        }
        int entries = (int) longOf(spec, "log_entries", DEFAULT_ENTRIES);
        long compression = longOf(spec, "log_compression", 0);
        boolean store = boolOf(spec, "log_store_compressed", false);
        if (store && hist != null) {
            warnings.add(spec.location("log_store_compressed")
                    + ": jfio: log_store_compressed does not apply to the histogram log; it is written as text");
        }
        long bwAvg = longOf(spec, "bwavgtime", 500);
        long iopsAvg = longOf(spec, "iopsavgtime", 500);
        if (bw != null) {
            bwAvg = spec.isSet("bwavgtime") ? Math.min(avg, bwAvg) : avg;
        }
        if (iops != null) {
            iopsAvg = spec.isSet("iopsavgtime") ? Math.min(avg, iopsAvg) : avg;
        }
        return new LogOptions(bw, lat, iops, hist, avg, histMsec, coarse, window, offset, prio, issue, perJob,
                altEpoch, clockId, entries, compression, store, bwAvg, iopsAvg, List.copyOf(warnings));
    }

    /** True when any of the four logs is written. */
    public boolean any() {
        return bwPrefix != null || latPrefix != null || iopsPrefix != null || histPrefix != null;
    }

    private static String prefix(JobSpec spec, String option) {
        if (!spec.isSet(option) || !spec.has(option)) {
            return null;
        }
        Object v = spec.value(option);
        String s = v == null ? "" : v.toString();
        return s.isEmpty() ? spec.name() : s;
    }

    static long longOf(JobSpec spec, String option, long def) {
        if (spec.has(option) && spec.value(option) != null) {
            try {
                return spec.getLong(option);
            } catch (RuntimeException e) {
                return def;
            }
        }
        return def;
    }

    static boolean boolOf(JobSpec spec, String option, boolean def) {
        return longOf(spec, option, def ? 1 : 0) != 0;
    }

    static String stringOf(JobSpec spec, String option, String def) {
        return spec.has(option) && spec.value(option) != null ? spec.getString(option) : def;
    }
}
