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
 */
public record IoTypeOptions(ReadWrite rw, String rwPostfix, boolean rwSequencerIdentical, boolean direct,
                            SyncMode sync, long fsync, long fdatasync, int rwmixread) {

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
        return new IoTypeOptions(ReadWrite.of(spec.getString("rw")), spec.postfix("rw"),
                "identical".equals(spec.getString("rw_sequencer")), spec.getBool("direct"), mode,
                spec.getLong("fsync"), spec.getLong("fdatasync"), spec.getInt("rwmixread"));
    }
}
