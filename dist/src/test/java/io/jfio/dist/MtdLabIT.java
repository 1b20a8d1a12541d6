package io.jfio.dist;

import org.junit.jupiter.api.Test;

/**
 * The mtd engine against fio 3.42 in a lab guest: .ci/mtd-lab.sh boots one guest with
 * mtd and mtdram (a RAM-backed /dev/mtd0; the host has no MTD subsystem) and
 * compares jfio's and fio's counts, error lines and read-backs. Skipped,
 * with the script's reason, where the lab, fio 3.42 or the guest's modules are missing
 * (-Djfio.skipLab=true skips it too).
 */
class MtdLabIT {

    @Test
    void matchesFio342InTheGuest() throws Exception {
        LabScript.runAndCheck(".ci/mtd-lab.sh", "mtd-lab");
    }
}
