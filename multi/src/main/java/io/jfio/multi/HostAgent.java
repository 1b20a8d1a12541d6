package io.jfio.multi;

import io.jfio.jobfile.JobFileParser;
import io.jfio.report.format.OutputFormat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The remote end of {@code jfio-multi --hosts}: started by ssh on each host, it reads the job
 * file from stdin, sets the jobs up, says {@code ready} when they wait at the start barrier,
 * starts I/O on {@code go}, reports progress once a second and prints its json+ and normal
 * report at the end. One line per message on stdout, each starting with {@link HostProtocol#TAG};
 * diagnostics go to stderr (ssh passes them on). End of stdin before the end of the run (the
 * controller went away) stops the run.
 */
public final class HostAgent {
    private HostAgent() {
    }

    public static void main(String[] args) throws IOException {
        PrintStream proto = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
                StandardCharsets.UTF_8);
        // Nothing but protocol lines may reach stdout.
        System.setOut(new PrintStream(System.err, true, StandardCharsets.UTF_8));
        System.exit(run(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), proto));
    }

    static int run(BufferedReader in, PrintStream proto) throws IOException {
        proto.println(HostProtocol.TAG + "hello " + HostProtocol.VERSION + " " + hostName());
        StringBuilder job = new StringBuilder();
        List<JobFileParser.CliOption> options = new ArrayList<>();
        String name = "job.fio";
        for (String line = in.readLine(); ; line = in.readLine()) {
            if (line == null) {
                System.err.println("jfio-agent: no job file received");
                return 1;
            }
            if (line.equals(HostProtocol.TAG + "end-of-job")) {
                break;
            }
            if (line.startsWith(HostProtocol.TAG + "name ")) {
                name = line.substring(HostProtocol.TAG.length() + 5);
            } else if (line.startsWith(HostProtocol.TAG + "option ")) {
                String o = line.substring(HostProtocol.TAG.length() + 7);
                int e = o.indexOf('=');
                options.add(new JobFileParser.CliOption(e < 0 ? o : o.substring(0, e), e < 0 ? null : o.substring(e + 1)));
            } else {
                job.append(line).append('\n');
            }
        }
        Path dir = Files.createTempDirectory("jfio-agent");
        warmUp(dir);
        Path file = dir.resolve(Path.of(name).getFileName().toString());
        Files.writeString(file, job);
        Instance instance = new Instance(1, name, file, null, List.of());
        MultiRun multi = new MultiRun(new MultiRun.Settings(List.of(instance), 1, null, Set.of("normal"), 3, false,
                options), new PrintStream(OutputStream.nullOutputStream()), System.err);
        long[] startNanos = {0};
        long[] lastReport = {0};
        long[] lastBytes = {0};
        multi.withHooks(new MultiRun.Hooks() {
            @Override
            public void allArrived(Runnable open) {
                // parsed long ago: gone now, so a host killed mid-run leaves nothing behind
                try {
                    Files.deleteIfExists(file);
                    Files.deleteIfExists(dir);
                } catch (IOException e) {
                    System.err.println("jfio-agent: cannot remove " + file + ": " + e.getMessage());
                }
                proto.println(HostProtocol.TAG + "ready");
                Thread t = new Thread(() -> awaitGo(in, proto, open, multi, startNanos), "jfio-agent-go");
                t.setDaemon(true);
                t.start();
            }

            @Override
            public void progress(long now, long[] bytes) {
                if (startNanos[0] == 0 || now - lastReport[0] < 1_000_000_000L) {
                    return;
                }
                long b = bytes[0];
                long dt = lastReport[0] == 0 ? now - startNanos[0] : now - lastReport[0];
                double rate = dt <= 0 ? 0 : (b - lastBytes[0]) * 1e9 / dt;
                lastReport[0] = now;
                lastBytes[0] = b;
                proto.println(HostProtocol.TAG + "status " + (now - startNanos[0]) / 1_000_000 + " " + b + " "
                        + Math.round(rate));
            }
        });
        List<List<InstanceResult>> runs;
        try {
            runs = multi.execute();
        } catch (MultiRun.MultiException e) {
            System.err.println("jfio-agent: " + e.getMessage());
            proto.println(HostProtocol.TAG + "exit 1");
            return 1;
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
        InstanceResult r = runs.get(0).get(0);
        proto.println(HostProtocol.TAG + "window " + r.firstIoMs() + " " + r.lastIoMs());
        if (r.result() != null) {
            block(proto, "json", OutputFormat.render(r.result(), EnumSet.of(OutputFormat.JSON_PLUS), 3));
        }
        block(proto, "normal", r.normalOutput());
        proto.println(HostProtocol.TAG + "exit " + r.exitStatus());
        return r.exitStatus();
    }

    private static void awaitGo(BufferedReader in, PrintStream proto, Runnable open, MultiRun multi, long[] start) {
        try {
            String line = in.readLine();
            if (line != null && line.startsWith(HostProtocol.TAG + "go")) {
                String[] w = line.split(" ");
                if (w.length > 2) {
                    awaitEpochMicros(Long.parseLong(w[2]));
                }
                open.run();
                start[0] = System.nanoTime();
                Instant now = Instant.now();
                proto.println(HostProtocol.TAG + "started " + (now.getEpochSecond() * 1_000_000L + now.getNano() / 1000));
                line = in.readLine();
            }
            // EOF or "stop": the controller gave up on the run or went away.
            if (line == null || line.equals(HostProtocol.TAG + "stop")) {
                System.err.println("jfio-agent: stopped by the controller");
                multi.stop();
            }
        } catch (IOException e) {
            multi.stop();
        }
    }

    /**
     * Sleeps, then spins the last two milliseconds, until the wall clock reaches the start time
     * the controller chose for every host (hosts' clocks are assumed NTP-synchronised; the
     * measured skew shows how well). A time already past opens at once.
     */
    static void awaitEpochMicros(long epochUs) {
        while (true) {
            Instant now = Instant.now();
            long left = epochUs - (now.getEpochSecond() * 1_000_000L + now.getNano() / 1000);
            if (left <= 0) {
                return;
            }
            if (left > 2000) {
                try {
                    Thread.sleep((left - 2000) / 1000, (int) ((left - 2000) % 1000) * 1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Runs a tiny null-engine job before the real one, so the classes and JIT code a job needs
     * after the start barrier are loaded already: in a fresh JVM on a busy machine that first
     * load delayed the first I/O by hundreds of ms, and differently on each host.
     */
    static void warmUp(Path dir) throws IOException {
        Path f = dir.resolve("jfio-warm-up.fio");
        Files.writeString(f, "[jfio-warm-up]\nioengine=null\nrw=randrw\nbs=4k\nsize=64m\n");
        PrintStream none = new PrintStream(OutputStream.nullOutputStream());
        try {
            new MultiRun(new MultiRun.Settings(List.of(new Instance(1, "warm-up", f, null, List.of())), 1, null,
                    Set.of("normal"), 3, false, List.of()), none, none).execute();
        } catch (MultiRun.MultiException e) {
            // only a warm-up
        } finally {
            Files.deleteIfExists(f);
        }
    }

    private static void block(PrintStream proto, String kind, String text) {
        proto.println(HostProtocol.TAG + kind + "-begin");
        proto.print(text);
        if (!text.endsWith("\n")) {
            proto.println();
        }
        proto.println(HostProtocol.TAG + kind + "-end");
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
