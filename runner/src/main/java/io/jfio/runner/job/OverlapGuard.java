package io.jfio.runner.job;

import io.jfio.engine.IoUnit;

/**
 * serialize_overlap (backend.c: io_u_submit, in_flight_overlap): a unit whose byte range
 * overlaps one already handed to the engine and not yet completed is not issued; the loop treats
 * it as the engine's BUSY (requeue, complete something, try again). Like fio it compares offsets
 * only, whatever the file, and checks only when another unit is in flight.
 */
final class OverlapGuard {
    private final IoUnit[] units;
    private final boolean[] inFlight;

    private OverlapGuard(IoUnit[] units) {
        int max = 0;
        for (IoUnit u : units) {
            max = Math.max(max, u.index);
        }
        this.units = new IoUnit[max + 1];
        for (IoUnit u : units) {
            this.units[u.index] = u;
        }
        this.inFlight = new boolean[max + 1];
    }

    /**
     * The guard for a job, or null where fio's fixup_options switches serialize_overlap off: depth 1,
     * or a job that changes no data (unless it replays a log).
     */
    static OverlapGuard of(boolean serializeOverlap, int iodepth, boolean modifies, boolean replay, IoUnit[] units) {
        if (!serializeOverlap || units.length == 0 || ((!modifies || iodepth == 1) && !replay)) {
            return null;
        }
        return new OverlapGuard(units);
    }

    /** True when {@code u} overlaps a unit in flight (the caller has checked that one is). */
    boolean overlaps(IoUnit u) {
        long x1 = u.offset;
        long x2 = u.offset + u.length;
        for (int i = 0; i < inFlight.length; i++) {
            if (inFlight[i] && i != u.index) {
                IoUnit o = units[i];
                if (x1 < o.offset + o.length && o.offset < x2) {
                    return true;
                }
            }
        }
        return false;
    }

    void issued(IoUnit u) {
        inFlight[u.index] = true;
    }

    void done(IoUnit u) {
        inFlight[u.index] = false;
    }
}
