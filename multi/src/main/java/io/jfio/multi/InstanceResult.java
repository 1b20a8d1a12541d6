package io.jfio.multi;

import io.jfio.report.RunResult;

/**
 * What one instance of one run produced.
 *
 * @param instance     the instance
 * @param run          1-based repeat number
 * @param exitStatus   fio's exit status of the instance (0: every job succeeded)
 * @param result       the typed report, null when the run ended before reporting (e.g. a parse error)
 * @param normalOutput what fio would have printed with --output-format=normal (preamble and report)
 * @param firstIoMs    first observed I/O completion, ms after the start barrier opened (-1: none)
 * @param lastIoMs     last observed I/O completion, ms after the start barrier opened (-1: none)
 */
public record InstanceResult(Instance instance, int run, int exitStatus, RunResult result, String normalOutput,
                             double firstIoMs, double lastIoMs) {
    /** True when both instances were doing I/O at a common moment. */
    public boolean overlaps(InstanceResult o) {
        return firstIoMs >= 0 && o.firstIoMs >= 0 && firstIoMs <= o.lastIoMs && o.firstIoMs <= lastIoMs;
    }
}
