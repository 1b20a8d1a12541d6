package io.jfio.runner.job;

import io.jfio.engine.IoEngine;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.FioDebug;

/**
 * fio's {@code --debug=io} lines of the job loop (io_u.h: dprint_io_u, ioengines.c): a unit's
 * fill, prep, queue and complete with its offset, length, fio's ddir number and file; the
 * commits and reaps of queued engines. Each method returns at once when the type is off, so the
 * loop's calls cost a volatile read and allocate nothing. fio prints the io_u's address; jfio
 * prints its unit's data buffer address, as stable per unit as fio's.
 */
final class IoDebug {
    private IoDebug() {
    }

    static void unit(String stage, IoUnit u) {
        if (FioDebug.on(FioDebug.Type.IO)) {
            // concatenation, not String.format: fio's harness (t/t64-switch.sh) prints a million of these
            String file = u.file == null ? "" : ",file=" + u.file.path;
            FioDebug.line(FioDebug.Type.IO, stage + ": io_u 0x" + Long.toHexString(u.bufferAddress) + ": off=0x"
                    + Long.toHexString(u.offset) + ",len=0x" + Long.toHexString(u.length) + ",ddir="
                    + u.ddir.ordinal() + file);
        }
    }

    /** fio's engines with a ->prep hook: td_io_prep prints its result for them. */
    private static final java.util.Set<String> PREP_ENGINES = java.util.Set.of("sync", "libaio", "io_uring",
            "io_uring_cmd", "net", "netsplice", "mmap", "posixaio", "sg");

    /** The prep line, and for engines fio gives a ->prep hook, its result line; then the queue line. */
    static void prepAndQueue(IoUnit u, IoEngine engine) {
        if (FioDebug.on(FioDebug.Type.IO)) {
            unit("prep", u);
            if (PREP_ENGINES.contains(engine.name())) {
                FioDebug.line(FioDebug.Type.IO, "prep: io_u 0x" + Long.toHexString(u.bufferAddress) + ": ret=0");
            }
            unit("queue", u);
        }
    }

    static void commit(int depth) {
        if (FioDebug.on(FioDebug.Type.IO)) {
            FioDebug.line(FioDebug.Type.IO, "calling ->commit(), depth " + depth);
        }
    }

    static void reap(int min) {
        if (FioDebug.on(FioDebug.Type.IO)) {
            FioDebug.line(FioDebug.Type.IO, "io_u_queued_complete: min=" + min);
        }
    }

    static void events(int n) {
        if (FioDebug.on(FioDebug.Type.IO)) {
            FioDebug.line(FioDebug.Type.IO, "getevents: " + n);
        }
    }

    static void engine(String what, String engineName) {
        if (FioDebug.on(FioDebug.Type.IO)) {
            FioDebug.line(FioDebug.Type.IO, what + " ioengine " + engineName);
        }
    }
}
