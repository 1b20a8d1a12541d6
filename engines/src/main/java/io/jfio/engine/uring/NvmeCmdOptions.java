package io.jfio.engine.uring;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;

import java.util.List;

/**
 * The NVMe passthrough options fio 3.42 declares in engines/io_uring.c's one option table, which
 * io_uring shares with io_uring_cmd: same names, types, defaults and values for both engines.
 * On io_uring fio uses readfua, writefua, write_mode, verify_mode, cmd_type and deac only when
 * building passthrough commands, so there they change nothing; the PI ones are io_uring's too.
 */
public final class NvmeCmdOptions {
    /** readfua, writefua (fio's FIO_OPT_BOOL: 0/1 with a value, bare is an error), write_mode, verify_mode. */
    public static final List<EngineOption> FUA_AND_MODES = List.of(
        EngineOption.bool("readfua", "Set FUA flag (force unit access) for all Read operations"),
        EngineOption.bool("writefua", "Set FUA flag (force unit access) for all Write operations"),
        EngineOption.choice("write_mode", "write", List.of("write", "uncor", "zeroes", "verify"),
            List.of("Issue Write commands for write operations",
                "Issue Write Uncorrectable commands for write operations",
                "Issue Write Zeroes commands for write operations",
                "Issue Verify commands for write operations"),
            "Issue Write Uncorrectable or Zeroes command instead of Write command"),
        EngineOption.choice("verify_mode", "read", List.of("read", "compare"),
            List.of("Issue Read commands in the verification phase",
                "Issue Compare commands in the verification phase"),
            "Issue Read or Compare command in the verification phase"));

    public static final EngineOption CMD_TYPE =
        EngineOption.choice("cmd_type", "nvme", List.of("nvme"), List.of("Issue nvme-uring-cmd"),
            "Specify uring-cmd type");

    /**
     * md_per_io_size, pi_act, pi_chk, apptag, apptag_mask, deac: accepted with fio's types and
     * ranges; what would make fio build a separate metadata buffer or check PI is refused after
     * parsing by each engine.
     */
    public static final List<EngineOption> PI = List.of(
        EngineOption.integer("md_per_io_size", "0", 0, 0, "Size of separate metadata buffer per I/O (Default: 0)"),
        new EngineOption("pi_act", EngineOption.Type.BOOL, "1",
            "Protection Information Action bit (pi_act=1 or pi_act=0)", List.of(), 0, 1),
        new EngineOption("pi_chk", EngineOption.Type.STRING, null,
            "Control of Protection Information Checking (pi_chk=GUARD,REFTAG,APPTAG)", List.of(), 0, 0),
        EngineOption.integer("apptag", "0x1234", 0, 0, "Application Tag used in Protection Information field (Default: 0x1234)"),
        EngineOption.integer("apptag_mask", "0xffff", 0, 0, "Application Tag Mask used with Application Tag (Default: 0xffff)"),
        EngineOption.bool("deac", "Set DEAC (deallocate) flag for write zeroes command"));

    /** Separate metadata buffers and PI checking, which jfio does not do: refused by name. */
    public static void refusePi(EngineOptions eo, String engine) throws EngineException {
        if (eo.getLong("md_per_io_size") != 0) {
            throw new EngineException(22, null, "fio: md_per_io_size=" + eo.getLong("md_per_io_size")
                + " is not supported by jfio's " + engine + " (no separate metadata buffers; only 0)");
        }
        if (eo.getString("pi_chk") != null) {
            throw new EngineException(22, null, "fio: pi_chk=" + eo.getString("pi_chk")
                + " is not supported by jfio's " + engine + " (no protection information checking)");
        }
    }

    private NvmeCmdOptions() {
    }
}
