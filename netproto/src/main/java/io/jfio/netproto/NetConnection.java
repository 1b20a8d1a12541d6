package io.jfio.netproto;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One socket speaking fio's framing: commands out in fragments of at most 1024 payload bytes,
 * commands in reassembled from their fragments, every header and payload CRC checked and the
 * protocol version compared (a peer of another fio release is named, not waited for).
 */
public final class NetConnection implements Closeable {
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final String peer;

    public NetConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
        this.peer = socket.getInetAddress().getHostAddress() + "," + socket.getPort();
    }

    public String peer() {
        return peer;
    }

    public Socket socket() {
        return socket;
    }

    /** Sends one command, fragmented as fio does; synchronized so that ETA replies never split a command. */
    public void send(int opcode, long tag, byte[] payload) throws IOException {
        send(FioNet.VERSION, opcode, tag, payload);
    }

    /**
     * Sends in another protocol version: only to tell a peer of another fio release, in words
     * its version can show (a TEXT), why the session ends.
     */
    public synchronized void send(int version, int opcode, long tag, byte[] payload) throws IOException {
        int off = 0;
        do {
            int len = Math.min(FioNet.MAX_FRAGMENT, payload.length - off);
            boolean more = off + len < payload.length;
            ByteBuffer h = ByteBuffer.allocate(FioNet.HEADER + len).order(ByteOrder.LITTLE_ENDIAN);
            h.putShort((short) version).putShort((short) opcode).putInt(more ? FioNet.FLAG_MORE : 0)
                    .putLong(tag).putInt(len);
            byte[] a = h.array();
            h.putShort((short) Crc16.of(a, 0, 20));
            h.putShort((short) Crc16.of(payload, off, len));
            h.put(payload, off, len);
            out.write(a);
            off += len;
        } while (off < payload.length);
        out.flush();
    }

    public void send(int opcode, byte[] payload) throws IOException {
        send(opcode, 0, payload);
    }

    /** The next whole command; EOFException when the peer closed the connection between commands. */
    public NetCommand receive() throws IOException {
        ByteArrayOutputStream whole = null;
        byte[] head = new byte[FioNet.HEADER];
        while (true) {
            try {
                in.readFully(head);
            } catch (EOFException e) {
                throw whole == null ? e : new ProtocolException("connection closed inside a fragmented command");
            }
            ByteBuffer h = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
            int version = h.getShort() & 0xffff;
            int opcode = h.getShort() & 0xffff;
            int flags = h.getInt();
            long tag = h.getLong();
            long len = h.getInt() & 0xffffffffL;
            int cmdCrc = h.getShort() & 0xffff;
            int pduCrc = h.getShort() & 0xffff;
            if (Crc16.of(head, 0, 20) != cmdCrc) {
                throw new ProtocolException("bad CRC on a command header from " + peer
                        + " (not fio's protocol?)");
            }
            if (version != FioNet.VERSION) {
                throw new ProtocolException("client/server version mismatch: " + peer + " speaks protocol version "
                        + version + " (" + FioNet.releaseOf(version) + "), jfio speaks " + FioNet.VERSION
                        + " (fio 3.42); fio's protocol needs the same version on both ends"
                        + " (jfio-multi --hosts works across versions)", version);
            }
            if (len > FioNet.MAX_FRAGMENT) {
                throw new ProtocolException("command payload too large: " + len + " bytes from " + peer);
            }
            byte[] p = new byte[(int) len];
            in.readFully(p);
            if (Crc16.of(p, 0, p.length) != pduCrc) {
                throw new ProtocolException("bad CRC on a " + FioNet.name(opcode) + " payload from " + peer);
            }
            if ((flags & FioNet.FLAG_MORE) == 0 && whole == null) {
                return new NetCommand(opcode, tag, p);
            }
            if (whole == null) {
                whole = new ByteArrayOutputStream();
            }
            whole.write(p);
            if (whole.size() > FioNet.MAX_COMMAND) {
                throw new ProtocolException("command larger than 2 GiB from " + peer);
            }
            if ((flags & FioNet.FLAG_MORE) == 0) {
                return new NetCommand(opcode, tag, whole.toByteArray());
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
