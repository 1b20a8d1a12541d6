package io.jfio.jobfile;

import java.util.List;

/**
 * The outcome of parsing: jobs in run order (numjobs clones expanded, groups set), the warnings,
 * and what fio --showcmd would print for the job files.
 */
public record ParseResult(List<JobSpec> jobs, List<ParseWarning> warnings, String showcmd) {
}
