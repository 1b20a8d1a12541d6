package io.jfio.report.format;

import io.jfio.report.CFormat;
import io.jfio.report.DiskUtil;
import io.jfio.report.FioFlavor;
import java.util.List;

/** The "Disk stats (read/write)" lines (fio's diskutil.c) and their terse fields (fio's stat.c). */
public final class DiskStatsFormat {
    private DiskStatsFormat() {
    }

    /** One line per disk, without the "Disk stats" title. */
    public static String normal(List<DiskUtil> disks, FioFlavor flavor) {
        StringBuilder b = new StringBuilder();
        for (DiskUtil d : disks) {
            boolean slaves = d.hasSlaves();
            if (slaves) {
                b.append("  ");
            }
            b.append("  ").append(d.name).append(": ios=").append(d.readIos).append('/').append(d.writeIos);
            if (flavor != FioFlavor.FIO_3_33) {
                b.append(", sectors=").append(d.readSectors).append('/').append(d.writeSectors);
            }
            b.append(", merge=").append(d.readMerges).append('/').append(d.writeMerges)
                    .append(", ticks=").append(d.readTicks).append('/').append(d.writeTicks)
                    .append(", in_queue=").append(d.inQueue).append(", util=")
                    .append(CFormat.fixed(d.util(), 3, 2)).append('%');
            if (slaves) {
                long[] a = d.aggregate();
                b.append(", aggrios=").append(a[0]).append('/').append(a[1]);
                if (flavor != FioFlavor.FIO_3_33) {
                    b.append(", aggsectors=").append(a[2]).append('/').append(a[3]);
                }
                b.append(", aggrmerge=").append(a[4]).append('/').append(a[5])
                        .append(", aggrticks=").append(a[6]).append('/').append(a[7])
                        .append(", aggrin_queue=").append(a[8]).append(", aggrutil=")
                        .append(CFormat.fixed(d.aggregateUtil(), 3, 2)).append('%');
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** The terse fields of all disks, each preceded by ';' (no sectors, also in 3.42). */
    public static String terse(List<DiskUtil> disks) {
        StringBuilder b = new StringBuilder();
        for (DiskUtil d : disks) {
            b.append(';').append(d.name).append(';').append(d.readIos).append(';').append(d.writeIos)
                    .append(';').append(d.readMerges).append(';').append(d.writeMerges)
                    .append(';').append(d.readTicks).append(';').append(d.writeTicks)
                    .append(';').append(d.inQueue).append(';').append(CFormat.fixed(d.util(), 3, 2)).append('%');
            if (d.hasSlaves()) {
                long[] a = d.aggregate();
                b.append(";slaves;").append(a[0]).append(';').append(a[1]).append(';').append(a[4])
                        .append(';').append(a[5]).append(';').append(a[6]).append(';').append(a[7])
                        .append(';').append(a[8]).append(';').append(CFormat.fixed(d.aggregateUtil(), 3, 2))
                        .append('%');
            }
        }
        return b.toString();
    }
}
