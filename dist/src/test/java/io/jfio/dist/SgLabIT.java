package io.jfio.dist;

import org.junit.jupiter.api.Test;

/**
 * The sg engine against fio 3.42 on a real SCSI generic device: .ci/sg-lab.sh boots one lab guest
 * with a virtio-scsi disk (/dev/sg0) and compares jfio's and fio's counts, error lines and
 * read-backs there. Skipped, with the script's reason, where the lab, fio 3.42 or the guest's
 * SCSI modules are missing (-Djfio.skipLab=true skips it too).
 */
class SgLabIT {

    @Test
    void sgEngineMatchesFioOnSg0() throws Exception {
        LabScript.runAndCheck(".ci/sg-lab.sh", "sg-lab");
    }
}
