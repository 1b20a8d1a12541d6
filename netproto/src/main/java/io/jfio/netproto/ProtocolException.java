package io.jfio.netproto;

import java.io.IOException;

/** The peer broke fio's protocol (bad CRC, another protocol version, an unexpected command). */
public final class ProtocolException extends IOException {
    /** The protocol version the peer spoke when that was the problem, else -1. */
    public final int peerVersion;

    public ProtocolException(String message) {
        this(message, -1);
    }

    public ProtocolException(String message, int peerVersion) {
        super(message);
        this.peerVersion = peerVersion;
    }
}
