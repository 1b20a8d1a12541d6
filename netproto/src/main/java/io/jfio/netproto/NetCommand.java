package io.jfio.netproto;

/** One reassembled command: opcode, the tag a reply must echo, and the whole payload. */
public record NetCommand(int opcode, long tag, byte[] payload) {
    @Override
    public String toString() {
        return FioNet.name(opcode) + " (" + payload.length + " bytes)";
    }
}
