package io.jfio.engine.net;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineOption;
import io.jfio.engine.EngineOptions;
import io.jfio.engine.IoFile;
import io.jfio.engine.nativeio.Errno;

import java.util.List;

/**
 * The net and netsplice options (fio's netio_options) and the job facts they depend on, checked
 * with fio's net.c messages: which protocol, which side binds, where the other side is.
 */
final class NetConfig {
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

    boolean unix;
    boolean udp;
    /** AF_VSOCK stream sockets: TCP's listen/connect model, the peer named by its CID. */
    boolean vsock;
    boolean ipv6;
    boolean multicast;
    String intfc;
    int ttl;
    /** This side binds: a TCP listen job, or the reading side of unix and UDP. */
    boolean listen;
    boolean nodelay;
    boolean pingpong;
    boolean reads;
    boolean writes;
    int windowSize;
    int mss;
    int port;
    /** vsock: the peer's context ID (hostname read as C's atoi reads it, as fio's). */
    int cid;
    /** hostname, else the job's first file name (the socket path for unix); null for neither. */
    String target;
    /** The job's size over all its files: a write uses MSG_MORE while more is to come. */
    long sizeToSend;

    private NetConfig() {
    }

    static NetConfig from(EngineContext ctx) throws EngineException {
        EngineOptions eo = EngineOptions.parse(OPTIONS, ctx.engineOptions());
        NetConfig c = new NetConfig();
        String proto = eo.getString("protocol");
        c.vsock = proto.equals("vsock");
        c.unix = proto.equals("unix");
        c.udp = proto.startsWith("udp");
        c.ipv6 = proto.endsWith("v6");
        if (ctx.randomIo()) {
            throw invalid("fio: network IO can't be random");
        }
        int port = eo.getInt("port");
        if (c.unix && port != 0) {
            throw invalid("fio: network IO port not valid with unix socket");
        } else if (c.vsock && port == 0) {
            throw invalid("fio: network IO requires port for vsock");
        } else if (!c.unix && port == 0) {
            throw invalid("fio: network IO requires port for tcp or udp");
        }
        c.port = port + Math.max(0, ctx.subjobNumber());
        c.reads = !ctx.readOnly() ? ctx.reads() : true;
        c.writes = !ctx.readOnly();
        c.listen = eo.getBool("listen");
        c.nodelay = eo.getBool("nodelay");
        c.pingpong = eo.getBool("pingpong");
        c.windowSize = eo.getInt("window_size");
        c.mss = eo.getInt("mss");
        c.intfc = eo.getString("interface");
        c.ttl = (int) eo.getLong("ttl");
        String host = eo.getString("hostname");
        c.target = host != null ? host : ctx.files().isEmpty() ? null : ctx.files().get(0).path;
        if (c.vsock && !c.listen) {
            c.cid = NetAddress.vsockCid(host, c.reads);
        }
        if (c.unix || c.udp) {
            if (c.listen) {
                throw invalid("fio: listen only valid for TCP proto IO");
            }
            if (c.reads && c.writes) {
                throw invalid("fio: datagram network connections must be read OR write");
            }
            c.listen = c.reads;
        }
        c.multicast = c.udp && host != null && NetAddress.isMulticast(host);
        if (c.udp && c.listen && host != null && !c.multicast) {
            throw invalid("fio: hostname not valid for non-multicast inbound network IO");
        }
        if (c.multicast && c.ipv6) {
            throw invalid(c.listen ? "fio: IPv6 not supported for multicast network IO"
                : "fio: multicast not supported on IPv6");
        }
        for (IoFile f : ctx.files()) {
            c.sizeToSend += f.ioSize;
        }
        return c;
    }

    private static EngineException invalid(String message) {
        return new EngineException(Errno.EINVAL, "net", message);
    }
}
