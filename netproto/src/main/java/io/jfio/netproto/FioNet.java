package io.jfio.netproto;

/**
 * Constants of fio's client/server protocol as fio 3.42 speaks it (fio's server.h): every
 * command is a 24-byte little-endian header (version, opcode, flags, tag, payload length, then
 * a CRC-16 of the 20 bytes before it and one of the payload) followed by the payload; payloads
 * over 1024 bytes travel as fragments flagged "more".
 */
public final class FioNet {
    /** The protocol version of fio 3.42; fio refuses any other. */
    public static final int VERSION = 120;
    public static final int DEFAULT_PORT = 8765;
    static final int HEADER = 24;
    static final int MAX_FRAGMENT = 1024;
    static final int FLAG_MORE = 1;
    /** fio refuses commands larger than this (FIO_SERVER_MAX_CMD_MB). */
    static final long MAX_COMMAND = 2048L << 20;

    public static final int QUIT = 1;
    public static final int EXIT = 2;
    public static final int JOB = 3;
    public static final int JOBLINE = 4;
    public static final int TEXT = 5;
    public static final int TS = 6;
    public static final int GS = 7;
    public static final int SEND_ETA = 8;
    public static final int ETA = 9;
    public static final int PROBE = 10;
    public static final int START = 11;
    public static final int STOP = 12;
    public static final int DU = 13;
    public static final int SERVER_START = 14;
    public static final int ADD_JOB = 15;
    public static final int RUN = 16;
    public static final int IOLOG = 17;
    public static final int UPDATE_JOB = 18;
    public static final int LOAD_FILE = 19;
    public static final int VTRIGGER = 20;
    public static final int SENDFILE = 21;
    public static final int JOB_OPT = 22;

    /** fio's client type for the command-line client (FIO_CLIENT_TYPE_CLI). */
    static final int CLIENT_TYPE_CLI = 1;

    private static final String[] NAMES = {"", "QUIT", "EXIT", "JOB", "JOBLINE", "TEXT", "TS", "GS", "SEND_ETA",
        "ETA", "PROBE", "START", "STOP", "DU", "SERVER_START", "ADD_JOB", "RUN", "IOLOG", "UPDATE_JOB",
        "LOAD_FILE", "VTRIGGER", "SENDFILE", "JOB_OPT"};

    private FioNet() {
    }

    public static String name(int opcode) {
        return opcode > 0 && opcode < NAMES.length ? NAMES[opcode] : "opcode " + opcode;
    }

    /** The fio release that speaks a protocol version, for messages (known ones only). */
    static String releaseOf(int version) {
        return switch (version) {
            case 120 -> "fio 3.42";
            case 97 -> "fio 3.33";
            default -> "another fio release";
        };
    }
}
