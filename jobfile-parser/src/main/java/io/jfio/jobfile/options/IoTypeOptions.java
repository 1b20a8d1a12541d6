package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * What kind of I/O a job does (fio's FIO_OPT_G_IO_TYPE and rwmix groups): direction mode, its
 * {@code :N} postfix, buffered or direct, O_SYNC/O_DSYNC and the periodic syncs.
 *
 * @param rwPostfix    the text after {@code rw=MODE:}, or null
 * @param direct       O_DIRECT (direct=1, or buffered=0: the parser keeps the two in step)
 * @param fsync        an fsync every N writes (0 = never); fdatasync likewise
 * @param rwmixread    percentage of reads in a mixed job (rwmixwrite is its complement)
 * @param syncFileRange      a sync_file_range(2) of the range written since the last one every N writes (0 = never)
 * @param syncFileRangeFlags its SYNC_FILE_RANGE_* flags (wait_before 1, write 2, wait_after 4)
 * @param writeHint    write_hint as the kernel's RWH_WRITE_LIFE_* value (none 1 .. extreme 5), -1 when not given
 * @param atomic       atomic=1: RWF_ATOMIC on the job's writes (engines with atomic writes only)
 * @param writeBarrier write_barrier=N: fio 3.42 flags every Nth write as a barrier only on engines
 *                     that declare barrier support (libpmem alone), and no engine reads the flag,
 *                     so it changes no I/O; jfio's engines do the same nothing
 * @param numRange     num_range: ranges per trim (1 to 256; above 1 only engines with multi-range trims)
 */
public record IoTypeOptions(ReadWrite rw, String rwPostfix, boolean rwSequencerIdentical, boolean direct,
                            SyncMode sync, long fsync, long fdatasync, int rwmixread, long syncFileRange,
                            int syncFileRangeFlags, long writeHint, boolean atomic, long writeBarrier,
                            int numRange) {

    /** sync=: the open flag added to every file of the job. */
    public enum SyncMode { NONE, SYNC, DSYNC }

    public static IoTypeOptions from(JobSpec spec) {
        spec.getBool("buffered"); // direct's other name; the parser stores both
        spec.getLong("rwmixwrite");
        String sync = spec.getString("sync");
        SyncMode mode = switch (sync) {
            case "1", "sync" -> SyncMode.SYNC;
            case "dsync" -> SyncMode.DSYNC;
            default -> SyncMode.NONE;
        };
        String sfr = spec.getString("sync_file_range");
        return new IoTypeOptions(ReadWrite.of(spec.getString("rw")), spec.postfix("rw"),
                "identical".equals(spec.getString("rw_sequencer")), spec.getBool("direct"), mode,
                spec.getLong("fsync"), spec.getLong("fdatasync"), spec.getInt("rwmixread"), sfrEvery(sfr),
                sfrFlags(sfr), writeHint(spec),
                spec.getBool("atomic"), spec.getLong("write_barrier"), spec.getInt("num_range"));
    }

    private static long writeHint(JobSpec spec) {
        String h = spec.getString("write_hint");
        if (h == null || !spec.isSet("write_hint")) {
            return -1;
        }
        return switch (h) {
            case "none" -> 1;
            case "short" -> 2;
            case "medium" -> 3;
            case "long" -> 4;
            case "extreme" -> 5;
            default -> -1;
        };
    }

    /** fio's str_sfr_cb: the number after ':' (atoi), 1 without one; 0 when the option is not set. */
    static long sfrEvery(String value) {
        if (value == null) {
            return 0;
        }
        int colon = value.indexOf(':');
        if (colon < 0) {
            return 1;
        }
        String nr = value.substring(colon + 1).trim();
        int end = 0;
        while (end < nr.length() && (Character.isDigit(nr.charAt(end)) || (end == 0 && nr.charAt(0) == '-'))) {
            end++;
        }
        try {
            return end == 0 ? 0 : Integer.parseInt(nr.substring(0, end));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The OR of the comma-separated words before ':' (the parser has checked each is one of fio's). */
    static int sfrFlags(String value) {
        if (value == null) {
            return 0;
        }
        int colon = value.indexOf(':');
        int flags = 0;
        for (String w : (colon < 0 ? value : value.substring(0, colon)).split(",")) {
            flags |= switch (w.trim()) {
                case "wait_before" -> 1;
                case "write" -> 2;
                case "wait_after" -> 4;
                default -> 0;
            };
        }
        return flags;
    }
}
