package io.jfio.engine.sg;

import io.jfio.engine.IoDirection;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One unit's SG_IO request in native memory: the Linux {@code struct sg_io_hdr} (x86-64 layout,
 * include/scsi/sg.h) followed by its CDB, sense buffer and UNMAP parameter list, so that queue()
 * fills fields in place and hands the kernel one address. The CDBs are the ones fio's
 * engines/sg.c sends: 10-byte READ/WRITE forms below LBA 0xFFFFFFFF, 16-byte forms above, the
 * header's cmd_len 16 for data and sync commands (as fio sets it) and 10 for UNMAP.
 */
public final class SgCommand {
    public static final long SG_IO = 0x2285;
    public static final long SG_GET_VERSION_NUM = 0x2282;
    public static final int SG_DXFER_NONE = -1;
    public static final int SG_DXFER_TO_DEV = -2;
    public static final int SG_DXFER_FROM_DEV = -3;
    public static final int SG_INFO_CHECK = 0x1;
    /** SGV4_FLAG_HIPRI: the request is polled (fio's hipri). */
    public static final int SGV4_FLAG_HIPRI = 0x800;
    /** fio's SCSI_TIMEOUT_MS. */
    public static final int TIMEOUT_MS = 30000;
    public static final long MAX_10B_LBA = 0xFFFFFFFFL;

    // struct sg_io_hdr offsets
    static final int INTERFACE_ID = 0;
    static final int DXFER_DIRECTION = 4;
    static final int CMD_LEN = 8;
    static final int MX_SB_LEN = 9;
    static final int DXFER_LEN = 12;
    static final int DXFERP = 16;
    static final int CMDP = 24;
    static final int SBP = 32;
    static final int TIMEOUT = 40;
    static final int FLAGS = 44;
    static final int PACK_ID = 48;
    static final int STATUS = 64;
    static final int SB_LEN_WR = 67;
    static final int HOST_STATUS = 68;
    static final int DRIVER_STATUS = 70;
    static final int RESID = 72;
    static final int INFO = 80;
    static final int HDR_SIZE = 88;

    static final int CDB = HDR_SIZE;
    static final int SENSE = CDB + 16;
    static final int SENSE_LEN = 64;
    static final int UNMAP_PARAM = SENSE + SENSE_LEN;
    static final int UNMAP_PARAM_LEN = 24;
    /** Bytes per unit, a multiple of 64. */
    public static final int SLOT = 192;

    private final ByteBuffer b;
    private final long address;

    /** {@code buf}: a direct buffer of at least {@link #SLOT} bytes at native address {@code address}. */
    public SgCommand(ByteBuffer buf, long address) {
        this.b = buf.duplicate().order(ByteOrder.nativeOrder());
        this.address = address;
    }

    /** The address to pass to ioctl(SG_IO). */
    public long address() {
        return address;
    }

    /** Clears the slot and sets what every command has (fio's sgio_hdr_init). */
    private void init(int packId, int cmdLen, int direction, long dxferp, int dxferLen) {
        for (int i = 0; i < SLOT; i += 8) {
            b.putLong(i, 0);
        }
        b.putInt(INTERFACE_ID, 'S');
        b.putInt(DXFER_DIRECTION, direction);
        b.put(CMD_LEN, (byte) cmdLen);
        b.put(MX_SB_LEN, (byte) SENSE_LEN);
        b.putInt(DXFER_LEN, dxferLen);
        b.putLong(DXFERP, dxferp);
        b.putLong(CMDP, address + CDB);
        b.putLong(SBP, address + SENSE);
        b.putInt(TIMEOUT, TIMEOUT_MS);
        b.putInt(PACK_ID, packId);
    }

    /**
     * Fills the request for one unit. {@code blockSize} is the device's logical block; the unit
     * must be a multiple of it (the caller checks). Syncs become SYNCHRONIZE CACHE, trims UNMAP
     * with one range.
     */
    public void prepare(IoDirection d, int packId, long offset, int length, long buf, int blockSize, SgOptions o) {
        long lba = offset / blockSize;
        long blocks = length / blockSize;
        boolean small = lba < MAX_10B_LBA;
        switch (d) {
            case READ -> {
                init(packId, 16, SG_DXFER_FROM_DEV, buf, length);
                cdb(0, small ? 0x28 : 0x88);
                if (o.hipri) {
                    b.putInt(FLAGS, SGV4_FLAG_HIPRI);
                }
                if (o.readFua) {
                    cdb(1, 0x08);
                }
                lbaAndCount(lba, blocks, false);
            }
            case WRITE -> {
                init(packId, 16, SG_DXFER_TO_DEV, buf, length);
                switch (o.writeMode) {
                    case WRITE -> {
                        cdb(0, small ? 0x2a : 0x8a);
                        if (o.hipri) {
                            b.putInt(FLAGS, SGV4_FLAG_HIPRI);
                        }
                        if (o.writeFua) {
                            cdb(1, 0x08);
                        }
                    }
                    case WRITE_AND_VERIFY -> cdb(0, small ? 0x2e : 0x8e); // BYTCHK 0
                    case WRITE_SAME -> {
                        b.putInt(DXFER_LEN, blockSize); // one block, repeated by the device
                        cdb(0, small ? 0x41 : 0x93);
                    }
                    case WRITE_SAME_NDOB -> {
                        b.putInt(DXFER_LEN, 0);
                        cdb(0, 0x93);
                        cdb(1, 0x01);
                    }
                    case VERIFY_BYTCHK_00 -> {
                        b.putInt(DXFER_LEN, 0);
                        cdb(0, small ? 0x2f : 0x8f);
                    }
                    case VERIFY_BYTCHK_01 -> {
                        cdb(0, small ? 0x2f : 0x8f);
                        cdb(1, 0x02);
                    }
                    case VERIFY_BYTCHK_11 -> {
                        b.putInt(DXFER_LEN, blockSize);
                        cdb(0, small ? 0x2f : 0x8f);
                        cdb(1, 0x06);
                    }
                    default -> throw new IllegalStateException("sg_write_mode " + o.writeMode);
                }
                lbaAndCount(lba, blocks, o.writeMode == SgOptions.WriteMode.WRITE_SAME_NDOB);
            }
            case TRIM -> {
                // UNMAP, one block descriptor: list header (data length, descriptor data length), then LBA and count.
                init(packId, 10, SG_DXFER_TO_DEV, address + UNMAP_PARAM, UNMAP_PARAM_LEN);
                cdb(0, 0x42);
                be16(CDB + 7, UNMAP_PARAM_LEN);
                be16(UNMAP_PARAM, UNMAP_PARAM_LEN - 2);
                be16(UNMAP_PARAM + 2, 16);
                be64(UNMAP_PARAM + 8, lba);
                be32(UNMAP_PARAM + 16, (int) blocks);
            }
            default -> {
                init(packId, 16, SG_DXFER_NONE, 0, 0);
                cdb(0, small ? 0x35 : 0x91);
            }
        }
    }

    /** READ CAPACITY(10), or (16) with {@code sixteen}: the reply lands in {@code reply} (32 bytes). */
    public void readCapacity(boolean sixteen, long reply) {
        init(0, sixteen ? 16 : 10, SG_DXFER_FROM_DEV, reply, 32);
        if (sixteen) {
            cdb(0, 0x9e);
            cdb(1, 0x10); // service action READ CAPACITY(16)
            be32(CDB + 10, 32);
        } else {
            cdb(0, 0x25);
        }
    }

    /** fio's fio_sgio_rw_lba: 10-byte layout below the 32-bit LBA limit unless forced to 16. */
    private void lbaAndCount(long lba, long blocks, boolean force16) {
        if (lba < MAX_10B_LBA && !force16) {
            be32(CDB + 2, (int) lba);
            be16(CDB + 7, (int) blocks); // as fio: 16 bits of count
        } else {
            be64(CDB + 2, lba);
            be32(CDB + 10, (int) blocks);
        }
    }

    private void cdb(int i, int bits) {
        b.put(CDB + i, (byte) (b.get(CDB + i) | bits));
    }

    private void be16(int at, int v) {
        b.put(at, (byte) (v >>> 8));
        b.put(at + 1, (byte) v);
    }

    private void be32(int at, int v) {
        be16(at, v >>> 16);
        be16(at + 2, v);
    }

    private void be64(int at, long v) {
        be32(at, (int) (v >>> 32));
        be32(at + 4, (int) v);
    }

    public int cdbByte(int i) {
        return b.get(CDB + i) & 0xFF;
    }

    public int cmdLen() {
        return b.get(CMD_LEN) & 0xFF;
    }

    public int dxferLen() {
        return b.getInt(DXFER_LEN);
    }

    public int direction() {
        return b.getInt(DXFER_DIRECTION);
    }

    public int flags() {
        return b.getInt(FLAGS);
    }

    public long dxferp() {
        return b.getLong(DXFERP);
    }

    public int info() {
        return b.getInt(INFO);
    }

    public int status() {
        return b.get(STATUS) & 0xFF;
    }

    public int unmapParamByte(int i) {
        return b.get(UNMAP_PARAM + i) & 0xFF;
    }

    /** Reads a big-endian field of a READ CAPACITY reply. */
    static long be(ByteBuffer reply, int at, int bytes) {
        long v = 0;
        for (int i = 0; i < bytes; i++) {
            v = (v << 8) | (reply.get(at + i) & 0xFF);
        }
        return v;
    }

    /**
     * fio's error details for a failed command (its fio_sgio_errdetails): host, driver and SCSI
     * status with their sg_err.h names, the sense bytes, the residual and the CDB.
     */
    public String errorDetails(boolean trim) {
        StringBuilder m = new StringBuilder();
        int info = info();
        if ((info & SG_INFO_CHECK) != 0) {
            int host = b.getShort(HOST_STATUS) & 0xFFFF;
            if (host != 0) {
                m.append(String.format("SG Host Status: 0x%02x; ", host)).append(SgStatusNames.host(host)).append(". ");
            }
            int driver = b.getShort(DRIVER_STATUS) & 0xFFFF;
            if (driver != 0) {
                m.append(String.format("SG Driver Status: 0x%02x; ", driver)).append(SgStatusNames.driver(driver & 0x0F))
                    .append("; ").append(SgStatusNames.suggest(driver & 0xF0)).append(". ");
            }
            int status = status();
            if (status != 0) {
                m.append(String.format("SG SCSI Status: 0x%02x; ", status)).append(SgStatusNames.scsi(status)).append(". ");
            }
            int sb = b.get(SB_LEN_WR) & 0xFF;
            if (sb != 0) {
                m.append("Sense Data (").append(sb).append(" bytes):");
                for (int i = 0; i < sb; i++) {
                    m.append(String.format(" %02x", b.get(SENSE + i) & 0xFF));
                }
                m.append(". ");
            }
            int resid = b.getInt(RESID);
            if (resid != 0) {
                m.append("SG Driver: ").append(resid).append(" bytes out of ").append(dxferLen())
                    .append(" not transferred. ");
            }
            m.append("cdb:");
            for (int i = 0; i < cmdLen(); i++) {
                m.append(String.format(" %02x", cdbByte(i)));
            }
            m.append(". ");
            if (trim) {
                m.append("dxferp:");
                for (int i = 0; i < dxferLen(); i++) {
                    m.append(String.format(" %02x", unmapParamByte(i)));
                }
                m.append(". ");
            }
        }
        if ((info & SG_INFO_CHECK) == 0 && m.length() == 0) {
            return "SG Driver did not report a Host, Driver or Device check";
        }
        return m.toString();
    }
}
