package io.jfio.multi;

import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.DashedOption;
import io.jfio.compare.Comparison;
import io.jfio.compare.ComparisonReport;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Entry point of bin/jfio-multi: several fio-style runs at once, a summary and comparisons. */
public final class MultiMain {
    private MultiMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Exit status: 0 when every job of every instance succeeded, 1 otherwise. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        List<String> targets = new ArrayList<>();
        List<String> files = new ArrayList<>();
        List<String> compares = new ArrayList<>();
        List<Map.Entry<String, String>> overrides = new ArrayList<>();
        List<JobFileParser.CliOption> fioOptions = new ArrayList<>();
        Set<String> formats = new LinkedHashSet<>(List.of("normal"));
        int repeat = 1;
        int terseVersion = 3;
        double alpha = Comparison.DEFAULT_ALPHA;
        Path outputDir = null;
        boolean dropCaches = false;
        List<HostSpec> hosts = new ArrayList<>();
        List<String> ssh = List.of("ssh");
        String remoteCommand = null;
        int connectTimeout = 10;
        int barrierTimeout = 60;
        int hostTimeout = 15;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                DashedOption d = DashedOption.parse(a);
                if (d == null) {
                    files.add(a);
                    continue;
                }
                String name = d.name();
                String value = d.value();
                boolean own = switch (name) {
                    case "target", "repeat", "output-dir", "compare", "set", "output-format", "terse-version",
                         "alpha", "hosts", "hostsfile", "ssh", "remote-command", "connect-timeout", "barrier-timeout",
                         "host-timeout" -> true;
                    default -> false;
                };
                if (own && value == null) {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException("--" + name + " needs a value");
                    }
                    value = args[++i];
                }
                switch (name) {
                    case "help", "h" -> {
                        usage(out);
                        return 0;
                    }
                    case "target" -> targets.add(value);
                    case "repeat" -> {
                        repeat = Integer.parseInt(value);
                        if (repeat < 1) {
                            throw new IllegalArgumentException("--repeat must be at least 1");
                        }
                    }
                    case "output-dir" -> outputDir = Path.of(value);
                    case "compare" -> compares.add(value);
                    case "drop-caches" -> dropCaches = true;
                    case "set" -> {
                        int e = value.indexOf('=');
                        if (e <= 0) {
                            throw new IllegalArgumentException("--set wants option=value, e.g. --set bs=64k");
                        }
                        overrides.add(Map.entry(value.substring(0, e), value.substring(e + 1)));
                    }
                    case "output-format" -> {
                        formats = new LinkedHashSet<>();
                        for (String f : value.split(",")) {
                            switch (f) {
                                case "normal", "json", "json+" -> formats.add(f);
                                case "terse", "minimal", "csv" -> formats.add("terse");
                                default -> throw new IllegalArgumentException("invalid output format " + f);
                            }
                        }
                    }
                    case "terse-version" -> terseVersion = Integer.parseInt(value);
                    case "hosts" -> hosts.addAll(HostSpec.list(value));
                    case "hostsfile" -> {
                        try {
                            hosts.addAll(HostSpec.file(Path.of(value)));
                        } catch (IOException e) {
                            throw new IllegalArgumentException("cannot read the hosts file " + value);
                        }
                    }
                    case "ssh" -> ssh = List.of(value.trim().split("\\s+"));
                    case "remote-command" -> remoteCommand = value;
                    case "connect-timeout" -> connectTimeout = positive(name, value);
                    case "barrier-timeout" -> barrierTimeout = positive(name, value);
                    case "host-timeout" -> hostTimeout = positive(name, value);
                    case "alpha" -> alpha = Double.parseDouble(value);
                    default -> fioOptions.add(new JobFileParser.CliOption(name, value));
                }
            }
            if (files.isEmpty()) {
                usage(err);
                return 1;
            }
        } catch (IllegalArgumentException e) {
            err.println("jfio-multi: " + (e instanceof NumberFormatException ? "not a number: " + e.getMessage()
                    : e.getMessage()));
            return 1;
        }
        if (!hosts.isEmpty()) {
            if (files.size() != 1 || !targets.isEmpty() || repeat != 1 || !compares.isEmpty()) {
                err.println("jfio-multi: --hosts runs one job file on every host (no --target, --repeat, --compare)");
                return 1;
            }
            HostsMain.Options o = new HostsMain.Options(hosts, Path.of(files.get(0)), fioOptions, overrides, ssh,
                    remoteCommand == null ? HostsRun.defaultRemoteCommand() : remoteCommand, connectTimeout,
                    barrierTimeout, hostTimeout, formats, terseVersion, outputDir);
            return HostsMain.run(o, out, err);
        }
        List<Instance> instances = instances(files, targets, overrides);
        if (instances.size() < 2) {
            err.println("jfio-multi: note: a single instance; give several job files or --target values to run "
                    + "instances side by side");
        }
        List<Groups.Pair> pairs = new ArrayList<>();
        try {
            for (String c : compares) {
                pairs.add(Groups.parse(c, instances.size()));
            }
        } catch (IllegalArgumentException e) {
            err.println("jfio-multi: " + e.getMessage());
            return 1;
        }
        if (compares.isEmpty()) {
            pairs.addAll(Groups.defaults(instances.size()));
        }
        MultiRun multi = new MultiRun(new MultiRun.Settings(instances, repeat, outputDir, formats, terseVersion,
                dropCaches, fioOptions), out, err);
        List<List<InstanceResult>> runs;
        try {
            runs = multi.execute();
        } catch (MultiRun.MultiException e) {
            err.println("jfio-multi: " + e.getMessage());
            return 1;
        }
        String summary = Summary.table(runs);
        out.println();
        out.println("Summary (" + instances.size() + " instances started together" + (repeat > 1 ? ", " + repeat
                + " runs" : "") + "; I/O window: first..last completion in ms after the start barrier):");
        out.print(summary);
        List<Comparison> comparisons = new ArrayList<>();
        StringBuilder ct = new StringBuilder();
        for (Groups.Pair p : pairs) {
            Comparison c = Groups.compare(p, runs, alpha);
            comparisons.add(c);
            ct.append('\n').append(ComparisonReport.table(c));
        }
        out.print(ct);
        out.flush();
        if (outputDir != null) {
            try {
                Files.writeString(outputDir.resolve("summary.txt"), summary);
                Files.writeString(outputDir.resolve("summary.json"), Summary.json(runs));
                if (!comparisons.isEmpty()) {
                    Files.writeString(outputDir.resolve("comparison.txt"), ct.toString().stripLeading());
                    Files.writeString(outputDir.resolve("comparison.json"), ComparisonReport.jsonText(comparisons));
                }
            } catch (IOException e) {
                err.println("jfio-multi: cannot write the summary to " + outputDir + ": " + e.getMessage());
                return 1;
            }
            out.println("\nResults in " + outputDir + " (run-K/instance-N.*, summary.*, comparison.*)");
        }
        int rc = 0;
        for (List<InstanceResult> run : runs) {
            for (InstanceResult r : run) {
                rc |= r.exitStatus() != 0 ? 1 : 0;
            }
        }
        return rc;
    }

    private static int positive(String name, String value) {
        int v = Integer.parseInt(value);
        if (v < 1) {
            throw new IllegalArgumentException("--" + name + " must be at least 1 (seconds)");
        }
        return v;
    }

    /** Job files x targets (or the job files alone), numbered from 1. */
    static List<Instance> instances(List<String> files, List<String> targets,
                                    List<Map.Entry<String, String>> overrides) {
        List<Instance> out = new ArrayList<>();
        for (String f : files) {
            Path p = Path.of(f);
            String name = p.getFileName().toString().replaceFirst("\\.fio$", "");
            if (targets.isEmpty()) {
                out.add(new Instance(out.size() + 1, name, p, null, overrides));
                continue;
            }
            for (String t : targets) {
                String tn = Path.of(t).getFileName() == null ? t : Path.of(t).getFileName().toString();
                out.add(new Instance(out.size() + 1, files.size() > 1 ? name + "@" + tn : t, p, t, overrides));
            }
        }
        return out;
    }

    private static void usage(PrintStream p) {
        p.println("usage: jfio-multi [--target T]... [--repeat N] [--output-dir DIR] [--drop-caches]");
        p.println("                  [--compare A,B]... [--set opt=value]... [--output-format=LIST]");
        p.println("                  [--alpha=0.05] [fio job options --opt=value] jobfile...");
        p.println("  Runs one instance per job file, or per job file and target (a target fills ${TARGET}");
        p.println("  in the job file, else replaces filename=, or directory= when it is a directory); all");
        p.println("  instances start I/O together. --repeat runs the set N times (DIR/run-K/instance-N.*).");
        p.println("  --compare 1,2 or 1+3,2+4 compares instance groups (default: consecutive pairs);");
        p.println("  --set overrides an option in every job section; other --opt=value are fio options.");
        p.println("       jfio-multi --hosts h1,h2,... | --hostsfile FILE [--ssh 'ssh -F cfg'] [--remote-command CMD]");
        p.println("                  [--connect-timeout 10] [--barrier-timeout 60] [--host-timeout 15] jobfile");
        p.println("  Runs the job file on every host over ssh, starting I/O together, and prints each host's");
        p.println("  report and the exact sum (\"All clients\") in fio's client-mode shapes.");
    }
}
