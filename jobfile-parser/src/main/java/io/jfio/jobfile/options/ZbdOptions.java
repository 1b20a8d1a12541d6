package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * zonemode=zbd's options (fio's thread_options: zone_capacity, max_open_zones, job_max_open_zones,
 * ignore_zone_limits, zrt, zrf, read_beyond_wp, write_zone_remainder, recover_zbd_write_error).
 *
 * @param zoneCapacity         zonecapacity: writable bytes of each emulated zone (0: the zone size)
 * @param maxOpenZones         max_open_zones: write target zones per file for all jobs (0: no limit)
 * @param jobMaxOpenZones      job_max_open_zones: write target zones of this job (0: no limit)
 * @param ignoreZoneLimits     ignore_zone_limits: the device's own open-zone limit does not count
 * @param resetThreshold       zone_reset_threshold: share of the range's valid data above which zones reset
 * @param resetFrequency       zone_reset_frequency: 1/N of the writes above the threshold reset their zone
 * @param readBeyondWp         read_beyond_wp: reads are not held below the write pointer
 * @param writeZoneRemainder   write_zone_remainder: a zone's tail smaller than the block is written, not finished
 * @param recoverWriteError    recover_zbd_write_error
 */
public record ZbdOptions(long zoneCapacity, int maxOpenZones, int jobMaxOpenZones, boolean ignoreZoneLimits,
                         double resetThreshold, double resetFrequency, boolean readBeyondWp,
                         boolean writeZoneRemainder, boolean recoverWriteError) {

    public static ZbdOptions from(JobSpec spec) {
        return new ZbdOptions(Math.max(0, spec.getLong("zonecapacity")), spec.getInt("max_open_zones"),
                spec.getInt("job_max_open_zones"), spec.getBool("ignore_zone_limits"),
                first(spec, "zone_reset_threshold"), first(spec, "zone_reset_frequency"),
                spec.getBool("read_beyond_wp"), spec.getBool("write_zone_remainder"),
                spec.getBool("recover_zbd_write_error"));
    }

    private static double first(JobSpec spec, String option) {
        if (!spec.has(option)) {
            return 0;
        }
        Object v = spec.value(option);
        if (v instanceof double[] d) {
            return d.length == 0 ? 0 : d[0];
        }
        return v instanceof Number n ? n.doubleValue() : 0;
    }
}
