package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.Pattern;

/**
 * What a job writes (fio's buffer options and the td flags fio derives from them), read once
 * from a parsed job. Values are the effective ones after fio's callbacks and fix-ups: a
 * buffer_compress_percentage of 100 is zero_buffers, buffer_pattern and dedupe_percentage have
 * already set refill_buffers, compression has turned it on unless the job set it.
 *
 * @param zeroBuffers       zero_buffers: buffers are zeros (not random)
 * @param refillBuffers     refill_buffers: every write fills its buffer anew (fio's TD_F_REFILL_BUFFERS)
 * @param scrambleBuffers   fio's TD_F_SCRAMBLE_BUFFERS: scramble_buffers, unless zero_buffers was set
 *                          and scramble_buffers was not
 * @param compressGiven     buffer_compress_percentage or dedupe_percentage was given at all (fio's
 *                          TD_F_COMPRESS, which turns scrambling off even at 0)
 * @param compressPercentage buffer_compress_percentage (0..99 here)
 * @param compressChunk     buffer_compress_chunk: size of each random+compressible segment
 * @param pattern           buffer_pattern, or null
 * @param dedupePercentage  dedupe_percentage
 * @param dedupeMode        dedupe_mode
 * @param dedupeWorkingSetPercentage dedupe_working_set_percentage
 * @param dedupeGlobal      dedupe_global
 */
public record BufferOptions(boolean zeroBuffers, boolean refillBuffers, boolean scrambleBuffers,
                            boolean compressGiven, int compressPercentage, long compressChunk, Pattern pattern,
                            int dedupePercentage, DedupeMode dedupeMode, int dedupeWorkingSetPercentage,
                            boolean dedupeGlobal) {

    /** fio's dedupe_mode. */
    public enum DedupeMode {
        /** A deduplicated buffer repeats the last unique one. */
        REPEAT,
        /** A deduplicated buffer repeats one of a working set of unique pages drawn up front. */
        WORKING_SET
    }

    public static BufferOptions from(JobSpec spec) {
        boolean zero = flag(spec, "zero_buffers", false);
        boolean scramble = flag(spec, "scramble_buffers", true);
        // fio's td flags (init.c): an explicit scramble_buffers always counts; the default one
        // only when zero_buffers was not explicitly asked for
        boolean scrambleFlag = scramble && (spec.isSet("scramble_buffers") || !(zero && spec.isSet("zero_buffers")));
        int compress = (int) number(spec, "buffer_compress_percentage", 0);
        if (compress == 100) {
            // a parsed job has this fix-up already; specs built by hand may not
            zero = true;
            compress = 0;
        }
        String text = spec.has("buffer_pattern") ? spec.getString("buffer_pattern") : null;
        Pattern pattern = text == null || text.isEmpty() ? null : Pattern.parse(text);
        String mode = spec.has("dedupe_mode") ? spec.getString("dedupe_mode") : null;
        return new BufferOptions(zero, flag(spec, "refill_buffers", false), scrambleFlag,
                spec.isSet("buffer_compress_percentage") || spec.isSet("dedupe_percentage"), compress,
                number(spec, "buffer_compress_chunk", 512), pattern, (int) number(spec, "dedupe_percentage", 0),
                "working_set".equals(mode) ? DedupeMode.WORKING_SET : DedupeMode.REPEAT,
                (int) number(spec, "dedupe_working_set_percentage", 5), flag(spec, "dedupe_global", false));
    }

    /** True when writes carry generated content beyond one fill per buffer (compression or dedupe). */
    public boolean segmented() {
        return compressPercentage != 0 || dedupePercentage != 0;
    }

    private static long number(JobSpec spec, String name, long def) {
        return spec.has(name) && spec.value(name) != null ? spec.getLong(name) : def;
    }

    private static boolean flag(JobSpec spec, String name, boolean def) {
        return number(spec, name, def ? 1 : 0) != 0;
    }
}
