package io.jfio.jobfile;

import java.util.List;
import java.util.Map;

/**
 * The outcome of parsing: jobs in run order (numjobs clones expanded, groups set), the warnings,
 * what fio prints on stdout while parsing (the --showcmd lines, deprecation notices), and the
 * global options as fio's JSON prints them ("global options": every option given to the global
 * defaults, in order of first appearance with its last value; null value when given bare).
 */
public record ParseResult(List<JobSpec> jobs, List<ParseWarning> warnings, String stdout,
                          List<Map.Entry<String, String>> globalOptions) {

    public ParseResult(List<JobSpec> jobs, List<ParseWarning> warnings, String stdout) {
        this(jobs, warnings, stdout, List.of());
    }
}
