package io.jfio.engine.net;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.SpliceLoop;

/**
 * The send and receive paths of net and netsplice (fio's net.c): stream send/recv, UDP datagrams
 * with fio's sequence trailer, and netsplice's pipe (buffer to pipe to socket, socket to pipe to
 * buffer). Each returns bytes moved, 0 once the peer is gone (link-close message, EOF, EPIPE;
 * {@link #finished} is then set), or -1 with errno set.
 */
final class NetTransfer {
    private static final com.kenai.jffi.MemoryIO MEM = com.kenai.jffi.MemoryIO.getInstance();
    private static final int MSG_MORE = 0x8000;
    private static final int EPIPE = 32;
    /** The trailer fio's UDP sender writes at the end of each datagram (magic, bs, sequence). */
    private static final long UDP_SEQ_MAGIC = 0x657375716e556563L;
    private static final int UDP_SEQ_LEN = 24;
    private static final int SPLICE_F_MOVE = 1;

    private final NetConfig c;
    private final NetSockets s;
    /** netsplice's pipe (read end, write end); -1 for net and for unix sockets. */
    private final int pipeRead;
    private final int pipeWrite;
    private long bytesSent;
    private long udpSendSeq;
    /** The receiver's next expected sequence number, and the datagrams missing before it. */
    private long udpRecvSeq;
    private long udpDropped;
    /** A trailer with another block size was seen: sequence checks are off (fio's seq_off). */
    private boolean seqOff;
    /** verify= is set: fio's net engine neither stamps nor checks the trailer. */
    private final boolean sequence;
    boolean finished;

    NetTransfer(NetSockets s, int pipeRead, int pipeWrite, boolean verifies) {
        this.sequence = !verifies;
        this.c = s.c;
        this.s = s;
        this.pipeRead = pipeRead;
        this.pipeWrite = pipeWrite;
    }

    long transfer(IoUnit u, IoDirection d) {
        if (c.udp) {
            return datagram(u, d);
        }
        if (pipeRead >= 0 && !c.unix) {
            return spliced(u, d);
        }
        return d == IoDirection.WRITE ? send(u) : recv(u);
    }

    private long send(IoUnit u) {
        int flags = NetSockets.MSG_NOSIGNAL;
        if (!c.pingpong && bytesSent + u.length < c.sizeToSend) {
            flags |= MSG_MORE;
        }
        return sent(s.net.send(u.file.fd, u.bufferAddress, u.length, flags));
    }

    private long sent(long r) {
        if (r > 0) {
            bytesSent += r;
        } else if (r < 0 && Native.errno() == EPIPE) {
            finished = true; // the reader has gone
            return 0;
        }
        return r;
    }

    private long recv(IoUnit u) {
        int fd = u.file.fd;
        long r = s.net.recv(fd, u.bufferAddress, u.length, 0);
        if (r < u.length && r > 0 && !isCloseMessage(u, r)) {
            // a stream hands out what has arrived: wait for the whole block, as fio's MSG_WAITALL retry
            long more = s.net.recv(fd, u.bufferAddress + r, u.length - r, NetSockets.MSG_WAITALL);
            if (more > 0) {
                r += more;
            }
        }
        return received(u, r);
    }

    private long received(IoUnit u, long r) {
        if (r == 0 || isCloseMessage(u, r)) {
            finished = true;
            return 0;
        }
        return r;
    }

    /**
     * One datagram: the sender stamps fio's sequence trailer in the buffer's last 24 bytes and sends
     * to the receiver's address; the receiver remembers where each came from (its pingpong reply
     * goes there) and ends at the sender's link-close datagram.
     */
    private long datagram(IoUnit u, IoDirection d) {
        int fd = u.file.fd;
        if (d == IoDirection.WRITE) {
            if (sequence && u.length >= UDP_SEQ_LEN) {
                // fio's struct udp_seq: magic, seq, bs (little-endian, as x86 stores them)
                long t = u.bufferAddress + u.length - UDP_SEQ_LEN;
                MEM.putLong(t, UDP_SEQ_MAGIC);
                MEM.putLong(t + 8, udpSendSeq++);
                MEM.putLong(t + 16, u.length);
            }
            long r = s.net.sendto(fd, u.bufferAddress, u.length, 0, s.addrAddr, s.addrLen);
            if (r > 0) {
                bytesSent += r;
            }
            return r;
        }
        long r;
        if (c.listen) {
            s.scratch.putInt(NetSockets.SCRATCH_LEN, 128);
            r = s.net.recvfrom(fd, u.bufferAddress, u.length, 0, s.addrAddr, s.scratchAddr + NetSockets.SCRATCH_LEN);
        } else {
            r = s.net.recvfrom(fd, u.bufferAddress, u.length, 0, 0, 0);
        }
        if (isCloseMessage(u, r)) {
            finished = true;
            return 0;
        }
        if (sequence) {
            checkSequence(u);
        }
        return r;
    }

    /**
     * fio's verify_udp_seq: a trailer with fio's magic and this block size carries the sender's
     * sequence number; a gap counts the datagrams in it as dropped. (fio reads the trailer at the
     * end of the block whatever the datagram's length, as here.)
     */
    private void checkSequence(IoUnit u) {
        if (u.length < UDP_SEQ_LEN || seqOff) {
            return;
        }
        long t = u.bufferAddress + u.length - UDP_SEQ_LEN;
        if (MEM.getLong(t) != UDP_SEQ_MAGIC) {
            return;
        }
        if (MEM.getLong(t + 16) != u.length) {
            seqOff = true;
            return;
        }
        long seq = MEM.getLong(t + 8);
        if (seq != udpRecvSeq) {
            udpDropped += seq - udpRecvSeq;
        }
        udpRecvSeq = seq + 1;
    }

    /** Datagrams the receiver found missing from the sender's sequence. */
    long udpDropped() {
        return udpDropped;
    }

    /**
     * netsplice's transfer, as fio's net.c: buffer to pipe to socket, or socket to pipe to buffer;
     * each leg loops until its length is moved, a call returns 0, or it fails (-1 only when
     * nothing moved).
     */
    private long spliced(IoUnit u, IoDirection d) {
        long iov = s.scratchAddr + NetSockets.SCRATCH_IOVEC;
        if (d == IoDirection.WRITE) {
            long r = SpliceLoop.vmsplice(s.net, pipeWrite, iov, u.bufferAddress, u.length, SPLICE_F_MOVE, false);
            if (r > 0) {
                r = SpliceLoop.splice(s.net, pipeRead, u.file.fd, 0, r, 0, false);
            }
            return sent(r);
        }
        long r = SpliceLoop.splice(s.net, u.file.fd, pipeWrite, 0, u.length, 0, false);
        if (r > 0) {
            r = SpliceLoop.vmsplice(s.net, pipeRead, iov, u.bufferAddress, r, SPLICE_F_MOVE, false);
        }
        return received(u, r);
    }

    private static boolean isCloseMessage(IoUnit u, long len) {
        return len == 8 && MEM.getInt(u.bufferAddress) == NetSockets.LINK_MAGIC
            && MEM.getInt(u.bufferAddress + 4) == NetSockets.LINK_CLOSE;
    }
}
