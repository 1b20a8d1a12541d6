package io.jfio.runner.explain;

import io.jfio.jobfile.SourceLocation;

/** One thing --explain says about an option line: where, which trap, what fio will actually do. */
public record Finding(SourceLocation location, Trap trap, String message) {
    /** The traps --explain knows. */
    public enum Trap {
        /** A size whose unit fio does not read (a space before the value or before the unit). */
        UNIT_IGNORED,
        /** A block size without unit small enough to be a forgotten k (bs=8 is 8 bytes). */
        NO_UNIT,
        /** A power-of-1000 vs power-of-1024 surprise (kb_base and fio's inverted IEC suffixes). */
        KB_BASE,
        /** A time unit fio does not know: the number means microseconds (runtime=10sec). */
        TIME_UNIT,
        /** ramp_time at least as long as runtime: the measured phase is the shorter one. */
        RAMP_TIME,
        /** size beyond the end of a block device: fio silently does less. */
        SIZE_OVER_DEVICE,
        /** direct=1 with block sizes the device's logical block size does not divide. */
        DIRECT_ALIGNMENT,
        /** An option jfio does not do (it warns and ignores it). */
        IGNORED_BY_JFIO,
        /** fio refuses the job file (e.g. an engine option under another engine). */
        REFUSED,
        /** Another parse-time trap fio accepts silently (e.g. a bs range written with ':'). */
        OTHER
    }

    @Override
    public String toString() {
        return location + ": " + message;
    }
}
