package io.jfio.runner.zbd;

import io.jfio.jobfile.FioDebug;

/**
 * fio's {@code --debug=zbd} lines (zbd.c) at the same steps of jfio's zone emulation: the
 * write-zone limit of each new zone set, each job's valid data bytes, every queued write with its
 * zone, write pointer resets, the write-zone array's additions and removals, the search for
 * another write zone, and the jump over a zone's capacity gap.
 */
final class ZbdDebug {
    private ZbdDebug() {
    }

    static boolean on() {
        return FioDebug.on(FioDebug.Type.ZBD);
    }

    static void line(String s) {
        FioDebug.line(FioDebug.Type.ZBD, s);
    }

    static void maxWriteZones(String file, int max) {
        if (on()) {
            line(file + ": using max write zones limit: " + max);
        }
    }

    static void validData(String file, long vdb) {
        if (on()) {
            line("zbd_setup_files(" + file + "): valid data bytes = " + vdb);
        }
    }

    static void queued(String file, long off, long len, int zone) {
        if (on()) {
            line(file + ": queued I/O (" + off + ", " + len + ") for zone " + zone);
        }
    }

    static void reset(String file, int zone) {
        if (on()) {
            line(file + ": resetting wp of zone " + zone + ".");
        }
    }

    static void writeZone(String file, int zone, boolean added) {
        if (on()) {
            line(file + (added ? ": adding zone " + zone + " to" : ": removing zone " + zone + " from")
                    + " write zone array");
        }
    }

    /** zbd_convert_to_write_zone's own lines, {@code what} after the function and file. */
    static void convert(String file, String what) {
        if (on()) {
            line("zbd_convert_to_write_zone(" + file + "): " + what);
        }
    }

    static void jump(String file, long from, long to, int zone, long capacity) {
        if (on()) {
            line(file + ": Jump from zone capacity limit to zone end: (" + from + " -> " + to + ") for zone "
                    + zone + " (" + capacity + ")");
        }
    }
}
