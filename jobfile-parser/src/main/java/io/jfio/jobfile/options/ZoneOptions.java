package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * fio's zone group as jfio does it: strided zones (zonemode=strided, or zonesize alone). zonemode=zbd
 * is read so the runner can refuse it.
 *
 * @param zoneMode     none, strided or zbd (the parser turns zonesize alone into strided)
 * @param zoneModeSet  zonemode was given
 */
public record ZoneOptions(String zoneMode, boolean zoneModeSet, long zoneSize, long zoneRange, long zoneSkip) {

    public static ZoneOptions from(JobSpec spec) {
        long zs = spec.getLong("zonesize");
        return new ZoneOptions(spec.getString("zonemode"), spec.isSet("zonemode"), Math.max(0, zs),
                spec.getLong("zonerange"), Math.max(0, spec.getLong("zoneskip")));
    }
}
