package io.jfio.dist;

import org.junit.jupiter.api.Test;

/**
 * The NVMe lab stage (.ci/lab-stage.sh) as part of {@code mvn verify}: it needs the packaged
 * jfio.jar, so it runs in the integration-test phase (failsafe), after the jar is built. The
 * script boots one emulated-NVMe guest and checks io_uring_cmd, hipri and jfio-peak there; where
 * the lab cannot start (no ../shared, not root, no qemu) it says why and this test is skipped.
 */
class NvmeLabStageIT {

    @Test
    void labStagePasses() throws Exception {
        LabScript.runAndCheck(".ci/lab-stage.sh", "lab-stage");
    }
}
