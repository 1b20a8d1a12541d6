package io.jfio.engine.sg;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;

import java.util.List;
import java.util.Map;

/** fio's sg engine options (engines/sg.c), in its --enghelp order, read once into fields. */
public final class SgOptions {
    /** What a write unit sends (fio's sg_write_mode; the deprecated aliases map to the same modes). */
    public enum WriteMode { WRITE, WRITE_AND_VERIFY, WRITE_SAME, WRITE_SAME_NDOB, VERIFY_BYTCHK_00,
        VERIFY_BYTCHK_01, VERIFY_BYTCHK_11, WRITE_STREAM }

    private static final List<String> MODES = List.of("write", "write_and_verify", "verify", "write_same", "same",
        "write_same_ndob", "verify_bytchk_00", "verify_bytchk_01", "verify_bytchk_11", "write_stream");

    public static final List<EngineOption> OPTIONS = List.of(
        EngineOption.flag("hipri", "Use polled IO completions"),
        EngineOption.bool("readfua", "Set FUA flag (force unit access) for all Read operations"),
        EngineOption.bool("writefua", "Set FUA flag (force unit access) for all Write operations"),
        EngineOption.choice("sg_write_mode", "write", MODES, List.of(
            "Issue standard SCSI WRITE commands",
            "Issue SCSI WRITE AND VERIFY commands",
            "Issue SCSI WRITE AND VERIFY commands. This option is deprecated. Use write_and_verify instead.",
            "Issue SCSI WRITE SAME commands",
            "Issue SCSI WRITE SAME commands. This option is deprecated. Use write_same instead.",
            "Issue SCSI WRITE SAME(16) commands with NDOB flag set",
            "Issue SCSI VERIFY commands with BYTCHK set to 00",
            "Issue SCSI VERIFY commands with BYTCHK set to 01",
            "Issue SCSI VERIFY commands with BYTCHK set to 11",
            "Issue SCSI WRITE STREAM(16) commands"), "Specify SCSI WRITE mode"),
        EngineOption.integer("stream_id", "0", 0, 0, // fio gives it no range
            "Stream ID for WRITE STREAM(16) commands"));

    public final boolean hipri;
    public final boolean readFua;
    public final boolean writeFua;
    public final WriteMode writeMode;

    SgOptions(boolean hipri, boolean readFua, boolean writeFua, WriteMode writeMode) {
        this.hipri = hipri;
        this.readFua = readFua;
        this.writeFua = writeFua;
        this.writeMode = writeMode;
    }

    public static SgOptions parse(Map<String, String> raw) throws EngineException {
        EngineOptions eo = EngineOptions.parse(OPTIONS, raw);
        WriteMode mode = switch (eo.getString("sg_write_mode")) {
            case "write_and_verify", "verify" -> WriteMode.WRITE_AND_VERIFY;
            case "write_same", "same" -> WriteMode.WRITE_SAME;
            case "write_same_ndob" -> WriteMode.WRITE_SAME_NDOB;
            case "verify_bytchk_00" -> WriteMode.VERIFY_BYTCHK_00;
            case "verify_bytchk_01" -> WriteMode.VERIFY_BYTCHK_01;
            case "verify_bytchk_11" -> WriteMode.VERIFY_BYTCHK_11;
            case "write_stream" -> WriteMode.WRITE_STREAM;
            default -> WriteMode.WRITE;
        };
        if (mode == WriteMode.WRITE_STREAM) {
            // fio opens a stream with GET STREAM STATUS/STREAM CONTROL per file; jfio sends none of that.
            throw new EngineException(22, null,
                "fio: sg_write_mode=write_stream is not supported by jfio's sg engine (WRITE STREAM(16) is not sent)");
        }
        // stream_id only feeds WRITE STREAM(16): with any other mode fio reads it and it changes nothing.
        return new SgOptions(eo.isSet("hipri") && eo.getBool("hipri"), eo.getBool("readfua"), eo.getBool("writefua"),
            mode);
    }
}
