package io.jfio.runner.files;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The probe on images too big or too rare to make here (FsSignatureIT checks real mkfs output against blkid). */
class FsSignatureTest {
    private static byte[] image(int off, String magic) {
        byte[] d = new byte[68 << 10];
        byte[] m = magic.getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(m, 0, d, off, m.length);
        return d;
    }

    @Test
    void namesTheSignatureAtItsOffset() {
        assertEquals("btrfs", FsSignature.identify(image(0x10040, "_BHRfS_M"), 68 << 10));
        assertEquals("gpt partition table", FsSignature.identify(image(512, "EFI PART"), 68 << 10));
        assertEquals("swap", FsSignature.identify(image(65536 - 10, "SWAPSPACE2"), 68 << 10));
        byte[] fat = image(82, "FAT32   ");
        fat[510] = 0x55;
        fat[511] = (byte) 0xAA;
        assertEquals("vfat", FsSignature.identify(fat, 68 << 10));
    }

    @Test
    void zerosAShortDeviceOrAMagicPastItsEndAreNothing() {
        assertNull(FsSignature.identify(new byte[68 << 10], 68 << 10));
        assertNull(FsSignature.identify(image(0x10040, "_BHRfS_M"), 0x10040));
        assertNull(FsSignature.identify(new byte[68 << 10], 0));
    }
}
