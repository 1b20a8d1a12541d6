package io.jfio.dist;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The lab checks that share one QEMU guest (.ci/lab-guest.sh; under TCG a boot and each JVM start
 * there cost seconds to minutes on the loaded CI machine): the guest boots once, for the whole
 * class, and each test passes or fails on its own check's verdict line. The checks (.ci/labs/):
 * <ul>
 * <li>lab-stage: io_uring_cmd round trips with io_uring on /dev/nvme0n1, fixedbufs, registerfiles,
 * hipri (proven on the poll hctx), sqthread_poll, NVMe status naming, jfio-peak's lines, a
 * 4096-byte-LBA namespace; jfio's own checks, no fio needed;</li>
 * <li>uring-cmd: per-I/O priorities (cmdprio_percentage, cmdprio_bssplit: the 6.1 guest refuses
 * an ioprio on passthrough commands, EINVAL in both tools), write modes (zeroes, uncor, verify,
 * deac), readfua/writefua and verify_mode=compare against fio 3.42: errors, counts, error lines,
 * exit statuses and zeroes read back across the tools;</li>
 * <li>nvme-pi: end-to-end protection information (pi_act, pi_chk, apptag, md_per_io_size,
 * extended LBAs, 16- and 64-bit guards) and num_range trims against fio 3.42;</li>
 * <li>sg: the sg engine on a virtio-scsi disk's /dev/sg0 and /dev/sda against fio 3.42;</li>
 * <li>mtd: the mtd engine on mtdram's /dev/mtd0 against fio 3.42.</li>
 * </ul>
 * Each is skipped with the script's reason where the lab, fio 3.42 (all but lab-stage), or the
 * guest's modules (sg, mtd) are missing; -Djfio.skipLab=true skips them all.
 */
class LabGuestIT {
    private static LabScript.Run run;

    @BeforeAll
    static void bootOnce() throws Exception {
        run = LabScript.run(".ci/lab-guest.sh", "lab-guest", 90);
    }

    @Test
    void labStage() {
        assertCheckPassed("lab-stage");
    }

    @Test
    void uringCmdMatchesFio342() {
        assertCheckPassed("uring-cmd");
    }

    @Test
    void protectionInformationMatchesFio342() {
        assertCheckPassed("nvme-pi");
    }

    @Test
    void sgEngineMatchesFio342OnSg0() {
        assertCheckPassed("sg");
    }

    @Test
    void mtdEngineMatchesFio342() {
        assertCheckPassed("mtd");
    }

    private static void assertCheckPassed(String name) {
        Assumptions.assumeTrue(run.skipReason() == null, run::skipReason);
        String verdictPrefix = "lab-guest: " + name + " ";
        String verdict = run.lines().stream().filter(l -> l.startsWith(verdictPrefix))
                .reduce((a, b) -> b).orElse(null);
        assertNotNull(verdict, "no verdict line for " + name + " (lab-guest.sh exited " + run.exit() + ")");
        Assumptions.assumeFalse(verdict.startsWith(verdictPrefix + "skipped:"), verdict);
        List<String> failures = run.lines().stream()
                .filter(l -> l.startsWith(name + " | FAIL"))
                .collect(Collectors.toList());
        assertEquals(verdictPrefix + "passed", verdict, name + "'s failed checks (its whole output is above):\n"
                + String.join("\n", failures));
    }
}
