package io.jfio.dist;

import org.junit.jupiter.api.Test;

/**
 * net protocol=vsock against fio 3.42 in a lab guest: .ci/vsock-lab.sh boots one guest with
 * vsock, its virtio transport core and vsock_loopback (the host kernel has no vsock
 * loopback), runs listen/connect pairs both ways between the tools and compares their counts. Skipped,
 * with the script's reason, where the lab, fio 3.42 or the guest's modules are missing
 * (-Djfio.skipLab=true skips it too).
 */
class VsockLabIT {

    @Test
    void matchesFio342InTheGuest() throws Exception {
        LabScript.runAndCheck(".ci/vsock-lab.sh", "vsock-lab");
    }
}
