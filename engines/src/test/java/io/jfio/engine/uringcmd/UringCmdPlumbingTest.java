package io.jfio.engine.uringcmd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.nativeio.RawMemory;
import io.jfio.engine.uring.Uring;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The SQE128/CQE32 path of the engine against /dev/null, whose uring_cmd handler completes any
 * command with 0 but rejects bad uring_cmd_flags or a non-zero __pad1 with -EINVAL:
 * so every completion with 0 proves the SQE layout the kernel checks. NVMe semantics are the lab's.
 */
class UringCmdPlumbingTest {

    private record Ctx(Map<String, String> engineOptions, List<IoUnit> ioUnits, List<IoFile> files, int iodepth)
        implements EngineContext {
        public String jobName() {
            return "t";
        }

        public boolean direct() {
            return false;
        }

        public int extraOpenFlags() {
            return 0;
        }

        public boolean readOnly() {
            return false;
        }

        public long bufferRegionAddress() {
            return ioUnits.get(0).bufferAddress;
        }

        public long bufferRegionLength() {
            return (long) ioUnits.size() * ioUnits.get(0).bufferCapacity;
        }

        public int[] blockSizes() {
            return new int[] {4096};
        }
    }

    private static void assumeUring() {
        Assumptions.assumeTrue(java.nio.file.Files.exists(java.nio.file.Path.of("/dev/null")), "no /dev/null");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "fixedbufs", "registerfiles", "fixedbufs+registerfiles", "vectored", "sqthread_poll"})
    void commandsCompleteOnDevNull(String variant) throws Exception {
        assumeUring();
        ByteBuffer mem = RawMemory.allocate(8 * 4096, 4096);
        long base = RawMemory.address(mem);
        List<IoUnit> units = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            units.add(new IoUnit(i, base + 4096L * i, 4096));
        }
        IoFile f = new IoFile("/dev/null", 0);
        Map<String, String> o = new java.util.HashMap<>();
        for (String v : variant.split("\\+")) {
            switch (v) {
                case "fixedbufs" -> o.put("fixedbufs", "1");
                case "registerfiles" -> o.put("registerfiles", "1");
                case "vectored" -> o.put("nonvectored", "0");
                case "sqthread_poll" -> o.put("sqthread_poll", "1");
                default -> { }
            }
        }
        UringCmdEngine e = new UringCmdEngine();
        try {
            e.init(new Ctx(o, units, List.of(f), 8));
        } catch (EngineException ex) {
            Assumptions.assumeTrue(false, "io_uring unavailable: " + ex.getMessage());
        }
        try {
            assertTrue(e.ring().hasFlag(Uring.SETUP_SQE128) && e.ring().hasFlag(Uring.SETUP_CQE32));
            assertEquals(128, e.ring().sqeSize());
            assertEquals(32, e.ring().cqeSize());
            e.openWithoutIdentify(f, new NvmeNamespace(1, 512, 0, false, 1 << 20));
            int done = 0;
            for (int round = 0; round < 4; round++) {
                for (IoUnit u : units) {
                    u.file = f;
                    u.ddir = switch (u.index % 4) {
                        case 0 -> IoDirection.WRITE;
                        case 1 -> IoDirection.TRIM;
                        case 2 -> IoDirection.SYNC;
                        default -> IoDirection.READ;
                    };
                    u.offset = 4096L * (u.index + 8L * round);
                    u.length = u.index == 5 ? 2048 : 4096; // one short I/O: goes unregistered with fixedbufs
                    u.result = Long.MIN_VALUE;
                    assertEquals(QueueStatus.QUEUED, e.queue(u));
                }
                e.commit();
                int got = 0;
                while (got < units.size()) {
                    int n = e.getEvents(1, units.size(), 5_000_000_000L);
                    assertTrue(n > 0, "no completion within 5 s");
                    for (int i = 0; i < n; i++) {
                        IoUnit u = e.event(i);
                        long want = u.ddir == IoDirection.SYNC ? 0 : u.length;
                        assertEquals(want, u.result, variant + ": unit " + u.index + " " + u.ddir);
                        assertNull(e.errorDetails(u));
                    }
                    got += n;
                }
                done += got;
            }
            assertEquals(32, done);
        } finally {
            e.closeFile(f);
            e.cleanup();
        }
    }

    @Test
    void misalignedIoFailsWithoutReachingTheKernel() throws Exception {
        assumeUring();
        ByteBuffer mem = RawMemory.allocate(4096, 4096);
        IoUnit u = new IoUnit(0, RawMemory.address(mem), 4096);
        IoFile f = new IoFile("/dev/null", 0);
        UringCmdEngine e = new UringCmdEngine();
        try {
            e.init(new Ctx(Map.of(), List.of(u), List.of(f), 1));
        } catch (EngineException ex) {
            Assumptions.assumeTrue(false, "io_uring unavailable: " + ex.getMessage());
        }
        try {
            e.openWithoutIdentify(f, new NvmeNamespace(1, 4096, 0, false, 1000));
            u.file = f;
            u.ddir = IoDirection.READ;
            u.offset = 512;
            u.length = 4096;
            assertEquals(QueueStatus.COMPLETED, e.queue(u));
            assertEquals(-22, u.result);
        } finally {
            e.closeFile(f);
            e.cleanup();
        }
    }

    /**
     * verify_mode=compare makes the engine ask for the verify reads' expected data
     * (VERIFY_IN_DEVICE); a read so marked goes out as a Compare (the same SQE, which /dev/null
     * completes with 0; the device's compare is the lab's). Without it no such flag.
     */
    @Test
    void verifyModeCompareAsksTheRunnerForTheExpectedData() throws Exception {
        assumeUring();
        ByteBuffer mem = RawMemory.allocate(4096, 4096);
        IoUnit u = new IoUnit(0, RawMemory.address(mem), 4096);
        IoFile f = new IoFile("/dev/null", 0);
        UringCmdEngine plain = new UringCmdEngine();
        UringCmdEngine e = new UringCmdEngine();
        try {
            plain.init(new Ctx(Map.of("verify_mode", "read"), List.of(u), List.of(f), 1));
            e.init(new Ctx(Map.of("verify_mode", "compare"), List.of(u), List.of(f), 1));
        } catch (EngineException ex) {
            Assumptions.assumeTrue(false, "io_uring unavailable: " + ex.getMessage());
        }
        try {
            assertFalse(plain.flags().contains(io.jfio.engine.EngineFlag.VERIFY_IN_DEVICE));
            assertTrue(e.flags().contains(io.jfio.engine.EngineFlag.VERIFY_IN_DEVICE));
            e.openWithoutIdentify(f, new NvmeNamespace(1, 4096, 0, false, 1000));
            u.file = f;
            u.ddir = IoDirection.READ;
            u.offset = 4096;
            u.length = 4096;
            u.verifyInDevice = true;
            assertEquals(QueueStatus.QUEUED, e.queue(u));
            e.commit();
            assertEquals(1, e.getEvents(1, 1, 5_000_000_000L), "no completion within 5 s");
            assertEquals(u, e.event(0));
            assertEquals(4096, u.result);
        } finally {
            e.closeFile(f);
            e.cleanup();
            plain.cleanup();
        }
    }

    @Test
    void refusesFilesThatAreNotCharDevices() throws Exception {
        IoFile f = new IoFile("/etc/hostname", 0);
        UringCmdEngine e = new UringCmdEngine();
        EngineException ex = assertThrows(EngineException.class, () -> e.openFile(f, 0));
        assertTrue(ex.getMessage().contains("/dev/ngXnY"), ex.getMessage());
    }
}
