package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.Pattern;

import java.util.BitSet;

/**
 * The verify options of one job, read once (fio's thread_options verify fields). Values are the
 * effective ones after the parser's fix-ups (verify_interval already defaulted and clamped as fio's
 * init.c does). The runner reads only these fields.
 */
public final class VerifyOptions {
    /** The verify= word as given ("0" when off): md5, crc32c, meta, pattern, null... */
    public final String verify;
    public final boolean doVerify;
    public final boolean verifyOnly;
    /** Bytes each header covers (0 = the whole block). */
    public final long interval;
    public final long offset;
    public final boolean fatal;
    public final boolean dump;
    public final long backlog;
    public final long backlogBatch;
    /** verify_async: the number of verify threads that check the completed reads. */
    public final long async;
    /** verify_async_cpus: the CPUs the verify threads are pinned to, or null when not given. */
    public final BitSet asyncCpus;
    public final boolean stateSave;
    public final boolean stateSaveSet;
    public final boolean stateLoad;
    public final boolean writeSequence;
    public final boolean writeSequenceSet;
    public final boolean headerSeed;
    public final boolean headerSeedSet;
    public final boolean experimental;
    /** verify_pattern, parsed (null when unset). */
    public final Pattern pattern;
    public final long patternInterval;
    public final long trimPercentage;
    public final long trimBacklog;
    /** trim_backlog_batch: trims per batch (0 = trim_backlog's value, as fio's check_get_trim). */
    public final long trimBacklogBatch;
    public final boolean trimVerifyZero;

    private VerifyOptions(JobSpec s) {
        String v = str(s, "verify", "0");
        String p = s.isSet("verify_pattern") ? str(s, "verify_pattern", null) : null;
        pattern = p == null ? null : Pattern.parseWithOffsets(p);
        // fio's str_verify_pattern_cb: a pattern without verify= verifies the pattern with headers
        verify = pattern != null && !s.isSet("verify") ? "pattern_hdr" : v == null || v.isEmpty() ? "0" : v;
        doVerify = num(s, "do_verify", 1) != 0;
        verifyOnly = num(s, "verify_only", 0) != 0;
        interval = num(s, "verify_interval", 0);
        offset = num(s, "verify_offset", 0);
        fatal = num(s, "verify_fatal", 0) != 0;
        dump = num(s, "verify_dump", 0) != 0;
        backlog = num(s, "verify_backlog", 0);
        backlogBatch = num(s, "verify_backlog_batch", 0);
        async = num(s, "verify_async", 0);
        String cpus = s.isSet("verify_async_cpus") ? str(s, "verify_async_cpus", null) : null;
        asyncCpus = cpus == null || cpus.isBlank() ? null : CpuOptions.parseList(cpus);
        stateSave = num(s, "verify_state_save", 1) != 0;
        stateSaveSet = s.isSet("verify_state_save");
        stateLoad = num(s, "verify_state_load", 0) != 0;
        writeSequence = num(s, "verify_write_sequence", 1) != 0;
        writeSequenceSet = s.isSet("verify_write_sequence");
        headerSeed = num(s, "verify_header_seed", 1) != 0;
        headerSeedSet = s.isSet("verify_header_seed");
        boolean replay = num(s, "experimental_verify", 0) != 0;
        if (replay && num(s, "loops", 1) > 1 && num(s, "time_based", 0) != 0) {
            // fio replays after each loop of its thread_main; a time_based job's loops never end
            // by amount, and jfio does not reproduce what fio's iterations then do: it warns and
            // verifies from the write log, as without the option
            s.notHonoured("experimental_verify");
            replay = false;
        }
        experimental = replay;
        patternInterval = num(s, "verify_pattern_interval", 0);
        trimPercentage = num(s, "trim_percentage", 0);
        trimBacklog = num(s, "trim_backlog", 0);
        trimBacklogBatch = num(s, "trim_backlog_batch", 0);
        trimVerifyZero = num(s, "trim_verify_zero", 1) != 0;
    }

    public static VerifyOptions from(JobSpec spec) {
        return new VerifyOptions(spec);
    }

    /** verify= names a type other than off. */
    public boolean enabled() {
        return !"0".equals(verify);
    }

    private static String str(JobSpec s, String name, String def) {
        Object v = s.has(name) ? s.value(name) : null;
        return v == null ? def : v.toString();
    }

    private static long num(JobSpec s, String name, long def) {
        Object v = s.has(name) ? s.value(name) : null;
        if (v == null) {
            return def;
        }
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Integer i) {
            return i;
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (v instanceof long[] a) {
            return a.length == 0 ? def : a[0];
        }
        String t = v.toString().trim();
        if (t.isEmpty()) {
            return 1; // a flag given without a value (verify_only)
        }
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            return def;
        }
    }
}
