package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * fio's thinktime group: a pause of {@code thinktimeUs} (the first {@code spinUs} of it busy) after
 * every {@code blocks} I/Os, counted at completion or, with thinktime_blocks_type=issue, at issue.
 *
 * @param iotimeUs   thinktime_iotime: the pause also comes after this much time since the last one
 *                   (0 = off); without thinktime_blocks given, only after it
 * @param blocksSet  thinktime_blocks was given (with thinktime_iotime, fio ignores its default of 1)
 * @param cycles     thinkcycles: a busy loop of this many iterations after every read, write or trim
 */
public record ThinkTimeOptions(long thinktimeUs, long spinUs, long blocks, boolean countAtIssue, long iotimeUs,
                               boolean blocksSet, long cycles) {

    public static ThinkTimeOptions from(JobSpec spec) {
        long think = spec.getLong("thinktime");
        return new ThinkTimeOptions(think, Math.min(spec.getLong("thinktime_spin"), think),
                spec.getLong("thinktime_blocks"), "issue".equals(spec.getString("thinktime_blocks_type")),
                spec.getLong("thinktime_iotime"), spec.isSet("thinktime_blocks"), spec.getLong("thinkcycles"));
    }
}
