package io.jfio.runner.zbd;

import io.jfio.engine.IoFile;
import io.jfio.jobfile.options.ReadWrite;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.jobfile.options.ZbdOptions;

import java.io.PrintStream;
import java.util.List;

/**
 * A job's zonemode=zbd set-up, in the two steps fio's setup_files takes: the zones of each file
 * from its size before layout (zbd_init_files), then, once the job's regions are known, their
 * alignment to zone boundaries and the checks of zbd_setup_files.
 */
public final class ZbdSetup {
    private ZbdSetup() {
    }

    /**
     * zbd_init_files: shares or makes each file's zones. {@code sizesBeforeLayout[i]} is file i's size
     * as probed (-1 when it does not exist). Zoned block devices are refused: jfio only emulates zones.
     */
    public static void init(ThreadOptions o, ZonedFiles run, List<IoFile> files, long[] sizesBeforeLayout)
            throws ZbdException {
        ZbdOptions z = o.zone().zbd();
        for (int i = 0; i < files.size(); i++) {
            IoFile f = files.get(i);
            if (f.type == IoFile.Type.PIPE) {
                throw new ZbdException("zonemode=zbd does not support pipes", 22, "zbd_create_zone_info() failed");
            }
            if (f.type == IoFile.Type.BLOCK) {
                String model = ZonedModel.of(f.path);
                if (!model.equals("none")) {
                    throw new ZbdException(f.path + ": zoned block device (" + model + ") is not supported by jfio;"
                            + " zonemode=zbd emulates zones on regular files and non-zoned block devices only",
                            95, "zbd_create_zone_info() failed");
                }
            }
            run.init(f, sizesBeforeLayout[i], o.zone().zoneSize(), z.zoneCapacity(), z.maxOpenZones());
        }
    }

    /**
     * zbd_setup_files for one job: aligns each file's region to zones (printing what fio prints),
     * checks the open-zone limits and the option combinations fio refuses. Returns the job's zone
     * state for its I/O pattern.
     */
    public static void setup(ThreadOptions o, List<IoFile> files, PrintStream out) throws ZbdException {
        ZbdOptions z = o.zone().zbd();
        ReadWrite rw = o.io().rw();
        long zoneSize = o.zone().zoneSize();
        for (IoFile f : files) {
            align(o, f, ZonedFiles.of(f), rw, out);
        }
        if (rw.trims()) {
            // zbd_verify_bs logs these as information (stdout)
            long[] bs = o.bs().bs();
            if (o.bs().min(2) != o.bs().max(2)) {
                out.println("bsrange and bssplit are not allowed for trim with zonemode=zbd");
                throw new ZbdException(null, 0, null);
            }
            for (IoFile f : files) {
                if (bs[2] != zoneSize) {
                    out.println(f.path + ": trim block size " + bs[2] + " is not the zone size " + zoneSize);
                    throw new ZbdException(null, 0, null);
                }
            }
        }
        if (z.recoverWriteError() && rw.writes()) {
            if (o.errors().continueOnError() == 0) {
                throw new ZbdException("recover_zbd_write_error works only when continue_on_error is set", 0, null);
            }
        }
        if (o.verify().experimental) {
            throw new ZbdException("zonemode=zbd does not support experimental verify", 0, null);
        }
        for (IoFile f : files) {
            ZonedFile zf = ZonedFiles.of(f);
            if (z.maxOpenZones() > 0 && zf.maxWriteZones != z.maxOpenZones()) {
                throw new ZbdException("Different 'max_open_zones' values", 0, null);
            }
            if (!rw.writes()) {
                if (z.jobMaxOpenZones() != 0) {
                    out.println("'job_max_open_zones' is valid only for write jobs");
                }
                continue;
            }
            if (z.jobMaxOpenZones() != 0 && zf.maxWriteZones == 0) {
                throw new ZbdException("'job_max_open_zones' cannot be used without a global open zones limit", 0,
                        null);
            }
        }
    }

    /** zbd_zone_align_file_sizes. */
    private static void align(ThreadOptions o, IoFile f, ZonedFile zf, ReadWrite rw, PrintStream out)
            throws ZbdException {
        if (f.fileOffset >= f.realSize || f.ioSize == 0) {
            return;
        }
        if (o.zone().zoneSkip() % zf.zoneSize != 0) {
            throw new ZbdException(f.path + ": zoneskip " + o.zone().zoneSkip()
                    + " is not a multiple of the device zone size " + zf.zoneSize + ".", 0, null);
        }
        if (rw.reads() && !rw.writes() && !rw.trims()) {
            long newEnd = zf.zones[zf.zoneIndex(f.fileOffset + f.ioSize)].start;
            if (f.fileOffset + f.ioSize > newEnd) {
                out.println(f.path + ": rounded io_size from " + f.ioSize + " to " + (newEnd - f.fileOffset));
                f.ioSize = newEnd - f.fileOffset;
            }
            return;
        }
        int zi = zf.zoneIndex(f.fileOffset);
        Zone z = zf.zones[zi];
        if (f.fileOffset != z.start) {
            long newOffset = zf.zones[zi + 1].start;
            if (newOffset >= f.fileOffset + f.ioSize) {
                out.println(f.path + ": io_size must be at least one zone");
                throw new ZbdException(null, 0, null);
            }
            out.println(f.path + ": rounded up offset from " + f.fileOffset + " to " + newOffset);
            f.ioSize -= newOffset - f.fileOffset;
            f.fileOffset = newOffset;
        }
        long newEnd = zf.zones[zf.zoneIndex(f.fileOffset + f.ioSize)].start;
        if (f.fileOffset + f.ioSize != newEnd) {
            if (newEnd <= f.fileOffset) {
                out.println(f.path + ": io_size must be at least one zone");
                throw new ZbdException(null, 0, null);
            }
            out.println(f.path + ": rounded down io_size from " + f.ioSize + " to " + (newEnd - f.fileOffset));
            f.ioSize = newEnd - f.fileOffset;
        }
    }
}
