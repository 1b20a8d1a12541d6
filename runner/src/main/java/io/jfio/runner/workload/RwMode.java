package io.jfio.runner.workload;

import io.jfio.jobfile.JobSpec;

/** What a job's rw= mode does (fio's td_read/td_write/td_trim/td_random). */
public record RwMode(String name, boolean reads, boolean writes, boolean trims, boolean random) {

    public static RwMode of(JobSpec spec) {
        return of(Opts.getString(spec, "read", "rw", "readwrite"));
    }

    public static RwMode of(String rw) {
        String m = rw == null ? "read" : rw;
        int colon = m.indexOf(':');
        if (colon >= 0) {
            m = m.substring(0, colon);
        }
        return switch (m) {
            case "write" -> new RwMode("write", false, true, false, false);
            case "randread" -> new RwMode("randread", true, false, false, true);
            case "randwrite" -> new RwMode("randwrite", false, true, false, true);
            case "rw", "readwrite" -> new RwMode("rw", true, true, false, false);
            case "randrw" -> new RwMode("randrw", true, true, false, true);
            case "trim" -> new RwMode("trim", false, false, true, false);
            case "randtrim" -> new RwMode("randtrim", false, false, true, true);
            case "trimwrite" -> new RwMode("trimwrite", false, true, true, false);
            case "randtrimwrite" -> new RwMode("randtrimwrite", false, true, true, true);
            default -> new RwMode("read", true, false, false, false);
        };
    }

    /** Writes or trims: the job may change data on its files. */
    public boolean modifies() {
        return writes || trims;
    }
}
