package io.jfio.multi;

import io.jfio.jobfile.JobFileParser;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** jfio-multi --hosts: runs {@link HostsRun} and prints {@link ClientReport}'s outputs. */
final class HostsMain {
    record Options(List<HostSpec> hosts, Path jobFile, List<JobFileParser.CliOption> fioOptions,
                   List<Map.Entry<String, String>> overrides, List<String> ssh, String remoteCommand,
                   int connectSeconds, int barrierSeconds, int silenceSeconds, Set<String> formats, int terseVersion,
                   Path outputDir) {
    }

    private HostsMain() {
    }

    /** Exit status 0 only when every host ran its job to the end without an error. */
    static int run(Options o, PrintStream out, PrintStream err) {
        String text;
        try {
            text = JobText.withOverrides(Files.readString(o.jobFile()), o.overrides());
        } catch (IOException e) {
            err.println("jfio-multi: unable to open '" + o.jobFile() + "' job file");
            return 1;
        }
        HostsRun run = new HostsRun(new HostsRun.Settings(o.hosts(), o.jobFile(), o.fioOptions(), o.ssh(),
                o.remoteCommand(), o.connectSeconds(), o.barrierSeconds(), o.silenceSeconds()), err);
        List<HostsRun.Host> hosts = run.execute(text);
        ClientReport report = new ClientReport(hosts);
        long now = System.currentTimeMillis();
        Set<String> f = o.formats();
        StringBuilder b = new StringBuilder();
        if (f.contains("terse")) {
            b.append(report.terse(o.terseVersion()));
        }
        if (f.contains("json") || f.contains("json+")) {
            b.append(report.json(f.contains("json+"), now));
        }
        if (f.contains("normal")) {
            b.append(report.normal());
        }
        out.print(b);
        String table = report.hostsTable();
        if (f.contains("normal")) {
            out.println();
            out.print(table);
        } else {
            err.print(table);
        }
        out.flush();
        if (o.outputDir() != null) {
            try {
                Files.createDirectories(o.outputDir());
                for (HostsRun.Host h : hosts) {
                    if (h.json != null) {
                        Files.writeString(o.outputDir().resolve(h.spec.name() + ".json"), h.json);
                    }
                    if (h.normal != null) {
                        Files.writeString(o.outputDir().resolve(h.spec.name() + ".txt"), h.normal);
                    }
                }
                Files.writeString(o.outputDir().resolve("clients.json"), report.json(true, now));
                Files.writeString(o.outputDir().resolve("clients.txt"), report.normal());
                Files.writeString(o.outputDir().resolve("hosts.txt"), table);
            } catch (IOException e) {
                err.println("jfio-multi: cannot write to " + o.outputDir() + ": " + e.getMessage());
                return 1;
            }
        }
        boolean clean = !report.reported.isEmpty();
        for (HostsRun.Host h : hosts) {
            clean &= h.ok() && h.note == null;
        }
        return clean ? 0 : 1;
    }
}
