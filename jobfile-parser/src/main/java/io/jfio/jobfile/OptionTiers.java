package io.jfio.jobfile;

import java.util.Set;

/** Which options jfio implements (Tier 1), will implement (Tier 2) or only parses (Tier 3), spec section 13. */
public final class OptionTiers {
    private static final Set<String> TIER_1_2 = Set.of(
            "name", "description", "filename", "directory", "filename_format", "nrfiles", "openfiles",
            "file_service_type", "rw", "rw_sequencer", "ioengine", "iodepth", "iodepth_batch",
            "iodepth_batch_complete_min", "iodepth_batch_complete_max", "iodepth_low", "size", "io_size", "filesize",
            "offset", "offset_increment", "number_ios", "bs", "bsrange", "bssplit", "ba", "rwmixread", "rwmixwrite",
            "percentage_random", "randrepeat", "randseed", "norandommap", "random_generator", "random_distribution",
            "direct", "buffered", "sync", "fsync", "fdatasync", "end_fsync", "fsync_on_close", "create_on_open",
            "fallocate", "overwrite", "invalidate", "unlink", "allow_file_create", "allow_mounted_write", "loops",
            "numjobs", "startdelay", "runtime", "time_based", "ramp_time", "thread", "stonewall", "new_group",
            "wait_for", "group_reporting", "exitall", "rate", "rate_iops", "rate_min", "rate_iops_min",
            "rate_process", "thinktime", "thinktime_spin", "thinktime_blocks", "zero_buffers", "refill_buffers",
            "scramble_buffers", "buffer_pattern", "buffer_compress_percentage", "buffer_compress_chunk", "kb_base",
            "gtod_reduce", "percentile_list", "clat_percentiles", "lat_percentiles", "cpus_allowed",
            "cpus_allowed_policy", "cpumask",
            // Tier 2
            "verify", "do_verify", "verify_backlog", "verify_backlog_batch", "verify_interval", "verify_offset",
            "verify_pattern", "verify_fatal", "verify_dump", "verify_only", "verify_async", "verify_state_save",
            "verify_state_load", "trim_percentage", "trim_verify_zero", "trim_backlog", "write_bw_log",
            "write_lat_log", "write_iops_log", "write_hist_log", "log_avg_msec", "log_hist_msec", "log_offset",
            "log_prio", "per_job_logs", "log_compression", "log_store_compressed", "bwavgtime", "iopsavgtime",
            "slat_percentiles", "disable_lat", "disable_clat", "disable_slat", "disable_bw_measurement",
            "significant_figures", "unit_base", "unified_rw_reporting", "stats", "latency_target", "latency_window",
            "latency_percentile", "latency_run", "max_latency", "rate_cycle", "rate_ignore_thinktime",
            "thinktime_blocks_type", "thinktime_iotime", "bs_unaligned", "bs_is_seq_rand", "fill_device",
            "file_append", "offset_align", "create_only", "create_serialize", "create_fsync", "pre_read",
            "unlink_each_loop", "lockfile", "opendir", "unique_filename", "serialize_overlap", "io_submit_mode",
            "dedupe_percentage", "dedupe_mode", "dedupe_working_set_percentage", "dedupe_global",
            "continue_on_error", "ignore_error", "error_dump", "exit_what", "exitall_on_error", "write_barrier",
            "sync_file_range", "fadvise_hint", "mem", "iomem_align", "softrandommap", "write_iolog", "read_iolog",
            "replay_no_stall", "replay_redirect", "replay_align", "replay_scale", "steadystate",
            "steadystate_duration", "steadystate_ramp_time", "zonemode", "zonesize", "zonerange", "zoneskip",
            "zonecapacity",
            // the log options read by LogOptions / IoLogOptions
            "log_hist_coarseness", "log_window_value", "log_issue_time", "log_alternate_epoch",
            "log_alternate_epoch_clock_id", "log_entries", "read_iolog_chunked", "replay_time_scale", "replay_skip");

    private OptionTiers() {
    }

    /** Tier 3: fio accepts it, jfio parses and validates it, then ignores it with a warning. */
    public static boolean ignored(String canonicalName) {
        return !TIER_1_2.contains(canonicalName);
    }
}
