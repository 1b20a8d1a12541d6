package io.jfio.engine.uringcmd;

import io.jfio.engine.EngineException;
import io.jfio.engine.nativeio.RawMemory;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The PI a host computes with pi_act=0 (fio's engines/nvme.c), on every layout fio handles. */
class ProtectionInfoTest {
    private static final int ALL = Nvme.PRCHK_GUARD | Nvme.PRCHK_REF | Nvme.PRCHK_APP;

    private static long mem(ByteBuffer b) {
        return RawMemory.address(b);
    }

    @Test
    void guardCrcsHaveTheirCatalogueCheckValues() {
        ByteBuffer b = RawMemory.allocate(9, 8);
        b.put(0, "123456789".getBytes(StandardCharsets.US_ASCII));
        assertEquals(0xD0DB, PiCrc.t10dif(0, mem(b), 9), "CRC-16/T10-DIF check");
        assertEquals(0xAE8B14860A799888L, PiCrc.nvme64(0, mem(b), 9), "CRC-64/NVME check");
        // continuing from a previous value is the same as one pass
        assertEquals(0xD0DB, PiCrc.t10dif(PiCrc.t10dif(0, mem(b), 4), mem(b) + 4, 5));
        assertEquals(0xAE8B14860A799888L, PiCrc.nvme64(PiCrc.nvme64(0, mem(b), 4), mem(b) + 4, 5));
    }

    private static NvmeFormat format(int ms, boolean ext, int dps, int elbaf, boolean piAct) {
        return (NvmeFormat) NvmeFormat.of(new NvmeNamespace(1, 512, ms, ext, 1000, dps, elbaf), piAct, "/dev/ng0n2");
    }

    @Test
    void layoutsAsFioDerivesThem() {
        NvmeFormat sep = format(8, false, 1, 0, true);
        assertEquals(0, sep.ms(), "pi_act=1 with 8-byte metadata: the controller inserts and strips it");
        assertEquals(512, sep.lbaSize());
        NvmeFormat sep0 = format(8, false, 1, 0, false);
        assertEquals(8, sep0.separateMs());
        assertEquals(0, sep0.piInterval(), "PI last in 8 bytes of metadata");
        NvmeFormat ext = format(8, true, 1, 0, false);
        assertEquals(520, ext.lbaSize());
        assertEquals(520L * 1000, ext.sizeBytes());
        assertEquals(512, ext.piInterval());
        assertEquals(3, ext.slba(3 * 520));
        NvmeFormat ext16First = format(16, true, 1 | 8, 0, false);
        assertEquals(512, ext16First.piInterval(), "PI first: right after the data");
        NvmeFormat ext16Last = format(16, true, 1, 0, false);
        assertEquals(520, ext16Last.piInterval(), "PI last: the last 8 bytes");
        NvmeFormat g64 = format(16, false, 1, 2 << 7, true);
        assertEquals(16, g64.piSize());
        assertEquals(0, g64.ms(), "pi_act=1, 16 bytes of metadata, all PI");
        assertEquals("/dev/ng0n2: Storage tag not supported",
            NvmeFormat.of(new NvmeNamespace(1, 512, 16, false, 1000, 1, (2 << 7) | 8), true, "/dev/ng0n2"));
    }

    @Test
    void generatedTagsVerifyAndACorruptedGuardIsNamed() {
        NvmeFormat f = format(8, false, 1, 0, false);
        ByteBuffer data = RawMemory.allocate(4096, 4096);
        ByteBuffer md = RawMemory.allocate(64, 64);
        for (int i = 0; i < 4096; i++) {
            data.put(i, (byte) (i * 7));
        }
        ProtectionInfo.generate(f, ALL, 0x1234, mem(data), mem(md), 8 * 512, 4096);
        // LBA 8's tags: guard over its data, app tag, reference tag = its LBA, all big-endian
        assertEquals(PiCrc.t10dif(0, mem(data), 512), Short.toUnsignedInt(Short.reverseBytes(md.getShort(0))));
        assertEquals(0x1234, Short.toUnsignedInt(Short.reverseBytes(md.getShort(2))));
        assertEquals(8, Integer.reverseBytes(md.getInt(4)));
        assertEquals(15, Integer.reverseBytes(md.getInt(8 * 7 + 4)));
        assertNull(ProtectionInfo.verify(f, ALL, 0x1234, 0xFFFF, mem(data), mem(md), 8 * 512, 4096, "/dev/ng0n2"));
        data.put(600, (byte) (data.get(600) ^ 1));
        String bad = ProtectionInfo.verify(f, ALL, 0x1234, 0xFFFF, mem(data), mem(md), 8 * 512, 4096, "/dev/ng0n2");
        int want = PiCrc.t10dif(0, mem(data) + 512, 512);
        int got = Short.toUnsignedInt(Short.reverseBytes(md.getShort(8)));
        assertEquals(String.format("/dev/ng0n2: Guard compare error: LBA: 8 Expected=%x, Actual=%x", want, got), bad);
        assertNull(ProtectionInfo.verify(f, Nvme.PRCHK_REF, 0x1234, 0xFFFF, mem(data), mem(md), 8 * 512, 4096, "x"),
            "unchecked guard");
        assertEquals("x: REFTAG compare error: LBA: 9 Expected=9, Actual=8",
            ProtectionInfo.verify(f, Nvme.PRCHK_REF, 0, 0xFFFF, mem(data), mem(md), 9 * 512, 512, "x"));
        assertEquals("x: APPTAG compare error: LBA: 8 Expected=34, Actual=1234",
            ProtectionInfo.verify(f, Nvme.PRCHK_APP, 0x34, 0xFFFF, mem(data), mem(md), 8 * 512, 512, "x"));
        assertNull(ProtectionInfo.verify(f, Nvme.PRCHK_APP, 0x34, 0xFF, mem(data), mem(md), 8 * 512, 512, "x"),
            "the mask hides the differing byte");
        // an application tag of all ones turns checking off for that block (Type 1)
        md.putShort(8 * 1 + 2, (short) -1);
        assertNull(ProtectionInfo.verify(f, ALL, 0x1234, 0xFFFF, mem(data), mem(md), 8 * 512, 4096, "x"));
    }

    @Test
    void inlineAnd64BitGuardsRoundTrip() {
        NvmeFormat ext = format(8, true, 1, 0, false);
        ByteBuffer data = RawMemory.allocate(520 * 4, 4096);
        for (int i = 0; i < 520 * 4; i++) {
            data.put(i, (byte) (i * 13));
        }
        ProtectionInfo.generate(ext, ALL, 7, mem(data), 0, 520 * 2, 520 * 4);
        assertEquals(PiCrc.t10dif(0, mem(data) + 520, 512), Short.toUnsignedInt(Short.reverseBytes(data.getShort(520 + 512))));
        assertNull(ProtectionInfo.verify(ext, ALL, 7, 0xFFFF, mem(data), 0, 520 * 2, 520 * 4, "x"));
        NvmeFormat g64 = format(16, false, 1, 2 << 7, false);
        ByteBuffer md = RawMemory.allocate(64, 64);
        ProtectionInfo.generate(g64, ALL, 7, mem(data), mem(md), 512L * 0x1_0000_0003L, 2048);
        assertEquals(PiCrc.nvme64(0, mem(data), 512), Long.reverseBytes(md.getLong(0)));
        assertEquals(0x1_0000_0003L, (Short.toUnsignedLong(Short.reverseBytes(md.getShort(10))) << 32)
            | Integer.toUnsignedLong(Integer.reverseBytes(md.getInt(12))), "48-bit reference tag");
        assertNull(ProtectionInfo.verify(g64, ALL, 7, 0xFFFF, mem(data), mem(md), 512L * 0x1_0000_0003L, 2048, "x"));
        data.put(3, (byte) ~data.get(3));
        assertEquals(String.format("x: Guard compare error: LBA: %d Expected=%x, Actual=%x", 0x1_0000_0003L,
                PiCrc.nvme64(0, mem(data), 512), Long.reverseBytes(md.getLong(0))),
            ProtectionInfo.verify(g64, ALL, 7, 0xFFFF, mem(data), mem(md), 512L * 0x1_0000_0003L, 2048, "x"));
    }

    @Test
    void piOptionsParseAsFio() throws EngineException {
        UringCmdOptions o = UringCmdOptions.parse(Map.of("pi_act", "0", "pi_chk", "GUARD,APPTAG", "apptag", "0x55",
            "apptag_mask", "0xf0", "md_per_io_size", "64"));
        assertEquals(Nvme.PRCHK_GUARD | Nvme.PRCHK_APP, o.prinfo());
        assertEquals(0x55, o.apptag);
        assertEquals(0xf0, o.apptagMask);
        assertEquals(64, o.mdPerIoSize);
        assertEquals(Nvme.PRACT | Nvme.PRCHK_REF, UringCmdOptions.parse(Map.of("pi_chk", "REFTAG")).prinfo(),
            "pi_act defaults to 1");
        assertEquals(Nvme.PRACT, UringCmdOptions.parse(Map.of("pi_chk", "guard")).prinfo(), "fio's strstr is case-sensitive");
    }
}
