package io.jfio.runner.cli;

import io.jfio.netproto.FioClient;
import io.jfio.report.client.ClientModeReport;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code jfio --client=host[,port] [job.fio...] [--client=...]}: drives fio 3.42 servers as fio's
 * client does (fio's init.c and client.c): job files right after a --client go to that server
 * only, the others to every server without its own; a --client naming a readable file is a list
 * of hosts. Each server's messages are shown as they come, tagged with its name; the reports
 * follow in fio's client-mode shapes ({@link ClientModeReport}).
 */
final class ClientMode {
    private ClientMode() {
    }

    private static final class Target {
        final String spec;
        final List<String> files = new ArrayList<>();
        /** Client options given after this --client: fio sends them to the current server only. */
        final List<String> forwarded = new ArrayList<>();

        Target(String spec) {
            this.spec = spec;
        }
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        List<Target> targets = new ArrayList<>();
        List<String> common = new ArrayList<>();
        // options before any --client are the client's own; fio forwards none of them
        List<String> forwarded = new ArrayList<>();
        Set<String> formats = new LinkedHashSet<>(List.of("normal"));
        int terseVersion = 3;
        String output = null;
        Target current = null;
        boolean afterClient = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String client = a.startsWith("--client=") ? a.substring(9)
                    : a.equals("--client") && i + 1 < args.length ? args[++i] : null;
            if (client != null) {
                List<String> hosts = hostList(client);
                if (hosts.isEmpty()) {
                    err.println("fio: no hosts in client list file " + client);
                    return 1;
                }
                for (String h : hosts) {
                    current = new Target(h);
                    targets.add(current);
                }
                forwarded = current.forwarded;
                afterClient = hosts.size() == 1; // a host list takes no job file of its own (as fio)
                continue;
            }
            if (!a.startsWith("-")) {
                if (afterClient) {
                    current.files.add(a);
                } else {
                    common.add(a);
                }
                continue;
            }
            afterClient = false;
            if (a.startsWith("--output=")) {
                output = a.substring(9);
            } else if (a.startsWith("--output-format=")) {
                formats = new LinkedHashSet<>();
                for (String f : a.substring(16).split(",")) {
                    switch (f) {
                        case "normal", "json", "json+" -> formats.add(f);
                        case "terse", "minimal", "csv" -> formats.add("terse");
                        default -> {
                            err.println("fio: invalid output format " + f);
                            return 1;
                        }
                    }
                }
                forwarded.add(a);
            } else if (a.equals("--minimal")) {
                formats = new LinkedHashSet<>(List.of("terse"));
                forwarded.add(a);
            } else if (a.startsWith("--terse-version=")) {
                try {
                    terseVersion = Integer.parseInt(a.substring(16));
                } catch (NumberFormatException e) {
                    err.println("fio: bad terse version format");
                    return 1;
                }
                forwarded.add(a);
            } else if (a.startsWith("--eta") || a.equals("--debug") || a.startsWith("--debug=")) {
                continue; // the client's own display
            } else {
                err.println("fio: " + a + " is not sent to fio servers by jfio --client; put job options in the"
                        + " job file");
                return 1;
            }
        }
        List<FioClient> clients = new ArrayList<>();
        try {
            for (Target t : targets) {
                List<String> files = t.files.isEmpty() ? common : t.files;
                if (files.isEmpty()) {
                    err.println("fio: no job file for client " + t.spec);
                    return 1;
                }
                List<String> texts = new ArrayList<>();
                for (String f : files) {
                    texts.add(Files.readString(Path.of(f)));
                }
                clients.add(new FioClient(t.spec, t.forwarded, texts, FioClient.Timeouts.DEFAULT));
            }
        } catch (IOException e) {
            err.println("fio: cannot read job file: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            err.println("fio: " + e.getMessage());
            return 1;
        }
        PrintStream dest = out;
        if (output != null) {
            try {
                dest = new PrintStream(new FileOutputStream(output), true, StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println("fio: output file open error: " + e.getMessage());
                return 1;
            }
        }
        PrintStream text = dest;
        boolean normal = formats.contains("normal");
        List<Thread> threads = new ArrayList<>();
        for (FioClient c : clients) {
            Thread t = new Thread(() -> c.run(text, normal), "fio-client-" + c.spec());
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 1;
            }
        }
        int status = 0;
        for (FioClient c : clients) {
            if (c.failure != null) {
                err.println("fio: client " + c.spec() + ": " + c.failure);
                status = 1;
            } else if (c.stopError != 0) {
                if (normal) {
                    text.println("client <" + c.host() + ">: exited with error " + c.stopError);
                }
                status = 1;
            }
        }
        List<ClientModeReport.Client> reported = new ArrayList<>();
        for (FioClient c : clients) {
            if (c.reported()) {
                reported.add(c.asReported());
            }
        }
        ClientModeReport report = new ClientModeReport(clients.size(), reported);
        long now = System.currentTimeMillis();
        for (String f : formats) {
            switch (f) {
                case "normal" -> dest.print(report.normal());
                case "json" -> dest.print(report.json(false, now));
                case "json+" -> dest.print(report.json(true, now));
                default -> dest.print(report.terse(terseVersion));
            }
        }
        dest.flush();
        if (dest != out) {
            dest.close();
        }
        return status;
    }

    /** A readable file is a host list, one per line (blank lines and # comments skipped); otherwise one host. */
    private static List<String> hostList(String spec) {
        Path p = Path.of(spec);
        if (!spec.contains(",") && Files.isRegularFile(p) && Files.isReadable(p)) {
            List<String> hosts = new ArrayList<>();
            try {
                for (String l : Files.readAllLines(p)) {
                    String t = l.strip();
                    if (!t.isEmpty() && !t.startsWith("#")) {
                        hosts.add(t);
                    }
                }
                return hosts;
            } catch (IOException e) {
                return List.of(spec);
            }
        }
        return List.of(spec);
    }
}
