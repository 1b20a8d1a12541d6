package io.jfio.engine.uringcmd;

import io.jfio.engine.CmdprioOptions;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.uring.NvmeCmdOptions;
import io.jfio.engine.uring.RingOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The io_uring_cmd options jfio supports (fio's engines/io_uring.c), read from the job's raw
 * engine options. Unknown or unsupported values fail with one clear line before any I/O.
 */
public final class UringCmdOptions extends RingOptions {
    public static final List<EngineOption> OPTIONS = options();

    /** True: NVME_URING_CMD_IO with a plain buffer; false: NVME_URING_CMD_IO_VEC with one iovec. */
    public boolean nonVectored = true;
    public boolean readFua;
    public boolean writeFua;
    /** The NVMe opcode of a write (write_mode): Write, Write Uncorrectable, Write Zeroes or Verify. */
    public int writeOpcode = Nvme.OPC_WRITE;
    /** CDW12 bits of every read and write: FUA, or DEAC for Write Zeroes (fio's cdw12_flags). */
    public int readCdw12;
    public int writeCdw12;
    /** verify_mode=compare: the verify phase's reads are NVMe Compare commands. */
    public boolean verifyCompare;
    /** md_per_io_size: bytes of separate metadata buffer per I/O unit (0: none). */
    public long mdPerIoSize;
    /** pi_act: the controller inserts and strips the PI (PRACT); else the host computes and checks it. */
    public boolean piAct;
    /** pi_chk as cdw12 PRCHK bits (GUARD, REFTAG, APPTAG, each where its word appears, as fio's strstr). */
    public int prchk;
    public int apptag;
    public int apptagMask;

    private static List<EngineOption> options() {
        // In fio 3.42's order (its --enghelp=io_uring_cmd listing).
        // Stricter than io_uring's (0/1 only), as jfio's io_uring_cmd has always been.
        List<EngineOption> ring = declarations(1, "Use polled IO completions (needs nvme poll_queues)",
            "Pre map IO buffers (IORING_URING_CMD_FIXED)");
        List<EngineOption> all = new ArrayList<>();
        all.add(ring.get(0));
        // fio 3.42's are FIO_OPT_BOOL: 0/1 with a value, bare is an error
        all.addAll(NvmeCmdOptions.FUA_AND_MODES);
        all.addAll(ring.subList(1, ring.size()));
        all.add(EngineOption.integer("nonvectored", "-1", -1, 1,
            "Use non-vectored commands (1) or NVME_URING_CMD_IO_VEC (0)"));
        // listed as fio lists them; parse() refuses both before parsing
        all.add(EngineOption.integer("uncached", "0", 0, Integer.MAX_VALUE, "Use RWF_DONTCACHE for buffered read/writes"));
        all.add(EngineOption.bool("nowait", "Use RWF_NOWAIT for reads/writes"));
        all.add(FORCE_ASYNC);
        all.add(NvmeCmdOptions.CMD_TYPE);
        all.addAll(CmdprioOptions.OPTIONS);
        all.addAll(NvmeCmdOptions.PI);
        return List.copyOf(all);
    }

    public static UringCmdOptions parse(Map<String, String> raw) throws EngineException {
        // Values fio would take but jfio does not implement get a line saying so, not fio's bare
        // "failed parsing".
        for (String k : raw.keySet()) {
            if (k.equals("nowait") || k.equals("uncached")) {
                // fio ORs these RWF bits into uring_cmd_flags, which makes every command fail
                // with EINVAL; refuse instead of copying that.
                throw bad(k + " does not apply to io_uring_cmd (NVMe passthrough has no RWF flags)");
            }
        }
        // fio's own parse errors (bad values, ranges) first, then what jfio does not implement.
        EngineOptions eo = EngineOptions.parse(OPTIONS, CmdprioOptions.readValues(raw));
        UringCmdOptions o = new UringCmdOptions();
        o.verifyCompare = eo.getString("verify_mode").equals("compare");
        o.mdPerIoSize = eo.getLong("md_per_io_size");
        o.piAct = eo.getBool("pi_act");
        String chk = eo.getString("pi_chk");
        if (chk != null) {
            o.prchk = (chk.contains("GUARD") ? Nvme.PRCHK_GUARD : 0) | (chk.contains("REFTAG") ? Nvme.PRCHK_REF : 0)
                | (chk.contains("APPTAG") ? Nvme.PRCHK_APP : 0);
        }
        // fio keeps both in 16-bit command fields (cdw15 = mask << 16 | tag)
        o.apptag = (int) eo.getLong("apptag") & 0xFFFF;
        o.apptagMask = (int) eo.getLong("apptag_mask") & 0xFFFF;
        o.readShared(eo);
        o.nonVectored = eo.getInt("nonvectored") != 0;
        o.readFua = eo.getBool("readfua");
        o.writeFua = eo.getBool("writefua");
        switch (eo.getString("write_mode")) {
            case "uncor" -> o.writeOpcode = Nvme.OPC_WRITE_UNCOR;
            case "zeroes" -> {
                o.writeOpcode = Nvme.OPC_WRITE_ZEROES;
                o.writeCdw12 = eo.getBool("deac") ? Nvme.CDW12_DEAC : 0;
            }
            case "verify" -> o.writeOpcode = Nvme.OPC_VERIFY;
            default -> o.writeOpcode = Nvme.OPC_WRITE;
        }
        // as fio's fio_ioring_cmd_init: writefua replaces the flags (a DEAC with it is dropped)
        o.readCdw12 = o.readFua ? Nvme.CDW12_FUA : 0;
        if (o.writeFua) {
            o.writeCdw12 = Nvme.CDW12_FUA;
        }
        if (o.fixedbufs && !o.nonVectored) {
            // Fixed + vectored passthrough makes 6.1 kernels WARN and leak the request (lab README).
            throw bad("fixedbufs with nonvectored=0 is not supported for io_uring_cmd");
        }
        return o;
    }

    /** The PRINFO bits fio ORs into every read and write's cdw12: PRACT for pi_act=1, and pi_chk's checks. */
    public int prinfo() {
        return (piAct ? Nvme.PRACT : 0) | prchk;
    }

    private static EngineException bad(String msg) {
        return new EngineException(22, null, "fio: " + msg);
    }
}
