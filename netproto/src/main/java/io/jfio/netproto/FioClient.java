package io.jfio.netproto;

import io.jfio.report.GroupResult;
import io.jfio.report.JobOption;
import io.jfio.report.JobResult;
import io.jfio.report.RunResult;
import io.jfio.report.client.ClientModeReport;
import io.jfio.report.format.NormalFormat;

import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * {@code fio --client}'s side of the protocol (fio's client.c) against one fio 3.42 server: probe,
 * command line, job files, RUN; then the server's messages until it says QUIT. The server's text
 * goes to {@code text} as it comes, tagged with the server's name; its thread_stats are kept as
 * a {@link RunResult} for the client-mode report. A server that never answers, goes silent (no
 * ETA reply) or closes early is reported as failed, with the reason.
 */
public final class FioClient {
    /** Connect timeout and the longest silence (no command, ETA replies included) before giving up. */
    public record Timeouts(int connectMs, int silenceMs) {
        public static final Timeouts DEFAULT = new Timeouts(10_000, 30_000);
    }

    private final String spec;
    private final String host;
    private final int port;
    private final List<String> commandLine;
    private final List<String> jobFiles;
    private final Timeouts timeouts;

    /** The server's name from its probe reply (fio prints its text tagged with it). */
    public volatile String name;
    public volatile String serverVersion;
    /** The run's outcome: thread_stats, options; null until the server sent its stats. */
    public final RunResult result = new RunResult();
    public final List<GroupResult> groups = new ArrayList<>();
    public int jobs;
    public int statOutputs;
    /** The error the server's STOP carried; -1 when it sent none. */
    public int stopError = -1;
    /** Why the session failed, or null. */
    public String failure;

    /**
     * @param spec        the --client argument as given (host, host,port, ip:host, ip6:host,port)
     * @param commandLine the options fio forwards (JOBLINE), without argv[0]
     * @param jobFiles    the job file texts to send, each one JOB command
     */
    public FioClient(String spec, List<String> commandLine, List<String> jobFiles, Timeouts timeouts) {
        this.spec = spec;
        FioServer.BindAddress a = FioServer.BindAddress.parse(spec);
        // fio reports the host as given (",8765" names no host and reaches localhost)
        this.host = a.host() == null ? "" : a.host();
        this.port = a.port();
        this.commandLine = commandLine;
        this.jobFiles = jobFiles;
        this.timeouts = timeouts;
        this.name = host.isEmpty() ? "localhost" : host;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    public String spec() {
        return spec;
    }

    /** Whether the server sent thread_stats, so that fio's client reports it. */
    public boolean reported() {
        return !result.jobs.isEmpty();
    }

    /** This server's results as fio's client reports them. */
    public ClientModeReport.Client asReported() {
        // the server's last text line already separates its messages from the report
        String r = NormalFormat.write(result);
        return new ClientModeReport.Client(host, port, name, result, null, r.startsWith("\n") ? r.substring(1) : r);
    }

    /** Runs the session to its end; never throws: a failure is kept in {@link #failure}. */
    public void run(PrintStream text, boolean normal) {
        Socket s = new Socket();
        ScheduledExecutorService eta = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fio-client-eta-" + name);
            t.setDaemon(true);
            return t;
        });
        boolean probed = false;
        try {
            s.connect(new InetSocketAddress(host.isEmpty() ? "localhost" : host, port), timeouts.connectMs());
            s.setSoTimeout(timeouts.silenceMs());
            s.setTcpNoDelay(true);
            s.setKeepAlive(true);
            NetConnection c = new NetConnection(s);
            c.send(FioNet.PROBE, 1, probe());
            if (!commandLine.isEmpty()) {
                c.send(FioNet.JOBLINE, jobLine(commandLine));
            }
            for (String job : jobFiles) {
                c.send(FioNet.JOB, jobPdu(job));
            }
            c.send(FioNet.RUN, new byte[0]);
            // ETA requests keep a silent but live server talking; their replies reset the timeout
            eta.scheduleAtFixedRate(() -> {
                try {
                    c.send(FioNet.SEND_ETA, 2, new byte[0]);
                } catch (IOException e) {
                    // the reader sees the broken connection
                }
            }, 1, 1, TimeUnit.SECONDS);
            Map<Integer, List<JobOption>> options = new TreeMap<>();
            List<JobOption> globals = new ArrayList<>();
            while (true) {
                NetCommand cmd;
                try {
                    cmd = c.receive();
                } catch (EOFException e) {
                    if (!probed) {
                        failure = "the server closed the connection before answering the probe (is it fio 3.42,"
                                + " protocol version " + FioNet.VERSION + "? fio releases with another version"
                                + " refuse it)";
                    } else if (stopError < 0) {
                        failure = "the server closed the connection mid-run";
                    }
                    break;
                }
                switch (cmd.opcode()) {
                    case FioNet.PROBE -> {
                        probed = true;
                        readProbe(cmd.payload());
                        if (normal) {
                            text.println(probeLine(cmd.payload()));
                        }
                    }
                    case FioNet.TEXT -> {
                        String t = textOf(cmd.payload());
                        text.print("<" + name + "> " + t);
                        text.flush();
                    }
                    case FioNet.START -> {
                        ByteBuffer b = ByteBuffer.wrap(cmd.payload()).order(ByteOrder.LITTLE_ENDIAN);
                        jobs = b.getInt(0);
                        statOutputs = b.getInt(4);
                    }
                    case FioNet.JOB_OPT -> {
                        ByteBuffer b = ByteBuffer.wrap(cmd.payload()).order(ByteOrder.LITTLE_ENDIAN);
                        boolean global = b.getShort(0) != 0;
                        int index = b.getInt(4);
                        String n = WireStats.string(b, 8, 64);
                        String v = WireStats.string(b, 72, 128);
                        JobOption o = new JobOption(n, v.isEmpty() ? null : v);
                        if (global) {
                            globals.add(o);
                        } else {
                            options.computeIfAbsent(index, k -> new ArrayList<>()).add(o);
                        }
                    }
                    case FioNet.TS -> {
                        GroupResult[] g = new GroupResult[1];
                        JobResult ts = WireStats.decodeTs(cmd.payload(), g);
                        int thread = ByteBuffer.wrap(cmd.payload()).order(ByteOrder.LITTLE_ENDIAN).getInt(260);
                        List<JobOption> own = options.get(thread - 1);
                        if (own != null) {
                            ts.options = own;
                        }
                        result.addJob(ts);
                        result.timestampMs = System.currentTimeMillis();
                    }
                    case FioNet.GS -> groups.add(WireStats.decodeGs(cmd.payload(), 0));
                    case FioNet.STOP -> stopError = ByteBuffer.wrap(cmd.payload()).order(ByteOrder.LITTLE_ENDIAN)
                            .getInt(0);
                    case FioNet.QUIT -> {
                        if (stopError < 0) {
                            failure = "the server quit without running the job";
                        }
                        c.send(FioNet.QUIT, new byte[0]);
                        break;
                    }
                    default -> {
                        // ETA, SERVER_START, ADD_JOB, DU, IOLOG: nothing this client reports
                    }
                }
                if (cmd.opcode() == FioNet.QUIT) {
                    break;
                }
            }
            result.globalOptions = globals;
            result.folded = true;
            if (serverVersion != null) {
                result.fioVersion = serverVersion.startsWith("fio-") ? serverVersion : result.fioVersion;
            }
        } catch (SocketTimeoutException e) {
            failure = s.isConnected() ? "no word from the server for " + timeouts.silenceMs() / 1000 + " s"
                    : "connect timed out after " + timeouts.connectMs() / 1000 + " s";
        } catch (ProtocolException e) {
            failure = e.getMessage();
        } catch (IOException e) {
            failure = e.getMessage() == null ? e.toString() : e.getMessage();
        } finally {
            eta.shutdownNow();
            try {
                s.close();
            } catch (IOException e) {
                // closing
            }
        }
    }

    private static byte[] probe() {
        ByteBuffer b = ByteBuffer.allocate(136).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(0, 0); // no zlib: jfio never inflates
        return b.array();
    }

    private void readProbe(byte[] p) {
        ByteBuffer b = ByteBuffer.wrap(p).order(ByteOrder.LITTLE_ENDIAN);
        String n = WireStats.string(b, 0, 64);
        if (!n.isEmpty()) {
            name = n;
        }
        serverVersion = WireStats.string(b, 65, 32);
    }

    /** fio's probe line: "hostname=vm, be=0, 64-bit, os=Linux, arch=x86-64, fio=fio-3.42, flags=1". */
    private static String probeLine(byte[] p) {
        ByteBuffer b = ByteBuffer.wrap(p).order(ByteOrder.LITTLE_ENDIAN);
        int os = b.get(97);
        int arch = b.get(98);
        return "hostname=" + WireStats.string(b, 0, 64) + ", be=" + b.get(64) + ", " + (b.get(99) * 8) + "-bit, os="
                + (os == 1 ? "Linux" : "unknown") + ", arch=" + (arch == 1 ? "x86-64" : arch == 12 ? "aarch64" : "unknown")
                + ", fio=" + WireStats.string(b, 65, 32) + ", flags=" + Long.toHexString(b.getLong(104));
    }

    private static String textOf(byte[] p) {
        ByteBuffer b = ByteBuffer.wrap(p).order(ByteOrder.LITTLE_ENDIAN);
        int len = b.getInt(4);
        return WireStats.string(b, 24, Math.min(len, p.length - 24));
    }

    static byte[] jobLine(List<String> args) {
        List<byte[]> lines = new ArrayList<>();
        lines.add("fio".getBytes(StandardCharsets.UTF_8));
        for (String a : args) {
            lines.add(a.getBytes(StandardCharsets.UTF_8));
        }
        int size = 4;
        for (byte[] l : lines) {
            size += 2 + l.length + 1;
        }
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) lines.size()).putShort((short) FioNet.CLIENT_TYPE_CLI);
        for (byte[] l : lines) {
            b.putShort((short) (l.length + 1)).put(l).put((byte) 0);
        }
        return b.array();
    }

    static byte[] jobPdu(String text) {
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(8 + t.length + 1).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(t.length + 1).putInt(FioNet.CLIENT_TYPE_CLI).put(t).put((byte) 0);
        return b.array();
    }
}
