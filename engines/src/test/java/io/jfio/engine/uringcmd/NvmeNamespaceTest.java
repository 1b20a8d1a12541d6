package io.jfio.engine.uringcmd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.engine.EngineException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Host-side checks of the passthrough logic that needs no NVMe (the lab stage covers the device). */
class NvmeNamespaceTest {

    /** An Identify Namespace block with format 0 = 512 B and format 1 = 4096 B + 8 B metadata. */
    private static ByteBuffer identify(int flbas, long nsze) {
        ByteBuffer b = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(0, nsze);
        b.put(25, (byte) 1); // nlbaf: two formats
        b.put(26, (byte) flbas);
        b.putShort(128, (short) 0);
        b.put(130, (byte) 9);
        b.putShort(132, (short) 8);
        b.put(134, (byte) 12);
        return b;
    }

    @Test
    void decodesA512ByteFormat() {
        NvmeNamespace ns = NvmeNamespace.parse(1, identify(0, 2097152));
        assertEquals(512, ns.lbaSize());
        assertEquals(9, ns.lbaShift());
        assertEquals(1L << 30, ns.sizeBytes());
        assertFalse(ns.extendedLba());
    }

    @Test
    void separateMetadataLeavesTheDataBufferOnlyData() {
        NvmeNamespace ns4k = NvmeNamespace.parse(2, identify(1, 1000));
        assertEquals(4096, ns4k.lbaDataSize());
        assertEquals(8, ns4k.metadataSize());
        assertEquals(4096, ns4k.lbaSize(), "separate metadata: data buffer holds only data");
    }

    @Test
    void extendedLbasHoldTheMetadataInTheBlock() {
        NvmeNamespace ext = NvmeNamespace.parse(2, identify(0x11, 1000));
        assertTrue(ext.extendedLba());
        assertEquals(4104, ext.lbaSize());
        assertEquals(4104L * 1000, ext.sizeBytes());
    }

    @Test
    void rejectsBlockSizesThatAreNotLbaMultiples() {
        NvmeNamespace ns = NvmeNamespace.parse(1, identify(1, 1000));
        assertNull(ns.checkBlockSize("/dev/ng0n1", 4096, 8192, 0));
        assertEquals("/dev/ng0n1: block size 512 must be a multiple of LBA data size 4096",
                ns.checkBlockSize("/dev/ng0n1", 4096, 512));
    }

    @Test
    void namesNvmeStatus() {
        assertEquals("cq entry status (sct=0x00; sc=0x80) LBA Out of Range", NvmeStatus.describe(0x80));
        assertEquals("cq entry status (sct=0x02; sc=0x81) Unrecovered Read Error", NvmeStatus.describe(0x4281));
        assertEquals("Invalid Field in Command", NvmeStatus.name(0, 2));
    }

    @Test
    void registeredAsAService() {
        boolean found = false;
        for (io.jfio.engine.IoEngineFactory f : java.util.ServiceLoader.load(io.jfio.engine.IoEngineFactory.class)) {
            if (f.name().equals("io_uring_cmd")) {
                found = true;
                assertEquals("io_uring_cmd", f.create().name());
                assertTrue(f.options().stream().anyMatch(o -> o.name().equals("fixedbufs")));
            }
        }
        assertTrue(found, "io_uring_cmd missing from META-INF/services");
    }

    @Test
    void validatesOptions() throws Exception {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cmd_type", "nvme");
        m.put("fixedbufs", "");
        m.put("hipri", "1");
        m.put("sqthread_poll", "1");
        UringCmdOptions o = UringCmdOptions.parse(m);
        assertTrue(o.fixedbufs);
        assertTrue(o.hipri);
        assertTrue(o.registerfiles, "sqthread_poll implies registerfiles");
        assertTrue(o.nonVectored);

        EngineException e = assertThrows(EngineException.class, () -> UringCmdOptions.parse(Map.of("cmd_type", "bsg")));
        assertEquals("fio: failed parsing cmd_type", e.getMessage(), "fio's job-file line: it knows only nvme");
        assertThrows(EngineException.class, () -> UringCmdOptions.parse(Map.of("nowait", "1")));
        assertThrows(EngineException.class, () -> UringCmdOptions.parse(Map.of("hipri", "2")));
        assertThrows(EngineException.class, () -> UringCmdOptions.parse(Map.of("bogus", "1")));
        assertThrows(EngineException.class,
                () -> UringCmdOptions.parse(Map.of("fixedbufs", "1", "nonvectored", "0")));
    }

    /** fio 3.42's value sets; UringCmdOptionsFioIT checks them against fio itself. */
    @Test
    void aBadWriteModeIsAParseError() {
        EngineException bad = assertThrows(EngineException.class, () -> UringCmdOptions.parse(Map.of("write_mode", "bad")));
        assertEquals("fio: failed parsing write_mode", bad.getMessage());
    }

    @Test
    void writeModesPickTheirOpcodeAndCdw12AsFio() throws Exception {
        assertEquals(Nvme.OPC_WRITE_UNCOR, UringCmdOptions.parse(Map.of("write_mode", "uncor")).writeOpcode);
        assertEquals(Nvme.OPC_VERIFY, UringCmdOptions.parse(Map.of("write_mode", "verify")).writeOpcode);
        UringCmdOptions z = UringCmdOptions.parse(Map.of("write_mode", "zeroes", "deac", "1"));
        assertEquals(Nvme.OPC_WRITE_ZEROES, z.writeOpcode);
        assertEquals(Nvme.CDW12_DEAC, z.writeCdw12);
        // fio's fio_ioring_cmd_init assigns writefua's flag over deac's
        assertEquals(Nvme.CDW12_FUA,
            UringCmdOptions.parse(Map.of("write_mode", "zeroes", "deac", "1", "writefua", "1")).writeCdw12);
        assertEquals(Nvme.CDW12_FUA, UringCmdOptions.parse(Map.of("readfua", "1")).readCdw12);
        assertEquals(Nvme.OPC_WRITE, UringCmdOptions.parse(Map.of()).writeOpcode);
    }

    @Test
    void valuesJfioCannotHonourAreRefused() {
        assertThrows(EngineException.class, () -> UringCmdOptions.parse(Map.of("pi_act", "2")));
        assertThrows(EngineException.class, () -> UringCmdOptions.parse(Map.of("readfua", "")));
    }

    @Test
    void supportedPassthroughValuesParse() throws Exception {
        UringCmdOptions o = UringCmdOptions.parse(Map.of("write_mode", "write", "verify_mode", "read",
            "pi_act", "0", "apptag", "0x10", "apptag_mask", "0xff", "deac", "1", "readfua", "1"));
        assertTrue(o.readFua);
        assertFalse(o.verifyCompare);
        assertTrue(UringCmdOptions.parse(Map.of("verify_mode", "compare")).verifyCompare);
    }
}
