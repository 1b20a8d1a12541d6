package io.jfio.engine.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.Errno;
import io.jfio.engine.nativeio.LibC;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.nativeio.PosixLib;
import io.jfio.engine.nativeio.RawMemory;

/**
 * fio's net engine (engines/net.c) for TCP and UDP over IPv4 and IPv6 and UNIX stream sockets: a job with
 * {@code listen} (or, for unix, a reading job) binds and accepts one connection when its file is
 * opened, the other side connects to hostname:port (or the socket path); writes are send(2)
 * (MSG_MORE while more is to come), reads recv(2); with pingpong every I/O is answered by one in
 * the other direction. Closing sends fio's 8-byte link-close message, which ends the peer's job
 * when it arrives in place of data. UDP is fio's datagram protocol: a reading job binds, waits for
 * the sender's link-open datagram, then receives until the link-close datagram; a hostname in
 * 224.0.0.0/4 makes it multicast (the reader joins the group, the writer sets TTL and interface).
 * vsock is refused with a clear error.
 *
 * netsplice is the same engine whose TCP transfers go through a pipe it owns, as fio's: a write
 * vmsplices the buffer into the pipe and splices the pipe into the socket, a read splices the
 * socket into the pipe and vmsplices the pipe into the buffer (unix sockets use send/recv in
 * both). Unlike net it reports in bytes, not bits (fio gives it no FIO_BIT_BASED).
 */
public final class NetEngine implements IoEngine {
    private static final int AF_UNIX = 1;
    private static final int AF_INET = 2;
    private static final int AF_INET6 = 10;
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
    private static final int MSG_MORE = 0x8000;
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int MSG_WAITALL = 0x100;
    private static final int LINK_MAGIC = 0x6c696e6b;
    private static final int LINK_CLOSE = 0x89;
    private static final int LINK_OPEN = 0x98;
    /** The trailer fio's UDP sender writes at the end of each datagram (magic, bs, sequence). */
    private static final long UDP_SEQ_MAGIC = 0x657375716e556563L;
    private static final int UDP_SEQ_LEN = 24;
    private static final int SPLICE_F_MOVE = 1;

    static final List<EngineOption> OPTIONS = List.of(
        EngineOption.string("hostname", null, "Hostname for net IO engine"),
        EngineOption.integer("port", null, 1, 65535, "Port to use for TCP or UDP net connections"),
        EngineOption.choice("protocol", "tcp", List.of("tcp", "tcpv6", "udp", "udpv6", "unix", "vsock"),
            List.of("Transmission Control Protocol", "Transmission Control Protocol V6", "User Datagram Protocol",
                "User Datagram Protocol V6", "UNIX domain socket", "Virtual socket"), "Network protocol to use")
            .alias("proto"),
        new EngineOption("nodelay", EngineOption.Type.BOOL, null, "Use TCP_NODELAY on TCP connections",
            List.of(), 0, 1),
        EngineOption.flag("listen", "Listen for incoming TCP connections"),
        EngineOption.flag("pingpong", "Ping-pong IO requests"),
        EngineOption.string("interface", null, "Network interface to use"),
        EngineOption.integer("ttl", "1", 0, 0, "Time-to-live value for outgoing UDP multicast packets"),
        EngineOption.integer("window_size", null, 0, 0, "Set socket buffer window size"),
        EngineOption.integer("mss", null, 0, 0, "Set TCP maximum segment size"));

    private final String name;
    private LibC libc;
    private PosixLib net;
    private boolean unix;
    private boolean udp;
    private boolean ipv6;
    private boolean multicast;
    private String intfc;
    private int ttl;
    private long udpSendSeq;
    private boolean listen;
    private boolean nodelay;
    private boolean pingpong;
    private boolean reads;
    private boolean writes;
    private int windowSize;
    private int mss;
    private int listenFd = -1;
    private ByteBuffer addr;
    private long addrAddr;
    private int addrLen;
    private ByteBuffer scratch;
    private long scratchAddr;
    private long bytesSent;
    private long sizeToSend;
    private boolean finished;
    private java.io.PrintStream info;
    /** netsplice's pipe (read end, write end); -1 for net. */
    private int pipeRead = -1;
    private int pipeWrite = -1;

    public NetEngine() {
        this("net");
    }

    NetEngine(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Set<EngineFlag> flags() {
        // no commit hook in fio's net engine: submits and completions count per I/O
        return splice()
            ? EnumSet.of(EngineFlag.SYNC_IO, EngineFlag.DISK_LESS, EngineFlag.NO_COMMIT)
            : EnumSet.of(EngineFlag.SYNC_IO, EngineFlag.DISK_LESS, EngineFlag.NO_COMMIT, EngineFlag.BIT_BASED);
    }

    private boolean splice() {
        return name.equals("netsplice");
    }

    @Override
    public List<EngineOption> options() {
        return OPTIONS;
    }

    @Override
    public void init(EngineContext ctx) throws EngineException {
        EngineOptions eo = EngineOptions.parse(OPTIONS, ctx.engineOptions());
        String proto = eo.getString("protocol");
        if (proto.equals("vsock")) {
            throw new EngineException(Errno.EINVAL, "net", "jfio: net protocol=vsock is not supported"
                + " (tcp, tcpv6, udp, udpv6 and unix are)");
        }
        unix = proto.equals("unix");
        udp = proto.startsWith("udp");
        ipv6 = proto.endsWith("v6");
        if (ctx.randomIo()) {
            throw new EngineException(Errno.EINVAL, "net", "fio: network IO can't be random");
        }
        int port = eo.getInt("port");
        if (unix && port != 0) {
            throw new EngineException(Errno.EINVAL, "net", "fio: network IO port not valid with unix socket");
        } else if (!unix && port == 0) {
            throw new EngineException(Errno.EINVAL, "net", "fio: network IO requires port for tcp or udp");
        }
        port += Math.max(0, ctx.subjobNumber());
        reads = !ctx.readOnly() ? ctx.reads() : true;
        writes = !ctx.readOnly();
        listen = eo.getBool("listen");
        nodelay = eo.getBool("nodelay");
        pingpong = eo.getBool("pingpong");
        windowSize = eo.getInt("window_size");
        mss = eo.getInt("mss");
        intfc = eo.getString("interface");
        ttl = (int) eo.getLong("ttl");
        String host = eo.getString("hostname");
        String target = host != null ? host : ctx.files().isEmpty() ? null : ctx.files().get(0).path;
        if (unix || udp) {
            if (listen) {
                throw new EngineException(Errno.EINVAL, "net", "fio: listen only valid for TCP proto IO");
            }
            if (reads && writes) {
                throw new EngineException(Errno.EINVAL, "net", "fio: datagram network connections must be read OR write");
            }
            listen = reads;
        }
        multicast = udp && host != null && isMulticast(host);
        if (udp && listen && host != null && !multicast) {
            throw new EngineException(Errno.EINVAL, "net",
                "fio: hostname not valid for non-multicast inbound network IO");
        }
        if (multicast && ipv6) {
            throw new EngineException(Errno.EINVAL, "net", listen
                ? "fio: IPv6 not supported for multicast network IO" : "fio: multicast not supported on IPv6");
        }
        libc = Native.libc();
        net = PosixLib.get();
        info = ctx.infoOut();
        scratch = RawMemory.allocate(256, 8);
        scratchAddr = RawMemory.address(scratch);
        addr = RawMemory.allocate(128, 8);
        addrAddr = RawMemory.address(addr);
        if (unix) {
            byte[] p = target.getBytes(StandardCharsets.UTF_8);
            addr.putShort(0, (short) AF_UNIX);
            for (int i = 0; i < p.length && i < 107; i++) {
                addr.put(2 + i, p[i]);
            }
            addrLen = 2 + Math.min(p.length, 107) + 1;
        } else {
            byte[] ip = new byte[ipv6 ? 16 : 4];
            if (!listen || multicast) {
                ip = resolve(target == null ? "localhost" : target);
            }
            addr.putShort(0, (short) (ipv6 ? AF_INET6 : AF_INET));
            addr.order(ByteOrder.BIG_ENDIAN).putShort(2, (short) port).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < ip.length; i++) {
                addr.put((ipv6 ? 8 : 4) + i, ip[i]);
            }
            addrLen = ipv6 ? 28 : 16;
        }
        sizeToSend = 0;
        for (IoFile f : ctx.files()) {
            sizeToSend += f.ioSize;
        }
        if (splice()) {
            if (net.pipe(scratchAddr) < 0) {
                throw failure("pipe");
            }
            pipeRead = scratch.getInt(0);
            pipeWrite = scratch.getInt(4);
        }
        if (listen) {
            setupListen(target);
        }
    }

    /** The address of a host name or literal in the protocol's family, as fio's getaddrinfo hints ask. */
    private byte[] resolve(String target) throws EngineException {
        try {
            for (InetAddress a : InetAddress.getAllByName(target)) {
                byte[] ip = a.getAddress();
                if (ip.length == (ipv6 ? 16 : 4)) {
                    return ip;
                }
            }
        } catch (UnknownHostException e) {
            throw new EngineException(Errno.EINVAL, "net", "fio: getaddrinfo: " + e.getMessage());
        }
        throw new EngineException(Errno.EINVAL, "net", "fio: getaddrinfo: Address family for hostname not supported");
    }

    /** 224.0.0.0 to 239.255.255.255, as fio's net.c tests a hostname for multicast. */
    static boolean isMulticast(String host) {
        String[] p = host.split("\\.", -1);
        if (p.length != 4) {
            return false;
        }
        try {
            int first = Integer.parseInt(p[0]);
            for (String q : p) {
                int v = Integer.parseInt(q);
                if (v < 0 || v > 255) {
                    return false;
                }
            }
            return first >= 224 && first <= 239;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private int domain() {
        return unix ? AF_UNIX : ipv6 ? AF_INET6 : AF_INET;
    }

    private void setupListen(String path) throws EngineException {
        int fd = net.socket(domain(), udp ? SOCK_DGRAM : SOCK_STREAM, 0);
        if (fd < 0) {
            throw failure("socket");
        }
        if (unix) {
            libc.unlink(path);
        } else {
            setInt(fd, SOL_SOCKET, SO_REUSEADDR, 1, "setsockopt");
            setInt(fd, SOL_SOCKET, SO_REUSEPORT, 1, "setsockopt");
            socketBuffers(fd);
        }
        if (multicast) {
            // struct ip_mreq: the group, then the interface (INADDR_ANY unless interface= names one)
            scratch.putInt(0, addr.getInt(4));
            scratch.putInt(4, intfc == null ? 0 : ipv4(intfc));
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
        if (udp) {
            listenFd = fd;
            return;
        }
        if (net.listen(fd, 10) < 0) {
            EngineException e = failure("listen");
            libc.close(fd);
            throw e;
        }
        listenFd = fd;
    }

    private void socketBuffers(int fd) throws EngineException {
        if (windowSize > 0) {
            setInt(fd, SOL_SOCKET, SO_RCVBUF, windowSize, "rcvbuf window size");
            setInt(fd, SOL_SOCKET, SO_SNDBUF, windowSize, "sndbuf window size");
        }
        if (mss > 0 && !unix && !udp) {
            setInt(fd, IPPROTO_TCP, TCP_MAXSEG, mss, "setsockopt TCP_MAXSEG");
        }
    }

    private void setInt(int fd, int level, int opt, int value, String what) throws EngineException {
        scratch.putInt(0, value);
        if (net.setsockopt(fd, level, opt, scratchAddr, 4) < 0) {
            throw failure(what);
        }
    }

    /** interface= as an IPv4 address in network order, as fio's inet_aton reads it. */
    private int ipv4(String ip) throws EngineException {
        String[] p = ip.split("\\.", -1);
        if (p.length == 4) {
            try {
                int v = 0;
                for (int i = 3; i >= 0; i--) {
                    int b = Integer.parseInt(p[i]);
                    if (b < 0 || b > 255) {
                        v = -1;
                        break;
                    }
                    v = (v << 8) | b;
                }
                if (v != -1 || ip.equals("255.255.255.255")) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // fall through to fio's message
            }
        }
        throw new EngineException(Errno.EINVAL, "net", "fio: interface not valid interface IP");
    }

    private static EngineException failure(String func) {
        int e = Native.errno();
        return new EngineException(e, func, null);
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws EngineException {
        int fd;
        if (udp) {
            openDatagram(file);
            return;
        }
        if (listen) {
            if (info != null) {
                info.println("fio: waiting for connection");
                info.flush();
            }
            scratch.putInt(128, 128);
            fd = net.accept(listenFd, scratchAddr, scratchAddr + 128);
            if (fd < 0) {
                throw failure("accept");
            }
        } else {
            fd = net.socket(domain(), SOCK_STREAM, 0);
            if (fd < 0) {
                throw failure("socket");
            }
            file.fd = fd;
            if (!unix) {
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
        if (nodelay && !unix) {
            scratch.putInt(0, 1);
            if (net.setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, scratchAddr, 4) < 0) {
                int e = Native.errno();
                throw new EngineException(e, "setsockopt", "fio: cannot set TCP_NODELAY option on socket ("
                    + Errno.strerror(e) + "), disable with 'nodelay=0'");
            }
        }
    }

    /**
     * UDP as fio's net.c: the receiver uses its bound socket and waits for the sender's link-open
     * datagram; the sender opens an unconnected socket (multicast TTL/interface set for a group
     * address) and sends that datagram to the receiver.
     */
    private void openDatagram(IoFile file) throws EngineException {
        if (listen) {
            file.fd = listenFd;
            scratch.putInt(128, 128);
            long r = net.recvfrom(listenFd, scratchAddr, 8, MSG_WAITALL, addrAddr, scratchAddr + 128);
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
        int fd = net.socket(domain(), SOCK_DGRAM, 0);
        if (fd < 0) {
            throw failure("socket");
        }
        file.fd = fd;
        try {
            socketBuffers(fd);
            if (multicast) {
                if (intfc != null) {
                    scratch.putInt(0, ipv4(intfc));
                    setInt4(fd, IP_MULTICAST_IF, "setsockopt IP_MULTICAST_IF");
                }
                scratch.putInt(0, ttl);
                setInt4(fd, IP_MULTICAST_TTL, "setsockopt IP_MULTICAST_TTL");
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

    private void setInt4(int fd, int opt, String what) throws EngineException {
        if (net.setsockopt(fd, IPPROTO_IP, opt, scratchAddr, 4) < 0) {
            throw failure(what);
        }
    }

    @Override
    public void closeFile(IoFile file) {
        if (file.fd < 0) {
            return;
        }
        // fio's link-close message tells the peer this side is done
        scratch.putInt(0, LINK_MAGIC);
        scratch.putInt(4, LINK_CLOSE);
        if (udp) {
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

    @Override
    public QueueStatus queue(IoUnit u) {
        if (u.ddir == IoDirection.WRITE || u.ddir == IoDirection.READ) {
            long r = transfer(u, u.ddir);
            if (r > 0 && pingpong && r == u.length) {
                long back = transfer(u, u.ddir == IoDirection.WRITE ? IoDirection.READ : IoDirection.WRITE);
                if (back <= 0) {
                    r = back;
                }
            }
            u.complete(r < 0 ? -Native.errno() : r);
        } else {
            u.complete(u.length); // syncs have nothing to do on a socket
        }
        return QueueStatus.COMPLETED;
    }

    /** One send or recv of the unit's buffer: bytes moved, 0 when the peer is gone, -1 on error. */
    private long transfer(IoUnit u, IoDirection d) {
        int fd = u.file.fd;
        if (udp) {
            return datagram(u, d);
        }
        if (pipeRead >= 0 && !unix) {
            return spliceTransfer(u, d);
        }
        if (d == IoDirection.WRITE) {
            int flags = MSG_NOSIGNAL;
            if (!pingpong && bytesSent + u.length < sizeToSend) {
                flags |= MSG_MORE;
            }
            long r = net.send(fd, u.bufferAddress, u.length, flags);
            if (r > 0) {
                bytesSent += r;
            } else if (r < 0 && Native.errno() == 32) {
                finished = true; // EPIPE: the reader has gone
                return 0;
            }
            return r;
        }
        long r = net.recv(fd, u.bufferAddress, u.length, 0);
        if (r < u.length && r > 0 && !isCloseMessage(u, r)) {
            // a stream hands out what has arrived: wait for the whole block, as fio's MSG_WAITALL retry
            long more = net.recv(fd, u.bufferAddress + r, u.length - r, MSG_WAITALL);
            if (more > 0) {
                r += more;
            }
        }
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
            if (u.length >= UDP_SEQ_LEN) {
                com.kenai.jffi.MemoryIO m = com.kenai.jffi.MemoryIO.getInstance();
                long t = u.bufferAddress + u.length - UDP_SEQ_LEN;
                m.putLong(t, UDP_SEQ_MAGIC);
                m.putLong(t + 8, u.length);
                m.putLong(t + 16, udpSendSeq++);
            }
            long r = net.sendto(fd, u.bufferAddress, u.length, 0, addrAddr, addrLen);
            if (r > 0) {
                bytesSent += r;
            }
            return r;
        }
        long r;
        if (listen) {
            scratch.putInt(128, 128);
            r = net.recvfrom(fd, u.bufferAddress, u.length, 0, addrAddr, scratchAddr + 128);
        } else {
            r = net.recvfrom(fd, u.bufferAddress, u.length, 0, 0, 0);
        }
        if (isCloseMessage(u, r)) {
            finished = true;
            return 0;
        }
        return r;
    }

    /**
     * netsplice's transfer, as fio's net.c: buffer to pipe to socket, or socket to pipe to buffer;
     * each leg loops until its length is moved, a call returns 0, or it fails (-1 only when
     * nothing moved).
     */
    private long spliceTransfer(IoUnit u, IoDirection d) {
        long r;
        if (d == IoDirection.WRITE) {
            r = vmsplice(u, pipeWrite, u.length);
            if (r > 0) {
                r = spliceAll(pipeRead, u.file.fd, r);
            }
            if (r > 0) {
                bytesSent += r;
            } else if (r < 0 && Native.errno() == 32) {
                finished = true; // EPIPE: the reader has gone
                return 0;
            }
            return r;
        }
        r = spliceAll(u.file.fd, pipeWrite, u.length);
        if (r > 0) {
            r = vmsplice(u, pipeRead, r);
        }
        if (r == 0 || isCloseMessage(u, r)) {
            finished = true;
            return 0;
        }
        return r;
    }

    private long spliceAll(int in, int out, long len) {
        long done = 0;
        while (len > 0) {
            long r = net.splice(in, 0, out, 0, len, 0);
            if (r < 0) {
                return done == 0 ? r : done;
            } else if (r == 0) {
                break;
            }
            done += r;
            len -= r;
        }
        return done;
    }

    private long vmsplice(IoUnit u, int fd, long len) {
        long done = 0;
        while (len > 0) {
            scratch.putLong(16, u.bufferAddress + done);
            scratch.putLong(24, len);
            long r = net.vmsplice(fd, scratchAddr + 16, 1, SPLICE_F_MOVE);
            if (r < 0) {
                return done == 0 ? r : done;
            } else if (r == 0) {
                break;
            }
            done += r;
            len -= r;
        }
        return done;
    }

    private boolean isCloseMessage(IoUnit u, long len) {
        return len == 8 && com.kenai.jffi.MemoryIO.getInstance().getInt(u.bufferAddress) == LINK_MAGIC
            && com.kenai.jffi.MemoryIO.getInstance().getInt(u.bufferAddress + 4) == LINK_CLOSE;
    }

    @Override
    public boolean finished() {
        return finished;
    }

    @Override
    public void cleanup() {
        if (listenFd >= 0) {  // a TCP/unix listener, or a UDP receiver whose file never opened
            libc.close(listenFd);
            listenFd = -1;
        }
        if (pipeRead >= 0) {
            libc.close(pipeRead);
            libc.close(pipeWrite);
            pipeRead = pipeWrite = -1;
        }
    }

    /** ServiceLoader entry. */
    public static final class Factory extends SimpleEngineFactory {
        public Factory() {
            super("network I/O over TCP or UNIX stream sockets", NetEngine::new);
        }
    }

    /** ServiceLoader entry of netsplice. */
    public static final class SpliceFactory extends SimpleEngineFactory {
        public SpliceFactory() {
            super("network I/O with splice/vmsplice through a pipe", () -> new NetEngine("netsplice"));
        }
    }
}
