package io.jfio.engine.net;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.jfio.engine.EngineContext;
import io.jfio.engine.EngineException;
import io.jfio.engine.EngineFlag;
import io.jfio.engine.EngineOption;
import io.jfio.engine.IoDirection;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.QueueStatus;
import io.jfio.engine.SimpleEngineFactory;
import io.jfio.engine.nativeio.Native;

/**
 * fio's net engine (engines/net.c) for TCP and UDP over IPv4 and IPv6, UNIX and vsock stream sockets: a job with
 * {@code listen} (or, for unix, a reading job) binds and accepts one connection when its file is
 * opened, the other side connects to hostname:port (or the socket path); writes are send(2)
 * (MSG_MORE while more is to come), reads recv(2); with pingpong every I/O is answered by one in
 * the other direction. Closing sends fio's 8-byte link-close message, which ends the peer's job
 * when it arrives in place of data. UDP is fio's datagram protocol: a reading job binds, waits for
 * the sender's link-open datagram, then receives until the link-close datagram; a hostname in
 * 224.0.0.0/4 makes it multicast (the reader joins the group, the writer sets TTL and interface).
 * vsock (AF_VSOCK) streams work as TCP's: listen binds every CID, the sender connects to the CID
 * in hostname.
 *
 * netsplice is the same engine whose TCP transfers go through a pipe it owns, as fio's: a write
 * vmsplices the buffer into the pipe and splices the pipe into the socket, a read splices the
 * socket into the pipe and vmsplices the pipe into the buffer (unix sockets use send/recv in
 * both). Unlike net it reports in bytes, not bits (fio gives it no FIO_BIT_BASED).
 *
 * The options are {@link NetConfig}'s, the sockets {@link NetSockets}', the data paths
 * {@link NetTransfer}'s.
 */
public final class NetEngine implements IoEngine {
    static final List<EngineOption> OPTIONS = NetConfig.OPTIONS;

    private final String name;
    private NetConfig config;
    private NetSockets sockets;
    private NetTransfer transfer;
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
        config = NetConfig.from(ctx);
        info = ctx.logOut(); // fio prints its "waiting for connection" in every output format
        sockets = new NetSockets(config, ctx.terminated());
        if (splice()) {
            if (sockets.net.pipe(sockets.scratchAddr) < 0) {
                throw NetSockets.failure("pipe");
            }
            pipeRead = sockets.scratch.getInt(0);
            pipeWrite = sockets.scratch.getInt(4);
        }
        transfer = new NetTransfer(sockets, pipeRead, pipeWrite, ctx.verifies());
        if (config.listen) {
            sockets.setupListen();
        }
    }

    @Override
    public void openFile(IoFile file, int openFlags) throws EngineException {
        if (config.udp) {
            sockets.openDatagram(file);
        } else {
            sockets.openStream(file, info);
        }
    }

    @Override
    public void closeFile(IoFile file) {
        if (file.fd >= 0) {
            sockets.close(file);
        }
    }

    @Override
    public QueueStatus queue(IoUnit u) {
        if (u.ddir == IoDirection.WRITE || u.ddir == IoDirection.READ) {
            long r = transfer.transfer(u, u.ddir);
            if (r > 0 && config.pingpong && r == u.length) {
                long back = transfer.transfer(u, u.ddir == IoDirection.WRITE ? IoDirection.READ : IoDirection.WRITE);
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

    /** A UDP receiver's sequence gaps, counted as its reads' drops (fio's drop_io_u). */
    @Override
    public long droppedIos(int ddir) {
        return ddir == 0 && transfer != null ? transfer.udpDropped() : 0;
    }

    @Override
    public boolean finished() {
        return transfer != null && transfer.finished;
    }

    @Override
    public void cleanup() {
        if (sockets != null) {
            sockets.cleanup();
        }
        if (pipeRead >= 0) {
            sockets.libc.close(pipeRead);
            sockets.libc.close(pipeWrite);
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
