package io.jfio.engine.uring;

/** io_uring ABI constants (the kernel's include/uapi/linux/io_uring.h), x86-64. */
public final class Uring {
    private Uring() {
    }

    public static final int SYS_SETUP = 425;
    public static final int SYS_ENTER = 426;
    public static final int SYS_REGISTER = 427;

    // Setup flags (params.flags).
    public static final int SETUP_IOPOLL = 0x1;
    public static final int SETUP_SQPOLL = 0x2;
    public static final int SETUP_SQ_AFF = 0x4;
    public static final int SETUP_CQSIZE = 0x8;
    public static final int SETUP_CLAMP = 0x10;
    public static final int SETUP_R_DISABLED = 0x40;
    public static final int SETUP_SUBMIT_ALL = 0x80;
    public static final int SETUP_COOP_TASKRUN = 0x100;
    public static final int SETUP_TASKRUN_FLAG = 0x200;
    public static final int SETUP_SQE128 = 0x400;
    public static final int SETUP_CQE32 = 0x800;
    public static final int SETUP_SINGLE_ISSUER = 0x1000;
    public static final int SETUP_DEFER_TASKRUN = 0x2000;
    public static final int SETUP_NO_SQARRAY = 0x10000;

    // Features (params.features).
    public static final int FEAT_SINGLE_MMAP = 0x1;
    public static final int FEAT_NODROP = 0x2;
    public static final int FEAT_EXT_ARG = 0x100;
    public static final int FEAT_NO_IOWAIT = 0x20000;

    // Enter flags.
    public static final int ENTER_GETEVENTS = 0x1;
    public static final int ENTER_SQ_WAKEUP = 0x2;
    public static final int ENTER_SQ_WAIT = 0x4;
    public static final int ENTER_EXT_ARG = 0x8;
    public static final int ENTER_REGISTERED_RING = 0x10;
    public static final int ENTER_NO_IOWAIT = 0x80;

    // sq.flags (kernel-written).
    public static final int SQ_NEED_WAKEUP = 0x1;
    public static final int SQ_CQ_OVERFLOW = 0x2;
    public static final int SQ_TASKRUN = 0x4;

    // mmap offsets.
    public static final long OFF_SQ_RING = 0L;
    public static final long OFF_CQ_RING = 0x8000000L;
    public static final long OFF_SQES = 0x10000000L;

    // Opcodes.
    public static final int OP_NOP = 0;
    public static final int OP_READV = 1;
    public static final int OP_WRITEV = 2;
    public static final int OP_FSYNC = 3;
    public static final int OP_READ_FIXED = 4;
    public static final int OP_WRITE_FIXED = 5;
    public static final int OP_SYNC_FILE_RANGE = 8;
    public static final int OP_READ = 22;
    public static final int OP_WRITE = 23;
    public static final int OP_URING_CMD = 46;

    // IOSQE_* (sqe.flags).
    public static final int SQE_FIXED_FILE = 0x01;
    public static final int SQE_IO_DRAIN = 0x02;
    public static final int SQE_IO_LINK = 0x04;
    public static final int SQE_ASYNC = 0x10;
    public static final int SQE_CQE_SKIP_SUCCESS = 0x40;

    public static final int FSYNC_DATASYNC = 1;

    // Register opcodes.
    public static final int REGISTER_BUFFERS = 0;
    public static final int UNREGISTER_BUFFERS = 1;
    public static final int REGISTER_FILES = 2;
    public static final int UNREGISTER_FILES = 3;
    public static final int REGISTER_FILES_UPDATE = 6;
    public static final int REGISTER_PROBE = 8;
    public static final int REGISTER_ENABLE_RINGS = 12;
    public static final int REGISTER_RING_FDS = 20;
    public static final int UNREGISTER_RING_FDS = 21;
    public static final int REGISTER_RESTRICTIONS = 11;

    // SQE field offsets (struct io_uring_sqe).
    public static final int SQE_OPCODE = 0;
    public static final int SQE_FLAGS = 1;
    public static final int SQE_IOPRIO = 2;
    public static final int SQE_FD = 4;
    public static final int SQE_OFF = 8;
    public static final int SQE_CMD_OP = 8;
    public static final int SQE_ADDR = 16;
    public static final int SQE_LEN = 24;
    public static final int SQE_RW_FLAGS = 28;
    public static final int SQE_USER_DATA = 32;
    public static final int SQE_BUF_INDEX = 40;
    public static final int SQE_PERSONALITY = 42;
    public static final int SQE_FILE_INDEX = 44;
    public static final int SQE_ADDR3 = 48;
    /** Start of the 80-byte command area of a 128-byte SQE (uring_cmd). */
    public static final int SQE_CMD = 48;

    /** Human name of a setup flag set, for messages. */
    public static String setupFlagNames(int flags) {
        String[] names = {"IOPOLL", "SQPOLL", "SQ_AFF", "CQSIZE", "CLAMP", "ATTACH_WQ", "R_DISABLED",
            "SUBMIT_ALL", "COOP_TASKRUN", "TASKRUN_FLAG", "SQE128", "CQE32", "SINGLE_ISSUER",
            "DEFER_TASKRUN", "NO_MMAP", "REGISTERED_FD_ONLY", "NO_SQARRAY"};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 32; i++) {
            if ((flags & (1 << i)) != 0) {
                if (sb.length() > 0) {
                    sb.append('|');
                }
                sb.append(i < names.length ? names[i] : "0x" + Integer.toHexString(1 << i));
            }
        }
        return sb.length() == 0 ? "0" : sb.toString();
    }
}
