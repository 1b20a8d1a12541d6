package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * fio's I/O log options: write_iolog (the "fio version 3 iolog" trace of every issued I/O) and
 * read_iolog replay with its replay_* modifiers, read once from a job.
 *
 * @param writeIolog   write_iolog target, or null
 * @param readIolog    the read_iolog file of this job (fio picks the clone's entry of a ':' list)
 * @param chunked      read_iolog_chunked: read the log as it is replayed
 * @param noStall      replay_no_stall: ignore the logged timing
 * @param redirect     replay_redirect: every logged file maps to this one, or null
 * @param align        replay_align: offsets rounded down to this power of 2 (0: none)
 * @param scale        replay_scale: offsets divided by this (1: none)
 * @param timeScale    replay_time_scale: percent of the logged delays (100: as logged)
 * @param skipMask     replay_skip as fio's bit set: 1 read, 2 write, 4 trim, 8 sync
 * @param warnings     what jfio refuses or does differently, each with file:line
 * @param readIologs   every name of read_iolog's ':' list (merge_blktrace_file merges them)
 * @param mergeFile    merge_blktrace_file, or null
 * @param mergeScalars merge_blktrace_scalars up to the first 0 (fio's list end), empty when not given
 * @param mergeIters   merge_blktrace_iters likewise
 */
public record IoLogOptions(String writeIolog, String readIolog, boolean chunked, boolean noStall, String redirect,
                           long align, long scale, int timeScale, int skipMask, List<String> warnings,
                           List<String> readIologs, String mergeFile, List<Double> mergeScalars,
                           List<Double> mergeIters) {

    public static IoLogOptions from(JobSpec spec) {
        List<String> warnings = new ArrayList<>();
        String write = LogOptions.stringOf(spec, "write_iolog", null);
        String read = LogOptions.stringOf(spec, "read_iolog", null);
        List<String> all = read == null ? List.of() : List.of(read.split(":"));
        if (read != null && read.contains(":")) {
            read = all.get(spec.cloneIndex() % all.size());
        }
        String merge = LogOptions.stringOf(spec, "merge_blktrace_file", null);
        boolean chunked = LogOptions.boolOf(spec, "read_iolog_chunked", false);
        boolean noStall = LogOptions.boolOf(spec, "replay_no_stall", false);
        String redirect = LogOptions.stringOf(spec, "replay_redirect", null);
        long align = LogOptions.longOf(spec, "replay_align", 0);
        long scale = LogOptions.longOf(spec, "replay_scale", 1);
        int timeScale = (int) LogOptions.longOf(spec, "replay_time_scale", 100);
        int skip = 0;
        String s = LogOptions.stringOf(spec, "replay_skip", null);
        if (s != null) {
            for (String w : s.trim().split(",")) {
                switch (w) {
                    case "read" -> skip |= 1;
                    case "write" -> skip |= 2;
                    case "trim" -> skip |= 4;
                    case "sync" -> skip |= 8;
                    default -> warnings.add(spec.location("replay_skip") + ": Unknown skip type: " + w);
                }
            }
        }
        return new IoLogOptions(write, read, chunked, noStall, redirect == null || redirect.isEmpty() ? null : redirect,
                align, scale <= 0 ? 1 : scale, timeScale <= 0 ? 100 : timeScale, skip, List.copyOf(warnings),
                all, merge == null || merge.isEmpty() ? null : merge, listOf(spec, "merge_blktrace_scalars"),
                listOf(spec, "merge_blktrace_iters"));
    }

    /** A float list as fio's merge reads it: its values up to the first 0. */
    private static List<Double> listOf(JobSpec spec, String option) {
        List<Double> out = new ArrayList<>();
        if (spec.has(option) && spec.value(option) != null) {
            for (double v : spec.getDoubles(option)) {
                if (v == 0.0) {
                    break;
                }
                out.add(v);
            }
        }
        return List.copyOf(out);
    }
}
