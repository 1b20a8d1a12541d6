package io.jfio.engine.sg;

/** The names fio's sg error details give the sg_io_hdr status fields (Linux's sg_err.h and SCSI status codes). */
final class SgStatusNames {
    private static final String[] HOST = {null, "SG_ERR_DID_NO_CONNECT", "SG_ERR_DID_BUS_BUSY", "SG_ERR_DID_TIME_OUT",
        "SG_ERR_DID_BAD_TARGET", "SG_ERR_DID_ABORT", "SG_ERR_DID_PARITY", "SG_ERR_DID_ERROR (internal error)",
        "SG_ERR_DID_RESET", "SG_ERR_DID_BAD_INTR (unexpected)", "SG_ERR_DID_PASSTHROUGH",
        "SG_ERR_DID_SOFT_ERROR (driver retry?)", "SG_ERR_DID_IMM_RETRY", "SG_ERR_DID_REQUEUE",
        "SG_ERR_DID_TRANSPORT_DISRUPTED", "SG_ERR_DID_TRANSPORT_FAILFAST", "SG_ERR_DID_TARGET_FAILURE",
        "SG_ERR_DID_NEXUS_FAILURE", "SG_ERR_DID_ALLOC_FAILURE", "SG_ERR_DID_MEDIUM_ERROR"};
    private static final String[] DRIVER = {null, "SG_ERR_DRIVER_BUSY", "SG_ERR_DRIVER_SOFT", "SG_ERR_DRIVER_MEDIA",
        "SG_ERR_DRIVER_ERROR", "SG_ERR_DRIVER_INVALID", "SG_ERR_DRIVER_TIMEOUT", "SG_ERR_DRIVER_HARD",
        "SG_ERR_DRIVER_SENSE"};

    private SgStatusNames() {
    }

    static String host(int s) {
        return s > 0 && s < HOST.length ? HOST[s] : "Unknown";
    }

    static String driver(int low) {
        return low > 0 && low < DRIVER.length ? DRIVER[low] : "Unknown";
    }

    /** The suggestion nibble; fio adds nothing for values without a name. */
    static String suggest(int high) {
        return switch (high) {
            case 0x10 -> "SG_ERR_SUGGEST_RETRY";
            case 0x20 -> "SG_ERR_SUGGEST_ABORT";
            case 0x30 -> "SG_ERR_SUGGEST_REMAP";
            case 0x40 -> "SG_ERR_SUGGEST_DIE";
            case 0x80 -> "SG_ERR_SUGGEST_SENSE";
            default -> "";
        };
    }

    static String scsi(int s) {
        return switch (s) {
            case 0x02 -> "CHECK_CONDITION";
            case 0x04 -> "CONDITION_MET";
            case 0x08 -> "BUSY";
            case 0x10 -> "INTERMEDIATE";
            case 0x14 -> "INTERMEDIATE_CONDITION_MET";
            case 0x18 -> "RESERVATION_CONFLICT";
            case 0x22 -> "COMMAND_TERMINATED";
            case 0x28 -> "TASK_SET_FULL";
            case 0x30 -> "ACA_ACTIVE";
            case 0x40 -> "TASK_ABORTED";
            default -> "Unknown";
        };
    }
}
