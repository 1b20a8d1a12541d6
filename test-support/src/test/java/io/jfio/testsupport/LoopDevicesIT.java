package io.jfio.testsupport;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The extension attaches a device for the test that asks and detaches it when that test ends. */
@ExtendWith(LoopDevices.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LoopDevicesIT {
    private static Path backing;
    private static String device;

    @Test
    @Order(1)
    void aParameterGetsAnAttachedDevice(@Loop(mib = 4) LoopDevice dev) throws Exception {
        backing = dev.backingFile();
        device = dev.device();
        assertTrue(Files.exists(backing));
        assertEquals(4L << 20, Files.size(backing));
        assertTrue(LoopDevice.exec(java.util.List.of("losetup", "-a")).contains(backing.toString()));
    }

    @Test
    @Order(2)
    void itIsDetachedWhenThatTestEnds() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(backing != null, "skipped: the first test did not run");
        assertFalse(Files.exists(backing), "backing file removed");
        assertFalse(LoopDevice.exec(java.util.List.of("losetup", "-a")).contains(backing.toString()),
                device + " still attached");
    }
}
