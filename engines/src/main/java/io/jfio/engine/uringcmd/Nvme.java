package io.jfio.engine.uringcmd;

/** NVMe passthrough constants and the nvme_uring_cmd layout. */
public final class Nvme {
    private Nvme() {
    }

    public static final long NVME_IOCTL_ID = 0x4E40L;
    public static final long NVME_IOCTL_ADMIN_CMD = 0xC0484E41L;
    /** io_uring cmd_op for a single-buffer NVMe I/O command. */
    public static final int NVME_URING_CMD_IO = 0xC0484E80;
    public static final int NVME_URING_CMD_IO_VEC = 0xC0484E81;

    public static final int IORING_OP_URING_CMD = 46;
    /** sqe.uring_cmd_flags: buf_index names a registered buffer. */
    public static final int IORING_URING_CMD_FIXED = 1;

    public static final int OPC_FLUSH = 0x00;
    public static final int OPC_WRITE = 0x01;
    public static final int OPC_READ = 0x02;
    public static final int OPC_WRITE_UNCOR = 0x04;
    public static final int OPC_WRITE_ZEROES = 0x08;
    public static final int OPC_COMPARE = 0x05;
    public static final int OPC_VERIFY = 0x0c;
    public static final int ADMIN_IDENTIFY = 0x06;
    public static final int CNS_NAMESPACE = 0x00;
    public static final int CNS_CONTROLLER = 0x01;
    /** Identify Namespace of a command set (CSI in CDW11; 0, the NVM command set). */
    public static final int CNS_CSI_NAMESPACE = 0x05;
    public static final int IDENTIFY_SIZE = 4096;

    /** struct nvme_uring_cmd / nvme_passthru_cmd: 72 bytes, field offsets. */
    public static final int CMD_SIZE = 72;
    public static final int CMD_OPCODE = 0;
    public static final int CMD_FLAGS = 1;
    public static final int CMD_NSID = 4;
    public static final int CMD_METADATA = 16;
    public static final int CMD_ADDR = 24;
    public static final int CMD_METADATA_LEN = 32;
    public static final int CMD_DATA_LEN = 36;
    public static final int CMD_CDW10 = 40;
    public static final int CMD_CDW11 = 44;
    public static final int CMD_CDW12 = 48;
    public static final int CMD_CDW3 = 12;
    public static final int CMD_CDW13 = 52;
    public static final int CMD_CDW14 = 56;
    public static final int CMD_CDW15 = 60;
    public static final int CMD_TIMEOUT_MS = 64;
    /** nvme_passthru_cmd only: completion DW0. */
    public static final int CMD_RESULT = 68;

    /** Offset of the command area in a 128-byte SQE. */
    public static final int SQE_CMD = 48;
    /** cdw12 bit 30: force unit access. */
    public static final int CDW12_FUA = 1 << 30;
    /** cdw12 bit 25 of Write Zeroes: deallocate. */
    public static final int CDW12_DEAC = 1 << 25;
    /** cdw12 PRINFO bits of reads and writes: check the reference, application and guard tags; PI action. */
    public static final int PRCHK_REF = 1 << 26;
    public static final int PRCHK_APP = 1 << 27;
    public static final int PRCHK_GUARD = 1 << 28;
    public static final int PRACT = 1 << 29;
}
