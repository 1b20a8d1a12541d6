package io.jfio.netproto;

import io.jfio.report.GroupResult;
import io.jfio.report.JobOption;
import io.jfio.report.JobResult;
import io.jfio.report.RunResult;

import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code fio --server}'s side of the protocol (fio's server.c) for an unchanged fio 3.42 client:
 * answers the probe, takes the command line (JOBLINE) and job file (JOB), runs them on RUN through
 * the {@link JobRunner}, and sends back what fio's backend sends: the job messages as TEXT, START,
 * SERVER_START, every job option (JOB_OPT), one TS per reported thread_stat, one GS per group,
 * STOP and QUIT. ETA requests are answered while the run goes. One client at a time, as a fio
 * server runs one client's jobs at a time; the next connection is taken when a session ends.
 */
public final class FioServer implements AutoCloseable {
    private final ServerSocket listener;
    private final JobRunner runner;
    private final String version;
    private final PrintStream log;

    public FioServer(BindAddress bind, JobRunner runner, String version, PrintStream log) throws IOException {
        this.runner = runner;
        this.version = version;
        this.log = log;
        this.listener = new ServerSocket();
        listener.setReuseAddress(true);
        listener.bind(new InetSocketAddress(bind.host() == null ? null : InetAddress.getByName(bind.host()),
                bind.port()));
    }

    public int port() {
        return listener.getLocalPort();
    }

    /**
     * Serves clients until closed, each connection on its own thread (fio's server forks one
     * process per connection), so a stuck or silent peer never blocks the next client.
     */
    public void serve() throws IOException {
        while (!listener.isClosed()) {
            Socket s;
            try {
                s = listener.accept();
            } catch (SocketException e) {
                if (listener.isClosed()) {
                    return;
                }
                throw e;
            }
            Thread t = new Thread(() -> session(s), "fio-server-" + s.getInetAddress().getHostAddress() + "," + s.getPort());
            t.start();
        }
    }

    private void session(Socket s) {
        try (NetConnection c = new NetConnection(s)) {
            s.setTcpNoDelay(true);
            s.setKeepAlive(true);
            try {
                new Session(c).serve();
            } catch (ProtocolException e) {
                log.println("fio: " + e.getMessage());
                if (e.peerVersion >= 0) {
                    tellOtherRelease(c, e);
                }
            }
        } catch (IOException e) {
            log.println("fio: connection from " + s.getInetAddress().getHostAddress() + " ended: " + e.getMessage());
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }

    /** A client of another fio release gets the reason as text in its own version, then QUIT. */
    private static void tellOtherRelease(NetConnection c, ProtocolException e) {
        try {
            c.send(e.peerVersion, FioNet.TEXT, 0, textPdu(3, "fio: jfio's server: " + e.getMessage() + "\n"));
            c.send(e.peerVersion, FioNet.STOP, 0, stopPdu(1));
            c.send(e.peerVersion, FioNet.QUIT, 0, new byte[0]);
            // read what it already sent before closing: closing on unread data resets the
            // connection, and the reset would kill its client before it shows the text
            Socket s = c.socket();
            s.shutdownOutput();
            s.setSoTimeout(3000);
            byte[] sink = new byte[4096];
            while (s.getInputStream().read(sink) >= 0) {
                // discard
            }
        } catch (IOException ignored) {
            // it went away first
        }
    }

    /** A TEXT payload at fio's log level (2 info, 3 error). */
    static byte[] textPdu(int level, String s) {
        byte[] t = s.getBytes(StandardCharsets.UTF_8);
        long now = System.currentTimeMillis();
        ByteBuffer b = ByteBuffer.allocate(25 + t.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(level).putInt(t.length + 1).putLong(now / 1000).putLong(now % 1000 * 1000).put(t);
        return b.array();
    }

    /** One client's commands. */
    private final class Session {
        private final NetConnection c;
        private final List<String> commandLine = new ArrayList<>();
        private volatile JobRunner.Prepared prepared;
        private volatile Thread backend;
        private final long startNanos = System.nanoTime();
        private volatile long runStartNanos;

        Session(NetConnection c) {
            this.c = c;
        }

        void serve() throws IOException {
            try {
                while (true) {
                    NetCommand cmd;
                    try {
                        cmd = c.receive();
                    } catch (EOFException e) {
                        return;
                    }
                    if (!handle(cmd)) {
                        return;
                    }
                }
            } finally {
                JobRunner.Prepared p = prepared;
                Thread t = backend;
                if (t != null && t.isAlive() && p != null) {
                    p.stop(); // the client went away mid-run: stop the jobs, as fio's server does
                    try {
                        t.join(60_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        }

        private boolean handle(NetCommand cmd) throws IOException {
            switch (cmd.opcode()) {
                case FioNet.PROBE -> c.send(FioNet.PROBE, cmd.tag(), probeReply());
                case FioNet.JOBLINE -> {
                    commandLine.addAll(jobLine(cmd.payload()));
                    // fio parses the line at once; with no jobs on it, it reports zero jobs
                    if (!hasJobOption(commandLine)) {
                        c.send(FioNet.START, startPdu(0, 0));
                    } else {
                        return prepare(null);
                    }
                }
                case FioNet.JOB -> {
                    return prepare(jobText(cmd.payload()));
                }
                case FioNet.RUN -> startBackend();
                case FioNet.SEND_ETA -> c.send(FioNet.ETA, cmd.tag(), eta());
                case FioNet.QUIT -> {
                    JobRunner.Prepared p = prepared;
                    if (p != null && backend != null) {
                        p.stop();
                    } else {
                        return false;
                    }
                }
                case FioNet.EXIT -> {
                    return false;
                }
                default -> {
                    text("fio: jfio's server does not handle " + FioNet.name(cmd.opcode()) + "\n");
                    c.send(FioNet.STOP, stopPdu(1));
                    c.send(FioNet.QUIT, new byte[0]);
                    return false;
                }
            }
            return true;
        }

        private boolean prepare(String jobFile) throws IOException {
            JobRunner.Prepared p = runner.prepare(List.copyOf(commandLine), jobFile, this::text);
            if (p == null) {
                c.send(FioNet.STOP, stopPdu(1));
                c.send(FioNet.QUIT, new byte[0]);
                return false;
            }
            prepared = p;
            c.send(FioNet.START, startPdu(p.jobs(), p.statOutputs()));
            return true;
        }

        private void startBackend() {
            JobRunner.Prepared p = prepared;
            if (p == null) {
                text("fio: RUN without a job\n");
                return;
            }
            runStartNanos = System.nanoTime();
            backend = new Thread(() -> runAndReport(p), "fio-server-backend");
            backend.start();
        }

        private void runAndReport(JobRunner.Prepared p) {
            try {
                c.send(FioNet.SERVER_START, new byte[0]);
                JobRunner.Outcome o = p.run(this::text);
                if (o.result() != null) {
                    sendResults(o.result());
                }
                c.send(FioNet.STOP, stopPdu(o.exitStatus()));
                c.send(FioNet.QUIT, new byte[0]);
            } catch (IOException e) {
                log.println("fio: client " + c.peer() + " gone: " + e.getMessage());
            }
        }

        private void sendResults(RunResult r) throws IOException {
            for (JobOption o : r.globalOptions) {
                c.send(FioNet.JOB_OPT, jobOption(true, 0, o));
            }
            List<JobResult> ts = r.threadStats();
            int lastGroup = r.lastGroupId;
            for (JobResult j : ts) {
                lastGroup = Math.max(lastGroup, j.groupId);
            }
            List<GroupResult> groups = new ArrayList<>();
            for (int g = 0; g <= lastGroup; g++) {
                groups.add(GroupResult.of(g, ts));
            }
            for (int i = 0; i < ts.size(); i++) {
                JobResult j = ts.get(i);
                for (JobOption o : j.options) {
                    c.send(FioNet.JOB_OPT, jobOption(false, i, o));
                }
                c.send(FioNet.TS, WireStats.encodeTs(j, i + 1, groups.get(j.groupId)));
            }
            for (GroupResult g : groups) {
                c.send(FioNet.GS, WireStats.encodeGs(g));
            }
        }

        private void text(String s) {
            try {
                c.send(FioNet.TEXT, textPdu(2, s));
            } catch (IOException e) {
                log.print(s);
            }
        }

        private byte[] eta() {
            JobRunner.Prepared p = prepared;
            int jobs = p == null ? 0 : p.jobs();
            Thread t = backend;
            boolean running = t != null && t.isAlive();
            ByteBuffer b = ByteBuffer.allocate(168 + jobs).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(0, running ? jobs : 0);
            long since = running ? System.nanoTime() - runStartNanos : System.nanoTime() - startNanos;
            b.putLong(128, since / 1_000_000_000L);
            b.putInt(144, 1);
            b.putInt(148, 4);
            b.putInt(152, 4);
            b.putInt(160, jobs);
            for (int i = 0; i < jobs; i++) {
                b.put(168 + i, (byte) (running ? 'R' : 'P'));
            }
            return b.array();
        }
    }

    private byte[] probeReply() {
        ByteBuffer b = ByteBuffer.allocate(112).order(ByteOrder.LITTLE_ENDIAN);
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        int dot = host.indexOf('.');
        WireStats.string(b, 0, 64, dot > 0 ? host.substring(0, dot) : host);
        b.put(64, (byte) 0); // little endian
        WireStats.string(b, 65, 32, version);
        b.put(97, (byte) 1); // fio's os_linux
        b.put(98, (byte) archCode());
        b.put(99, (byte) 8); // bytes per pointer of a 64-bit build
        b.putInt(100, Runtime.getRuntime().availableProcessors());
        b.putLong(104, 0); // no zlib: jfio sends nothing compressed
        return b.array();
    }

    /** fio's arch enum (arch/arch.h) for what the JVM runs on. */
    private static int archCode() {
        return switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> 1;
            case "aarch64" -> 12;
            default -> 0;
        };
    }

    static byte[] startPdu(int jobs, int stats) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(jobs).putInt(stats).array();
    }

    static byte[] stopPdu(int error) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(error).putInt(0).array();
    }

    static byte[] jobOption(boolean global, int index, JobOption o) {
        ByteBuffer b = ByteBuffer.allocate(200).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort(0, (short) (global ? 1 : 0));
        byte[] n = o.name().getBytes(StandardCharsets.UTF_8);
        byte[] v = o.value() == null ? new byte[0] : o.value().getBytes(StandardCharsets.UTF_8);
        b.putShort(2, (short) (n.length > 63 || v.length > 127 ? 1 : 0));
        b.putInt(4, global ? 0 : index);
        b.put(8, n, 0, Math.min(63, n.length));
        b.put(72, v, 0, Math.min(127, v.length));
        return b.array();
    }

    /** The arguments of a JOBLINE payload (fio's cmd_line_pdu), without argv[0]. */
    static List<String> jobLine(byte[] p) {
        ByteBuffer b = ByteBuffer.wrap(p).order(ByteOrder.LITTLE_ENDIAN);
        int lines = b.getShort(0) & 0xffff;
        int off = 4;
        List<String> args = new ArrayList<>();
        for (int i = 0; i < lines && off + 2 <= p.length; i++) {
            int len = b.getShort(off) & 0xffff;
            String s = WireStats.string(b, off + 2, Math.min(len, p.length - off - 2));
            if (i > 0) {
                args.add(s);
            }
            off += 2 + len;
        }
        return args;
    }

    static boolean hasJobOption(List<String> args) {
        for (String a : args) {
            if (a.startsWith("--name=") || a.equals("--name")) {
                return true;
            }
        }
        return false;
    }

    /** The job file of a JOB payload (fio's cmd_job_pdu: length, client type, NUL-padded text). */
    static String jobText(byte[] p) {
        ByteBuffer b = ByteBuffer.wrap(p).order(ByteOrder.LITTLE_ENDIAN);
        long len = b.getInt(0) & 0xffffffffL;
        int n = (int) Math.min(len, p.length - 8L);
        return WireStats.string(b, 8, n);
    }

    /** fio's --server argument: [ip:|ip6:]host[,port] or ,port; sock: (unix sockets) refused. */
    public record BindAddress(String host, int port) {
        public static BindAddress parse(String spec) {
            if (spec == null || spec.isEmpty()) {
                return new BindAddress(null, FioNet.DEFAULT_PORT);
            }
            if (spec.startsWith("sock:")) {
                throw new IllegalArgumentException("unix sockets (sock:) are not supported by jfio's server");
            }
            String s = spec.startsWith("ip:") ? spec.substring(3) : spec.startsWith("ip6:") ? spec.substring(4) : spec;
            int port = FioNet.DEFAULT_PORT;
            int comma = s.lastIndexOf(',');
            if (comma >= 0) {
                String ps = s.substring(comma + 1);
                try {
                    port = Integer.parseInt(ps);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("bad port in " + spec);
                }
                if (port < 1 || port > 65535) {
                    throw new IllegalArgumentException("bad port in " + spec);
                }
                s = s.substring(0, comma);
            }
            return new BindAddress(s.isEmpty() ? null : s, port);
        }
    }
}
