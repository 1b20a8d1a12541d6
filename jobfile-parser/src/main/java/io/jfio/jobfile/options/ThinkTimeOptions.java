package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * fio's thinktime group: a pause of {@code thinktimeUs} (the first {@code spinUs} of it busy) after
 * every {@code blocks} I/Os, counted at completion or, with thinktime_blocks_type=issue, at issue.
 */
public record ThinkTimeOptions(long thinktimeUs, long spinUs, long blocks, boolean countAtIssue) {

    public static ThinkTimeOptions from(JobSpec spec) {
        long think = spec.getLong("thinktime");
        return new ThinkTimeOptions(think, Math.min(spec.getLong("thinktime_spin"), think),
                spec.getLong("thinktime_blocks"), "issue".equals(spec.getString("thinktime_blocks_type")));
    }
}
