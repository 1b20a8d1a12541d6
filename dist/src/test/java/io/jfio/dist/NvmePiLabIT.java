package io.jfio.dist;

import org.junit.jupiter.api.Test;

/**
 * io_uring_cmd's end-to-end protection information (pi_act, pi_chk, apptag, md_per_io_size,
 * extended LBA formats, 16- and 64-bit guards) and multi-range trims (num_range) against fio 3.42
 * on the lab guest's emulated NVMe namespaces formatted with PI: .ci/nvme-pi-lab.sh compares
 * errors, counts, error lines and exit statuses, and each tool reads back the other's PI with
 * the checks on. Skipped, with the script's reason, where the lab or fio 3.42 is missing
 * (-Djfio.skipLab=true skips it too).
 */
class NvmePiLabIT {

    @Test
    void matchesFio342InTheGuest() throws Exception {
        LabScript.runAndCheck(".ci/nvme-pi-lab.sh", "nvme-pi-lab");
    }
}
