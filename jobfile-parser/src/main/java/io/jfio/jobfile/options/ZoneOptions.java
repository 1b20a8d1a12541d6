package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * fio's zone group: strided zones (zonemode=strided, or zonesize alone) and zonemode=zbd, whose own
 * options are in {@link ZbdOptions}.
 *
 * @param zoneMode     none, strided or zbd (the parser turns zonesize alone into strided)
 * @param zoneModeSet  zonemode was given
 */
public record ZoneOptions(String zoneMode, boolean zoneModeSet, long zoneSize, long zoneRange, long zoneSkip,
                          ZbdOptions zbd) {

    public static ZoneOptions from(JobSpec spec) {
        long zs = spec.getLong("zonesize");
        return new ZoneOptions(spec.getString("zonemode"), spec.isSet("zonemode"), Math.max(0, zs),
                spec.getLong("zonerange"), spec.isZones("zoneskip") ? SizeOptions.zonesToBytes(spec, "zoneskip")
                        : Math.max(0, spec.getLong("zoneskip")), ZbdOptions.from(spec));
    }

    /** zonemode=zbd. */
    public boolean zbdMode() {
        return "zbd".equals(zoneMode);
    }
}
