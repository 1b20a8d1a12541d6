package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.SizeRange;

/**
 * How much of which files a job does (fio's size, io_size, filesize, offset, offset_align,
 * offset_increment, number_ios). A size given as N% has its byte value 0 and the percentage
 * in the matching {@code ...Percent} field (0 when given in bytes).
 *
 * @param fileSize  filesize low-high, or null when not given
 * @param fillDevice fill_device (fill_fs): without size= the job's files grow until the file system is full,
 *                   and ENOSPC/EDQUOT then ends the job without an error
 */
public record SizeOptions(long size, int sizePercent, long ioSize, int ioSizePercent, SizeRange fileSize,
                          long offset, int offsetPercent, long offsetAlign, long offsetIncrement,
                          int offsetIncrementPercent, long numberIos, boolean fillDevice) {

    public static SizeOptions from(JobSpec spec) {
        SizeRange fs = spec.isSet("filesize") ? spec.getRanges("filesize")[0] : null;
        spec.getRanges("filesize");
        boolean fill = spec.getBool("fill_device");
        // fill_device without size= leaves fio's size at (unsigned) -1, which is not the 0% it encodes otherwise
        long size = fill && spec.getLong("size") == -1 ? -1 : bytes(spec, "size");
        return new SizeOptions(size, percent(spec, "size"), bytes(spec, "io_size"),
                percent(spec, "io_size"), fs, bytes(spec, "offset"), percent(spec, "offset"),
                spec.getLong("offset_align"), bytes(spec, "offset_increment"), percent(spec, "offset_increment"),
                spec.getLong("number_ios"), fill);
    }

    private static long bytes(JobSpec spec, String option) {
        if (spec.isZones(option)) {
            return zonesToBytes(spec, option);
        }
        return spec.isPercent(option) ? 0 : spec.getLong(option);
    }

    /**
     * fio's zbd_recalc_options_with_zone_granularity: "Nz" is N zones of zonesize (the emulated
     * zones of zonemode=zbd and strided zones alike); without a zone size it stays 0.
     */
    static long zonesToBytes(JobSpec spec, String option) {
        long zs = Math.max(0, spec.getLong("zonesize"));
        return spec.zones(option) * zs;
    }

    private static int percent(JobSpec spec, String option) {
        return spec.isPercent(option) ? spec.percent(option) : 0;
    }
}
