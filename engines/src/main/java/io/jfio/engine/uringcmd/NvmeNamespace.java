package io.jfio.engine.uringcmd;

import io.jfio.engine.EngineException;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * What jfio needs to know about an NVMe namespace before passthrough I/O (fio's engines/nvme.c asks the same):
 * its id (NVME_IOCTL_ID) and, from an admin Identify Namespace, the LBA format and the size.
 *
 * @param nsid         namespace id, goes into every command
 * @param lbaDataSize  bytes of data per LBA (512, 4096, ...)
 * @param metadataSize metadata bytes per LBA of the active format
 * @param extendedLba  metadata is inline after each LBA's data (flbas bit 4)
 * @param nsze         namespace size in LBAs
 * @param dps          end-to-end data protection settings (PI type bits 2:0, PI first in metadata bit 3)
 * @param elbaf        the active format's extended LBA format word from the NVM command set's
 *                     Identify Namespace (storage tag bits 6:0, guard type bits 8:7), 0 when the
 *                     controller has none (16-bit guard)
 */
public record NvmeNamespace(int nsid, int lbaDataSize, int metadataSize, boolean extendedLba, long nsze,
                            int dps, int elbaf) {
    public NvmeNamespace(int nsid, int lbaDataSize, int metadataSize, boolean extendedLba, long nsze) {
        this(nsid, lbaDataSize, metadataSize, extendedLba, nsze, 0, 0);
    }

    /** Protection information type 0 (none) to 3; 0 when the format has no metadata, as fio reads it. */
    public int piType() {
        return metadataSize > 0 ? dps & 7 : 0;
    }

    /** Bytes one LBA occupies in a data buffer: data plus inline metadata for extended formats. */
    public int lbaSize() {
        return extendedLba ? lbaDataSize + metadataSize : lbaDataSize;
    }

    /** log2 of the LBA data size; valid for power-of-two formats. */
    public int lbaShift() {
        return Integer.numberOfTrailingZeros(lbaDataSize);
    }

    public long sizeBytes() {
        return (long) lbaSize() * nsze;
    }

    /** Null when every block size is a multiple of the LBA size, else fio's message for the first one that is not. */
    public String checkBlockSize(String file, int... blockSizes) {
        for (int bs : blockSizes) {
            if (bs > 0 && bs % lbaSize() != 0) {
                return file + ": block size " + bs + " must be a multiple of LBA data size " + lbaSize();
            }
        }
        return null;
    }

    /** Queries an open /dev/ngXnY (or /dev/nvmeXnY) descriptor. */
    public static NvmeNamespace identify(int fd, String path) throws EngineException {
        LibC c = Native.libc();
        int nsid = c.ioctl(fd, Nvme.NVME_IOCTL_ID, 0);
        if (nsid < 0) {
            int err = Native.errno();
            throw new EngineException(err, "ioctl(NVME_IOCTL_ID)",
                    path + ": not an NVMe namespace (NVME_IOCTL_ID: " + Errno.strerror(err) + ")");
        }
        // Both blocks are direct buffers held by local references until the ioctl returns.
        ByteBuffer data = ByteBuffer.allocateDirect(Nvme.IDENTIFY_SIZE + 4096).alignedSlice(4096)
                .order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer cmd = ByteBuffer.allocateDirect(Nvme.CMD_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        long dataAddr = address(data);
        cmd.put(Nvme.CMD_OPCODE, (byte) Nvme.ADMIN_IDENTIFY);
        cmd.putInt(Nvme.CMD_NSID, nsid);
        cmd.putLong(Nvme.CMD_ADDR, dataAddr);
        cmd.putInt(Nvme.CMD_DATA_LEN, Nvme.IDENTIFY_SIZE);
        cmd.putInt(Nvme.CMD_CDW10, Nvme.CNS_NAMESPACE);
        cmd.putInt(Nvme.CMD_CDW11, 0); // CSI 0 = NVM command set
        int rc = c.ioctl(fd, Nvme.NVME_IOCTL_ADMIN_CMD, address(cmd));
        if (rc < 0) {
            int err = Native.errno();
            throw new EngineException(err, "ioctl(NVME_IOCTL_ADMIN_CMD)",
                    path + ": identify namespace failed: " + Errno.strerror(err));
        }
        if (rc > 0) {
            throw new EngineException(0, "ioctl(NVME_IOCTL_ADMIN_CMD)",
                    path + ": identify namespace failed: " + NvmeStatus.describe(rc));
        }
        NvmeNamespace ns = parse(nsid, data);
        int format = formatIndex(data);
        if (ns.piType() == 0) {
            return ns;
        }
        // The guard type of a PI format lives in the NVM command set's Identify Namespace, which
        // controllers with extended LBA formats (CTRATT bit 15) have; without it the guard is 16-bit.
        identifyInto(c, fd, path, cmd, dataAddr, 0, Nvme.CNS_CONTROLLER, "identify controller");
        if ((data.getInt(96) & (1 << 15)) == 0) {
            return ns;
        }
        identifyInto(c, fd, path, cmd, dataAddr, nsid, Nvme.CNS_CSI_NAMESPACE, "identify nvm namespace");
        int elbaf = data.getInt(12 + 4 * format);
        return new NvmeNamespace(ns.nsid, ns.lbaDataSize, ns.metadataSize, ns.extendedLba, ns.nsze, ns.dps, elbaf);
    }

    private static void identifyInto(LibC c, int fd, String path, ByteBuffer cmd, long dataAddr, int nsid, int cns,
                                     String what) throws EngineException {
        for (int i = 0; i < Nvme.CMD_SIZE; i += 4) {
            cmd.putInt(i, 0);
        }
        cmd.put(Nvme.CMD_OPCODE, (byte) Nvme.ADMIN_IDENTIFY);
        cmd.putInt(Nvme.CMD_NSID, nsid);
        cmd.putLong(Nvme.CMD_ADDR, dataAddr);
        cmd.putInt(Nvme.CMD_DATA_LEN, Nvme.IDENTIFY_SIZE);
        cmd.putInt(Nvme.CMD_CDW10, cns);
        int rc = c.ioctl(fd, Nvme.NVME_IOCTL_ADMIN_CMD, address(cmd));
        if (rc != 0) {
            int err = rc < 0 ? Native.errno() : 0;
            throw new EngineException(err, "ioctl(NVME_IOCTL_ADMIN_CMD)",
                    path + ": " + what + " failed: " + (rc < 0 ? Errno.strerror(err) : NvmeStatus.describe(rc)));
        }
    }

    /** Decodes an Identify Namespace data block (little endian). */
    static NvmeNamespace parse(int nsid, ByteBuffer id) {
        id = id.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long nsze = id.getLong(0);
        int flbas = id.get(26) & 0xFF;
        int lbaf = 128 + 4 * formatIndex(id);
        int ms = id.getShort(lbaf) & 0xFFFF;
        int lbads = id.get(lbaf + 2) & 0xFF;
        boolean extended = (flbas & 0x10) != 0 && ms > 0;
        return new NvmeNamespace(nsid, 1 << lbads, ms, extended, nsze, id.get(29) & 0xFF, 0);
    }

    /** The active LBA format's index: flbas bits 3:0, and bits 6:5 above them when there are more than 16. */
    static int formatIndex(ByteBuffer id) {
        int nlbaf = id.get(25) & 0xFF;
        int flbas = id.get(26) & 0xFF;
        int idx = flbas & 0xF;
        if (nlbaf >= 16) {
            idx |= ((flbas >> 5) & 3) << 4;
        }
        return idx;
    }

    static long address(ByteBuffer direct) {
        return com.kenai.jffi.MemoryIO.getInstance().getDirectBufferAddress(direct);
    }
}
