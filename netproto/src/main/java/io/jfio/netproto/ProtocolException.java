package io.jfio.netproto;

import java.io.IOException;

/** The peer broke fio's protocol (bad CRC, another protocol version, an unexpected command). */
public final class ProtocolException extends IOException {
    public ProtocolException(String message) {
        super(message);
    }
}
