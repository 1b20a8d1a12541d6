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
            String file = u.file == null ? "" : ",file=" + u.file.path;
            FioDebug.line(FioDebug.Type.IO, String.format("%s: io_u 0x%x: off=0x%x,len=0x%x,ddir=%d%s", stage,
                    u.bufferAddress, u.offset, u.length, u.ddir.ordinal(), file));
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
                FioDebug.line(FioDebug.Type.IO, String.format("prep: io_u 0x%x: ret=0", u.bufferAddress));
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
