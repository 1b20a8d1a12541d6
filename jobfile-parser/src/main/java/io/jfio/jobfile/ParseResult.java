package io.jfio.jobfile;

import java.util.List;

/**
 * The outcome of parsing: jobs in run order (numjobs clones expanded, groups set), the warnings,
 * and what fio prints on stdout while parsing (the --showcmd lines, deprecation notices).
 */
public record ParseResult(List<JobSpec> jobs, List<ParseWarning> warnings, String stdout) {
}
