package io.jfio.runner;

import io.jfio.jobfile.JobSpec;
import io.jfio.runner.stats.IdleProfiler;

import java.util.List;
import java.util.Set;

/**
 * Everything the command line decided for one run: the parsed jobs and fio's output settings.
 *
 * @param jobs               jobs in run order, clones expanded, group ids set
 * @param outputFormats      any of "normal", "terse", "json", "json+" (fio's --output-format list)
 * @param terseVersion       2..5 (fio's --terse-version, default 3)
 * @param outputFile         --output target, or null for stdout
 * @param eta                "auto", "always" or "never"
 * @param etaNewlineMillis   --eta-newline period, 0 when unset
 * @param statusIntervalMillis --status-interval period, 0 when unset
 * @param readOnly           --readonly: refuse any write or trim
 * @param globalOptions      the [global] options as given (canonical name, value or null), for JSON's
 *                           "global options"; empty when unknown
 * @param intervalOutput     --interval-output NDJSON file (per-interval deltas at each status interval),
 *                           or null
 * @param trigger            --trigger-file/--trigger-timeout/--trigger, or {@link Trigger#NONE}
 * @param idleProf           --idle-prof=system or percpu, or null
 */
public record RunRequest(List<JobSpec> jobs, Set<String> outputFormats, int terseVersion, String outputFile,
                         String eta, long etaNewlineMillis, long statusIntervalMillis, boolean readOnly,
                         List<java.util.Map.Entry<String, String>> globalOptions, String intervalOutput,
                         Trigger trigger, IdleProfiler.Mode idleProf) {

    /** Without --idle-prof. */
    public RunRequest(List<JobSpec> jobs, Set<String> outputFormats, int terseVersion, String outputFile,
                      String eta, long etaNewlineMillis, long statusIntervalMillis, boolean readOnly,
                      List<java.util.Map.Entry<String, String>> globalOptions, String intervalOutput,
                      Trigger trigger) {
        this(jobs, outputFormats, terseVersion, outputFile, eta, etaNewlineMillis, statusIntervalMillis, readOnly,
                globalOptions, intervalOutput, trigger, null);
    }

    /** Without a trigger. */
    public RunRequest(List<JobSpec> jobs, Set<String> outputFormats, int terseVersion, String outputFile,
                      String eta, long etaNewlineMillis, long statusIntervalMillis, boolean readOnly,
                      List<java.util.Map.Entry<String, String>> globalOptions, String intervalOutput) {
        this(jobs, outputFormats, terseVersion, outputFile, eta, etaNewlineMillis, statusIntervalMillis, readOnly,
                globalOptions, intervalOutput, Trigger.NONE);
    }

    /** Without --interval-output. */
    public RunRequest(List<JobSpec> jobs, Set<String> outputFormats, int terseVersion, String outputFile,
                      String eta, long etaNewlineMillis, long statusIntervalMillis, boolean readOnly,
                      List<java.util.Map.Entry<String, String>> globalOptions) {
        this(jobs, outputFormats, terseVersion, outputFile, eta, etaNewlineMillis, statusIntervalMillis, readOnly,
                globalOptions, null);
    }

    /** Without global options (the original contract; JSON then has no "global options"). */
    public RunRequest(List<JobSpec> jobs, Set<String> outputFormats, int terseVersion, String outputFile,
                      String eta, long etaNewlineMillis, long statusIntervalMillis, boolean readOnly) {
        this(jobs, outputFormats, terseVersion, outputFile, eta, etaNewlineMillis, statusIntervalMillis, readOnly,
                List.of());
    }
}
