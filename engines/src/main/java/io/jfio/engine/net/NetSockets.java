package io.jfio.engine.net;

import io.jfio.engine.EngineException;
import io.jfio.engine.EngineStopped;
import io.jfio.engine.IoFile;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.PosixLib;
import io.jfio.engine.nativeio.RawMemory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.BooleanSupplier;

/**
 * Socket set-up per protocol, as fio's net.c: the binding side's socket (TCP/unix listen, UDP
 * bind with multicast membership), accept or connect for streams, the UDP link-open handshake,
 * socket options (window_size, mss, nodelay, multicast TTL/interface) and the link-close
 * message. Owns the peer address and a small native scratch area, allocated once.
 */
final class NetSockets {
    private static final int SOCK_STREAM = 1;
    private static final int SOCK_DGRAM = 2;
    private static final int IPPROTO_IP = 0;
    private static final int IP_MULTICAST_IF = 32;
    private static final int IP_MULTICAST_TTL = 33;
    private static final int IP_ADD_MEMBERSHIP = 35;
    private static final int SOL_SOCKET = 1;
    private static final int SO_REUSEADDR = 2;
    private static final int SO_SNDBUF = 7;
    private static final int SO_RCVBUF = 8;
    private static final int SO_REUSEPORT = 15;
    private static final int IPPROTO_TCP = 6;
    private static final int TCP_NODELAY = 1;
    private static final int TCP_MAXSEG = 2;
    static final int MSG_NOSIGNAL = 0x4000;
    static final int MSG_WAITALL = 0x100;
    static final int LINK_MAGIC = 0x6c696e6b;
    static final int LINK_CLOSE = 0x89;
    private static final int LINK_OPEN = 0x98;
    /** scratch: 0..127 option values and messages, 128 a socklen_t, 16..31 an iovec (netsplice). */
    static final int SCRATCH_LEN = 128;
    static final int SCRATCH_IOVEC = 16;

    final NetConfig c;
    final LibC libc = Native.libc();
    final PosixLib net = PosixLib.get();
    final ByteBuffer scratch = RawMemory.allocate(256, 8);
    final long scratchAddr = RawMemory.address(scratch);
    private final ByteBuffer addr = RawMemory.allocate(128, 8);
    final long addrAddr = RawMemory.address(addr);
    final int addrLen;
    /** A TCP/unix listener, or the UDP receiver's bound socket. */
    int listenFd = -1;

    /** scratch: a struct pollfd for the listener's wait (fd, events, revents). */
    private static final int SCRATCH_POLLFD = 192;
    private static final short POLLIN = 1;
    /** How long one poll of the listener waits before it looks at the terminate flag again. */
    private static final int ACCEPT_POLL_MS = 100;
    private static final int EINTR = 4;

    private final BooleanSupplier terminated;

    NetSockets(NetConfig c, BooleanSupplier terminated) throws EngineException {
        this.c = c;
        this.terminated = terminated;
        this.addrLen = NetAddress.fill(addr, c);
    }

    static EngineException failure(String func) {
        return new EngineException(Native.errno(), func, null);
    }

    /** The binding side at init: fio's fio_netio_setup_listen. */
    void setupListen() throws EngineException {
        int fd = net.socket(NetAddress.domain(c), c.udp ? SOCK_DGRAM : SOCK_STREAM, 0);
        if (fd < 0) {
            throw failure("socket");
        }
        if (c.unix) {
            libc.unlink(c.target);
        } else if (c.vsock) {
            setInt(fd, SOL_SOCKET, SO_REUSEADDR, 1, "setsockopt");
        } else {
            setInt(fd, SOL_SOCKET, SO_REUSEADDR, 1, "setsockopt");
            setInt(fd, SOL_SOCKET, SO_REUSEPORT, 1, "setsockopt");
            socketBuffers(fd);
        }
        if (c.multicast) {
            // struct ip_mreq: the group, then the interface (INADDR_ANY unless interface= names one)
            scratch.putInt(0, addr.getInt(4));
            scratch.putInt(4, c.intfc == null ? 0 : NetAddress.ipv4(c.intfc));
            if (net.setsockopt(fd, IPPROTO_IP, IP_ADD_MEMBERSHIP, scratchAddr, 8) < 0) {
                EngineException e = failure("setsockopt IP_ADD_MEMBERSHIP");
                libc.close(fd);
                throw e;
            }
        }
        if (net.bind(fd, addrAddr, addrLen) < 0) {
            EngineException e = failure("bind");
            libc.close(fd);
            throw e;
        }
        if (!c.udp && net.listen(fd, 10) < 0) {
            EngineException e = failure("listen");
            libc.close(fd);
            throw e;
        }
        listenFd = fd;
    }

    private void socketBuffers(int fd) throws EngineException {
        if (c.windowSize > 0) {
            setInt(fd, SOL_SOCKET, SO_RCVBUF, c.windowSize, "rcvbuf window size");
            setInt(fd, SOL_SOCKET, SO_SNDBUF, c.windowSize, "sndbuf window size");
        }
        if (c.mss > 0 && !c.unix && !c.udp && !c.vsock) {
            setInt(fd, IPPROTO_TCP, TCP_MAXSEG, c.mss, "setsockopt TCP_MAXSEG");
        }
    }

    private void setInt(int fd, int level, int opt, int value, String what) throws EngineException {
        scratch.putInt(0, value);
        if (net.setsockopt(fd, level, opt, scratchAddr, 4) < 0) {
            throw failure(what);
        }
    }

    /** A stream's connection when its file opens: accept on the listener, or connect. */
    void openStream(IoFile file, java.io.PrintStream info) throws EngineException {
        int fd;
        if (c.listen) {
            if (info != null) {
                info.println("fio: waiting for connection");
                info.flush();
            }
            awaitConnection();
            scratch.putInt(SCRATCH_LEN, 128);
            fd = net.accept(listenFd, scratchAddr, scratchAddr + SCRATCH_LEN);
            if (fd < 0) {
                throw failure("accept");
            }
        } else {
            fd = net.socket(NetAddress.domain(c), SOCK_STREAM, 0);
            if (fd < 0) {
                throw failure("socket");
            }
            file.fd = fd;
            if (!c.unix) {
                socketBuffers(fd);
            }
            if (net.connect(fd, addrAddr, addrLen) < 0) {
                EngineException e = failure("connect");
                libc.close(fd);
                file.fd = -1;
                throw e;
            }
        }
        file.fd = fd;
        if (c.nodelay && !c.unix && !c.vsock) {
            scratch.putInt(0, 1);
            if (net.setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, scratchAddr, 4) < 0) {
                int e = Native.errno();
                throw new EngineException(e, "setsockopt", "fio: cannot set TCP_NODELAY option on socket ("
                    + Errno.strerror(e) + "), disable with 'nodelay=0'");
            }
        }
    }

    /**
     * Waits until the listener has a connection to accept, as fio's poll_wait: a stop of the run
     * ends the wait (fio's poll is interrupted by the terminating signal; a JVM thread's is not,
     * so this one polls in slices and looks at the terminate flag between them).
     */
    private void awaitConnection() throws EngineException {
        long pfd = scratchAddr + SCRATCH_POLLFD;
        while (!terminated.getAsBoolean()) {
            scratch.putInt(SCRATCH_POLLFD, listenFd);
            scratch.putShort(SCRATCH_POLLFD + 4, POLLIN);
            scratch.putShort(SCRATCH_POLLFD + 6, (short) 0);
            int r = net.poll(pfd, 1, ACCEPT_POLL_MS);
            if (r > 0) {
                return;
            }
            if (r < 0 && Native.errno() != EINTR) {
                throw failure("poll");
            }
        }
        throw new EngineStopped("accept");
    }

    /**
     * UDP as fio's net.c: the receiver uses its bound socket and waits for the sender's link-open
     * datagram; the sender opens an unconnected socket (multicast TTL/interface set for a group
     * address) and sends that datagram to the receiver.
     */
    void openDatagram(IoFile file) throws EngineException {
        if (c.listen) {
            file.fd = listenFd;
            scratch.putInt(SCRATCH_LEN, 128);
            long r = net.recvfrom(listenFd, scratchAddr, 8, MSG_WAITALL, addrAddr, scratchAddr + SCRATCH_LEN);
            if (r < 0) {
                file.fd = -1;
                throw failure("recvfrom udp link open");
            }
            scratch.order(ByteOrder.BIG_ENDIAN);
            int magic = scratch.getInt(0);
            int cmd = scratch.getInt(4);
            scratch.order(ByteOrder.LITTLE_ENDIAN);
            if (magic != LINK_MAGIC || cmd != LINK_OPEN) {
                file.fd = -1;
                throw new EngineException(Errno.EINVAL, "net", String.format("fio: bad udp open magic %x/%x",
                    magic, cmd));
            }
            return;
        }
        int fd = net.socket(NetAddress.domain(c), SOCK_DGRAM, 0);
        if (fd < 0) {
            throw failure("socket");
        }
        file.fd = fd;
        try {
            socketBuffers(fd);
            if (c.multicast) {
                if (c.intfc != null) {
                    scratch.putInt(0, NetAddress.ipv4(c.intfc));
                    setIp(fd, IP_MULTICAST_IF, "setsockopt IP_MULTICAST_IF");
                }
                scratch.putInt(0, c.ttl);
                setIp(fd, IP_MULTICAST_TTL, "setsockopt IP_MULTICAST_TTL");
            }
            // the link-open message goes in network byte order, the close message in little-endian, as fio's
            scratch.order(ByteOrder.BIG_ENDIAN).putInt(0, LINK_MAGIC).putInt(4, LINK_OPEN)
                .order(ByteOrder.LITTLE_ENDIAN);
            if (net.sendto(fd, scratchAddr, 8, MSG_WAITALL, addrAddr, addrLen) < 0) {
                throw failure("sendto udp link open");
            }
        } catch (EngineException e) {
            libc.close(fd);
            file.fd = -1;
            throw e;
        }
    }

    private void setIp(int fd, int opt, String what) throws EngineException {
        if (net.setsockopt(fd, IPPROTO_IP, opt, scratchAddr, 4) < 0) {
            throw failure(what);
        }
    }

    /** fio's link-close message tells the peer this side is done; then the socket is closed. */
    void close(IoFile file) {
        scratch.putInt(0, LINK_MAGIC);
        scratch.putInt(4, LINK_CLOSE);
        if (c.udp) {
            net.sendto(file.fd, scratchAddr, 8, MSG_WAITALL, addrAddr, addrLen);
            if (file.fd == listenFd) {
                listenFd = -1; // the receiver's file is its bound socket: closed once, here
            }
        } else {
            net.send(file.fd, scratchAddr, 8, MSG_NOSIGNAL);
        }
        libc.close(file.fd);
        file.fd = -1;
    }

    /** A listener, or a UDP receiver's socket whose file never opened. */
    void cleanup() {
        if (listenFd >= 0) {
            libc.close(listenFd);
            listenFd = -1;
        }
    }
}
