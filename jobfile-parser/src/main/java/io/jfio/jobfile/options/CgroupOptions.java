package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * The job's cgroup (fio's cgroup.c): the group it runs in, its blkio weight, and whether the
 * group jfio made is left behind.
 *
 * @param cgroup   cgroup: the group's name under the blkio (or cgroup2) mount, or null for none
 * @param weight   cgroup_weight: blkio.weight written into the group (0: none)
 * @param nodelete cgroup_nodelete: the group the run made is not removed at its end
 */
public record CgroupOptions(String cgroup, int weight, boolean nodelete) {
    public static CgroupOptions from(JobSpec spec) {
        return new CgroupOptions(spec.getString("cgroup"), spec.getInt("cgroup_weight"),
                spec.getBool("cgroup_nodelete"));
    }
}
