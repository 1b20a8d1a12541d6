package io.jfio.dist;

import org.junit.jupiter.api.Test;

/**
 * io_uring_cmd's per-I/O priorities (cmdprio_percentage, cmdprio_bssplit) and NVMe write modes
 * (write_mode=zeroes/uncor/verify, deac, readfua, writefua) against fio 3.42 on the lab guest's
 * emulated NVMe namespace: .ci/uring-cmd-lab.sh compares errors (the 6.1 guest refuses an ioprio on
 * passthrough commands: both tools' cmdprio jobs end with EINVAL), counts, error lines and zeroes
 * read back across the tools, and verify_mode=compare (NVMe Compare in the verify phase: passes on
 * intact data, err=645 Compare Failure with fio's lines and exit status on changed data). Skipped, with the script's reason, where the
 * lab or fio 3.42 is missing (-Djfio.skipLab=true skips it too).
 */
class UringCmdLabIT {

    @Test
    void matchesFio342InTheGuest() throws Exception {
        LabScript.runAndCheck(".ci/uring-cmd-lab.sh", "uring-cmd-lab");
    }
}
