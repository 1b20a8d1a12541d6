package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * fio 3.42's SanDisk pseudo-random preconditioning (sprandom and its children): a random write
 * job that writes the device's logical size plus over-provisioning, region by region, and rewrites
 * a share of each region's blocks in the next one, so the flash ends in the validity distribution
 * of a drive in steady state.
 *
 * @param enabled          sprandom
 * @param numRegions       spr_num_regions: regions the physical size is cut into
 * @param overProvisioning spr_op: the device's over-provisioning ratio (0.15 = 15 %)
 * @param cacheSize        spr_cs: the device's write cache in bytes (0: none); with a cache the
 *                         rewrites of a region wait until the next region is written
 */
public record SpRandomOptions(boolean enabled, int numRegions, double overProvisioning, long cacheSize) {

    public static SpRandomOptions from(JobSpec spec) {
        double[] op = spec.getDoubles("spr_op");
        return new SpRandomOptions(spec.getBool("sprandom"), spec.getInt("spr_num_regions"),
                op.length == 0 ? 0.15 : op[0], spec.getLong("spr_cs"));
    }
}
