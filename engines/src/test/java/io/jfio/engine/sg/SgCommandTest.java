package io.jfio.engine.sg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jfio.engine.EngineException;
import io.jfio.engine.IoDirection;
import io.jfio.engine.nativeio.RawMemory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** The sg_io_hdr and CDB bytes jfio's sg engine hands the kernel, against fio's engines/sg.c. */
class SgCommandTest {
    private final ByteBuffer mem = RawMemory.allocate(SgCommand.SLOT, 64);
    private final long addr = RawMemory.address(mem);
    private final SgCommand c = new SgCommand(mem, addr);
    private final ByteBuffer le = mem.duplicate().order(ByteOrder.LITTLE_ENDIAN);

    private static SgOptions opts(String... kv) throws EngineException {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return SgOptions.parse(m);
    }

    private String cdb() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < c.cmdLen(); i++) {
            s.append(String.format("%02x", c.cdbByte(i)));
        }
        return s.toString();
    }

    @Test
    void read10HeaderAndCdb() throws Exception {
        c.prepare(IoDirection.READ, 3, 8192L * 512, 4096, 0x1000, 512, opts());
        assertEquals('S', le.getInt(0));
        assertEquals(SgCommand.SG_DXFER_FROM_DEV, c.direction());
        assertEquals(16, c.cmdLen(), "fio sends cmd_len 16 for the 10-byte forms too");
        assertEquals(64, mem.get(9) & 0xFF, "mx_sb_len");
        assertEquals(4096, c.dxferLen());
        assertEquals(0x1000, c.dxferp());
        assertEquals(addr + 88, le.getLong(24), "cmdp points at the slot's CDB");
        assertEquals(addr + 104, le.getLong(32), "sbp points at the slot's sense buffer");
        assertEquals(30000, le.getInt(40));
        assertEquals(3, le.getInt(48), "pack_id is the unit index");
        assertEquals(0, c.flags());
        // READ(10), LBA 8192 = 0x2000, 8 blocks
        assertEquals("28000000200000000800000000000000", cdb());
    }

    @Test
    void fuaHipriAndSixteenByteForms() throws Exception {
        long lba = 0x1_0000_0002L;
        c.prepare(IoDirection.READ, 0, lba * 4096, 8192, 0, 4096, opts("readfua", "1", "hipri", "1"));
        assertEquals("88080000000100000002000000020000", cdb());
        assertEquals(SgCommand.SGV4_FLAG_HIPRI, c.flags());
        c.prepare(IoDirection.WRITE, 0, 4096, 4096, 0, 512, opts("writefua", "1"));
        assertEquals("2a080000000800000800000000000000", cdb());
        assertEquals(SgCommand.SG_DXFER_TO_DEV, c.direction());
        c.prepare(IoDirection.WRITE, 0, lba * 512, 512, 0, 512, opts());
        assertEquals("8a000000000100000002000000010000", cdb());
    }

    @Test
    void writeModes() throws Exception {
        c.prepare(IoDirection.WRITE, 0, 0, 4096, 0, 512, opts("sg_write_mode", "write_and_verify"));
        assertEquals("2e000000000000000800000000000000", cdb());
        c.prepare(IoDirection.WRITE, 0, 0, 4096, 0, 512, opts("sg_write_mode", "verify"));
        assertEquals("2e000000000000000800000000000000", cdb());
        c.prepare(IoDirection.WRITE, 0, 512, 4096, 0, 512, opts("sg_write_mode", "write_same"));
        assertEquals("41000000000100000800000000000000", cdb());
        assertEquals(512, c.dxferLen(), "WRITE SAME sends one block");
        c.prepare(IoDirection.WRITE, 0, 512, 4096, 0, 512, opts("sg_write_mode", "write_same_ndob"));
        assertEquals("93010000000000000001000000080000", cdb());
        assertEquals(0, c.dxferLen());
        c.prepare(IoDirection.WRITE, 0, 0, 4096, 0, 512, opts("sg_write_mode", "verify_bytchk_00"));
        assertEquals("2f000000000000000800000000000000", cdb());
        assertEquals(0, c.dxferLen());
        c.prepare(IoDirection.WRITE, 0, 0, 4096, 0, 512, opts("sg_write_mode", "verify_bytchk_01"));
        assertEquals("2f020000000000000800000000000000", cdb());
        assertEquals(4096, c.dxferLen());
        c.prepare(IoDirection.WRITE, 0, 0, 4096, 0, 512, opts("sg_write_mode", "verify_bytchk_11"));
        assertEquals("2f060000000000000800000000000000", cdb());
        assertEquals(512, c.dxferLen());
        EngineException e = assertThrows(EngineException.class, () -> opts("sg_write_mode", "write_stream"));
        assertTrue(e.getMessage().contains("write_stream"), e.getMessage());
        assertThrows(EngineException.class, () -> opts("sg_write_mode", "bogus"));
    }

    @Test
    void syncAndUnmap() throws Exception {
        c.prepare(IoDirection.SYNC, 0, 0, 0, 0, 512, opts());
        assertEquals("35000000000000000000000000000000", cdb());
        assertEquals(SgCommand.SG_DXFER_NONE, c.direction());
        assertEquals(0, c.dxferLen());
        c.prepare(IoDirection.TRIM, 0, 4096 * 3, 8192, 0, 4096, opts());
        assertEquals(10, c.cmdLen());
        assertEquals("42000000000000001800", cdb());
        assertEquals(24, c.dxferLen());
        assertEquals(addr + SgCommand.UNMAP_PARAM, c.dxferp());
        StringBuilder p = new StringBuilder();
        for (int i = 0; i < 24; i++) {
            p.append(String.format("%02x", c.unmapParamByte(i)));
        }
        // data length 22, descriptor length 16, LBA 3, 2 blocks
        assertEquals("001600100000000000000000000000030000000200000000", p.toString());
    }

    @Test
    void readCapacity() {
        c.readCapacity(false, 0x2000);
        assertEquals("25000000000000000000", cdb());
        assertEquals(32, c.dxferLen());
        c.readCapacity(true, 0x2000);
        assertEquals("9e100000000000000000000000200000", cdb());
    }

    @Test
    void errorDetailsAsFioWritesThem() throws Exception {
        c.prepare(IoDirection.READ, 0, 0, 4096, 0, 512, opts());
        assertEquals("SG Driver did not report a Host, Driver or Device check", c.errorDetails(false));
        le.putInt(80, SgCommand.SG_INFO_CHECK);
        mem.put(64, (byte) 0x02);
        le.putShort(70, (short) 0x08);
        mem.put(67, (byte) 3);
        mem.put(104, (byte) 0x70);
        mem.put(105, (byte) 0x00);
        mem.put(106, (byte) 0x05);
        le.putInt(72, 4096);
        assertEquals("SG Driver Status: 0x08; SG_ERR_DRIVER_SENSE; . SG SCSI Status: 0x02; CHECK_CONDITION. "
            + "Sense Data (3 bytes): 70 00 05. SG Driver: 4096 bytes out of 4096 not transferred. "
            + "cdb: 28 00 00 00 00 00 00 00 08 00 00 00 00 00 00 00. ", c.errorDetails(false));
    }

    @Test
    void optionsListedAsFio() {
        assertEquals(java.util.List.of("hipri", "readfua", "writefua", "sg_write_mode", "stream_id"),
            SgOptions.OPTIONS.stream().map(io.jfio.engine.EngineOption::name).toList());
    }
}
