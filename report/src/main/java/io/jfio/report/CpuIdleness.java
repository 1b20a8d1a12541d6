package io.jfio.report;

/**
 * fio's --idle-prof result (fio's idletime.c, show_idle_prof_stats): how idle the CPUs were during
 * the run in percent, and the calibrated time of one unit of work (its mean over the CPUs and the
 * standard deviation).
 *
 * @param percpu     true for --idle-prof=percpu (the per-CPU figures are printed too)
 * @param system     mean idleness of all CPUs, percent
 * @param cpus       idleness per CPU, percent, index = CPU number
 * @param unitMean   microseconds one unit of work took when idle, mean of the CPUs
 * @param unitStddev its sample standard deviation over the CPUs
 */
public record CpuIdleness(boolean percpu, double system, double[] cpus, double unitMean, double unitStddev) {

    /** The normal report's section, blank line first, as fio prints it after the disk stats. */
    public String normal() {
        StringBuilder b = new StringBuilder("\nCPU idleness:\n");
        b.append("  system: ").append(CFormat.fixed(system, 3, 2)).append("%\n");
        if (percpu) {
            b.append("  percpu: ");
            for (int i = 0; i < cpus.length; i++) {
                b.append(i == 0 ? "" : ", ").append(CFormat.fixed(cpus[i], 3, 2)).append('%');
            }
            b.append('\n');
        }
        return b.append(unitWork(unitMean, unitStddev)).toString();
    }

    /** What --idle-prof=calibrate prints: the heading and the unit work line only. */
    public static String calibration(double unitMean, double unitStddev) {
        return "CPU idleness:\n" + unitWork(unitMean, unitStddev);
    }

    private static String unitWork(double mean, double stddev) {
        return "  unit work: mean=" + CFormat.fixed(mean, 3, 2) + "us, stddev=" + CFormat.fixed(stddev, 3, 2) + "\n";
    }
}
