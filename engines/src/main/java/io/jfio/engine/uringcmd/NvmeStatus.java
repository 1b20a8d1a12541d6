package io.jfio.engine.uringcmd;

/**
 * Names for the NVMe status field that a passthrough completion returns as a positive
 * {@code cqe.res} (SC bits 7:0, SCT bits 10:8, DNR bit 14, as the NVMe base specification lays the status field out).
 */
public final class NvmeStatus {
    private NvmeStatus() {
    }

    public static int sct(int status) {
        return (status >> 8) & 0x7;
    }

    public static int sc(int status) {
        return status & 0xFF;
    }

    /** fio's detail text plus the status code's name, e.g. "cq entry status (sct=0x00; sc=0x80) LBA Out of Range". */
    public static String describe(int status) {
        return String.format("cq entry status (sct=0x%02x; sc=0x%02x) %s", sct(status), sc(status),
                name(sct(status), sc(status)));
    }

    /** The NVMe base specification's name for a status code type and value. */
    public static String name(int sct, int sc) {
        switch (sct) {
            case 0:
                switch (sc) {
                    case 0x00: return "Successful Completion";
                    case 0x01: return "Invalid Command Opcode";
                    case 0x02: return "Invalid Field in Command";
                    case 0x03: return "Command ID Conflict";
                    case 0x04: return "Data Transfer Error";
                    case 0x05: return "Commands Aborted due to Power Loss Notification";
                    case 0x06: return "Internal Error";
                    case 0x07: return "Command Abort Requested";
                    case 0x08: return "Command Aborted due to SQ Deletion";
                    case 0x09: return "Command Aborted due to Failed Fused Command";
                    case 0x0A: return "Command Aborted due to Missing Fused Command";
                    case 0x0B: return "Invalid Namespace or Format";
                    case 0x0C: return "Command Sequence Error";
                    case 0x0D: return "Invalid SGL Segment Descriptor";
                    case 0x0E: return "Invalid Number of SGL Descriptors";
                    case 0x0F: return "Data SGL Length Invalid";
                    case 0x10: return "Metadata SGL Length Invalid";
                    case 0x11: return "SGL Descriptor Type Invalid";
                    case 0x15: return "Operation Denied";
                    case 0x19: return "Invalid Use of Controller Memory Buffer";
                    case 0x1A: return "PRP Offset Invalid";
                    case 0x1B: return "Atomic Write Unit Exceeded";
                    case 0x1D: return "SGL Offset Invalid";
                    case 0x20: return "Namespace is Write Protected";
                    case 0x21: return "Command Interrupted";
                    case 0x22: return "Transient Transport Error";
                    case 0x80: return "LBA Out of Range";
                    case 0x81: return "Capacity Exceeded";
                    case 0x82: return "Namespace Not Ready";
                    case 0x83: return "Reservation Conflict";
                    case 0x84: return "Format In Progress";
                    default: return "Generic Command Status 0x" + Integer.toHexString(sc);
                }
            case 1:
                switch (sc) {
                    case 0x00: return "Completion Queue Invalid";
                    case 0x01: return "Invalid Queue Identifier";
                    case 0x02: return "Invalid Queue Size";
                    case 0x0A: return "Invalid Format";
                    case 0x0B: return "Firmware Activation Requires Conventional Reset";
                    case 0x80: return "Conflicting Attributes";
                    case 0x81: return "Invalid Protection Information";
                    case 0x82: return "Attempted Write to Read Only Range";
                    case 0x83: return "Command Size Limit Exceeded";
                    case 0xB8: return "Zoned Boundary Error";
                    case 0xB9: return "Zone Is Full";
                    case 0xBA: return "Zone Is Read Only";
                    case 0xBB: return "Zone Is Offline";
                    case 0xBC: return "Zone Invalid Write";
                    default: return "Command Specific Status 0x" + Integer.toHexString(sc);
                }
            case 2:
                switch (sc) {
                    case 0x80: return "Write Fault";
                    case 0x81: return "Unrecovered Read Error";
                    case 0x82: return "End-to-end Guard Check Error";
                    case 0x83: return "End-to-end Application Tag Check Error";
                    case 0x84: return "End-to-end Reference Tag Check Error";
                    case 0x85: return "Compare Failure";
                    case 0x86: return "Access Denied";
                    case 0x87: return "Deallocated or Unwritten Logical Block";
                    default: return "Media and Data Integrity Error 0x" + Integer.toHexString(sc);
                }
            case 3:
                return "Path Related Status 0x" + Integer.toHexString(sc);
            case 7:
                return "Vendor Specific Status 0x" + Integer.toHexString(sc);
            default:
                return "Status Code Type " + sct + " 0x" + Integer.toHexString(sc);
        }
    }
}
