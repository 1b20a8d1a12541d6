package io.jfio.runner;

import io.jfio.jobfile.JobSpec;

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
 */
public record RunRequest(List<JobSpec> jobs, Set<String> outputFormats, int terseVersion, String outputFile,
                         String eta, long etaNewlineMillis, long statusIntervalMillis, boolean readOnly) {
}
