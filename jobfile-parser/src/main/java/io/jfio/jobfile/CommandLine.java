package io.jfio.jobfile;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * fio's getopt_long_only rules: "-opt" and "--opt", "=value" or the next argument,
 * unique prefixes, GNU permutation of positional arguments, "--" ends options. Job options are
 * matched against the generic table plus the options of the engine in force at that point.
 */
public final class CommandLine {
    public enum Arg { NONE, REQUIRED, OPTIONAL }

    /** One of fio's own (non-job) options. */
    public record Own(String name, Arg arg) {
    }

    /** A matched option: own (job == null) or a job option; value null when absent. */
    public record Item(String name, String value, OptionDef job, boolean engine, String text) {
    }

    public static final List<Own> OWN = List.of(
            new Own("output", Arg.REQUIRED), new Own("latency-log", Arg.NONE), new Own("bandwidth-log", Arg.OPTIONAL),
            new Own("minimal", Arg.NONE), new Own("output-format", Arg.REQUIRED), new Own("append-terse", Arg.NONE),
            new Own("version", Arg.NONE), new Own("help", Arg.NONE), new Own("cmdhelp", Arg.OPTIONAL),
            new Own("enghelp", Arg.OPTIONAL), new Own("showcmd", Arg.NONE), new Own("readonly", Arg.NONE),
            new Own("eta", Arg.REQUIRED), new Own("eta-interval", Arg.REQUIRED), new Own("eta-newline", Arg.REQUIRED),
            new Own("status-interval", Arg.REQUIRED), new Own("section", Arg.REQUIRED),
            new Own("alloc-size", Arg.REQUIRED), new Own("profile", Arg.REQUIRED),
            new Own("warnings-fatal", Arg.NONE), new Own("max-jobs", Arg.REQUIRED),
            new Own("terse-version", Arg.REQUIRED), new Own("debug", Arg.REQUIRED), new Own("parse-only", Arg.NONE),
            new Own("server", Arg.OPTIONAL), new Own("daemonize", Arg.REQUIRED), new Own("client", Arg.REQUIRED),
            new Own("remote-config", Arg.REQUIRED), new Own("cpuclock-test", Arg.NONE),
            new Own("crctest", Arg.OPTIONAL), new Own("memcpytest", Arg.OPTIONAL), new Own("idle-prof", Arg.REQUIRED),
            new Own("inflate-log", Arg.REQUIRED), new Own("trigger-file", Arg.REQUIRED),
            new Own("trigger-timeout", Arg.REQUIRED), new Own("trigger", Arg.REQUIRED),
            new Own("trigger-remote", Arg.REQUIRED), new Own("aux-path", Arg.REQUIRED),
            new Own("merge-blktrace-only", Arg.NONE),
            // jfio's own: per-interval NDJSON deltas, and the job-file linter
            new Own("interval-output", Arg.REQUIRED), new Own("explain", Arg.NONE));

    /** A command line fio refuses. */
    public static final class UsageError extends Exception {
        UsageError(String message) {
            super(message);
        }
    }

    private record Candidate(String name, Arg arg, OptionDef job, boolean engine) {
    }

    private final String[] args;
    private int index;
    private final List<String> positional = new ArrayList<>();

    public CommandLine(String[] args) {
        this.args = args;
    }

    /**
     * A time value of one of fio's own options (--eta-newline, --status-interval): seconds by
     * default, in microseconds; null where fio fails it.
     */
    public static Long seconds(String value) {
        return FioNumbers.toDecimal(value, false, 1024, true);
    }

    /** The positional arguments (job files) met so far. */
    public List<String> positional() {
        return positional;
    }

    /**
     * The next option, or null when none is left (positional arguments are collected on the way).
     * engineInForce tells which engine's options are known at this point.
     */
    public Item next(Supplier<String> engineInForce) throws UsageError {
        while (index < args.length) {
            String a = args[index++];
            if (a.equals("--")) {
                while (index < args.length) {
                    positional.add(args[index++]);
                }
                return null;
            }
            DashedOption d = DashedOption.parse(a);
            if (d == null) {
                positional.add(a);
                continue;
            }
            String word = d.name();
            String value = d.value();
            Candidate c = resolve(word, a, engineInForce.get());
            if (c.arg == Arg.NONE && value != null) {
                throw new UsageError("option '--" + c.name + "' doesn't allow an argument");
            }
            if (c.arg == Arg.REQUIRED && value == null) {
                if (index >= args.length) {
                    throw new UsageError("option '" + a + "' requires an argument");
                }
                value = args[index++];
            }
            return new Item(c.name, value, c.job, c.engine, a);
        }
        return null;
    }

    private Candidate resolve(String word, String text, String engine) throws UsageError {
        List<Candidate> all = new ArrayList<>();
        for (Own o : OWN) {
            all.add(new Candidate(o.name(), o.arg(), null, false));
        }
        for (OptionDef o : OptionCatalog.get().options()) {
            Arg arg = o.type().name().equals("STR_SET") ? Arg.OPTIONAL : Arg.REQUIRED;
            all.add(new Candidate(o.name(), arg, o, false));
            if (o.alias() != null) {
                all.add(new Candidate(o.alias(), arg, o, false));
            }
        }
        all.add(new Candidate("name", Arg.REQUIRED, OptionCatalog.get().find("name"), false));
        // An exact name among these wins before any engine option would be looked at, so the
        // engines' table is read only for a word that needs it.
        for (Candidate c : all) {
            if (c.name.equals(word)) {
                return c;
            }
        }
        OptionCatalog.EngineInfo e = OptionCatalog.get().engine(engine);
        if (e != null && e.available()) {
            for (OptionDef o : e.options()) {
                Arg arg = o.type().name().equals("STR_SET") ? Arg.OPTIONAL : Arg.REQUIRED;
                Candidate c = new Candidate(o.name(), arg, o, true);
                if (c.name.equals(word)) {
                    return c; // no generic name matched exactly (above)
                }
                all.add(c);
            }
        }
        List<Candidate> prefixed = new ArrayList<>();
        for (Candidate c : all) {
            if (c.name.startsWith(word) && prefixed.stream().noneMatch(p -> p.name.equals(c.name))) {
                prefixed.add(c);
            }
        }
        if (prefixed.size() == 1 && !word.isEmpty()) {
            return prefixed.get(0);
        }
        if (prefixed.size() > 1 && !word.isEmpty()) {
            StringBuilder sb = new StringBuilder("option '" + text + "' is ambiguous; possibilities:");
            for (Candidate c : prefixed) {
                sb.append(" '--").append(c.name).append('\'');
            }
            throw new UsageError(sb.toString());
        }
        String hint = OptionCatalog.get().closest(word, false);
        throw new UsageError("unrecognized option '" + text + "'" + (hint == null ? "" : "; did you mean " + hint + "?"));
    }
}
