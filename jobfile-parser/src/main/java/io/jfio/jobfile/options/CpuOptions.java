package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

import java.util.BitSet;

/**
 * CPU affinity (fio's cpumask, cpus_allowed, cpus_allowed_policy). cpus_allowed's list is read
 * here once: comma separated CPUs and low-high ranges.
 *
 * @param cpusAllowed the CPUs of cpus_allowed, or null when not given
 * @param cpumask     cpumask's bits (CPUs 0-63), used when cpus_allowed is not given
 * @param split       cpus_allowed_policy=split: each clone takes one CPU of the set
 */
public record CpuOptions(BitSet cpusAllowed, long cpumask, boolean split) {

    public static CpuOptions from(JobSpec spec) {
        String list = spec.getString("cpus_allowed");
        return new CpuOptions(list == null || list.isBlank() ? null : parseList(list), spec.getLong("cpumask"),
                "split".equals(spec.getString("cpus_allowed_policy")));
    }

    /** A cpus_allowed list: "0,2-3". */
    static BitSet parseList(String list) {
        BitSet cpus = new BitSet();
        for (String part : list.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            try {
                int lo = Integer.parseInt(dash < 0 ? p : p.substring(0, dash).trim());
                int hi = dash < 0 ? lo : Integer.parseInt(p.substring(dash + 1).trim());
                if (lo < 0 || hi < lo) {
                    throw new IllegalArgumentException("fio: invalid CPU range " + p);
                }
                cpus.set(lo, hi + 1);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("fio: invalid CPU list " + list, e);
            }
        }
        return cpus;
    }
}
