package io.jfio.report.cli;

import io.jfio.report.format.OutputFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The arguments the report tools share (jfio-report, jfio-merge): --output-format, --terse-version,
 * each tool's own --KEY=VALUE options, --help, and the inputs (files, or "-" for stdin), read in
 * order. An argument the tool does not know (or an input past its limit) stops the reading.
 */
public final class ReportArgs {
    /** An argument the tool does not take. */
    public static final class UnknownArgument extends Exception {
        public UnknownArgument(String arg) {
            super(arg);
        }
    }

    private Set<OutputFormat> formats;
    private int terseVersion = 3;
    private boolean help;
    private final Map<String, String> values = new HashMap<>();
    private final List<String> inputs = new ArrayList<>();

    private ReportArgs(Set<OutputFormat> formats) {
        this.formats = formats;
    }

    /**
     * Reads {@code args}: {@code options} are the tool's own --KEY= prefixes, {@code maxInputs}
     * how many inputs it takes. Reading stops at --help or -h. A bad --terse-version throws
     * NumberFormatException, a bad --output-format IllegalArgumentException.
     */
    public static ReportArgs read(String[] args, Set<OutputFormat> defaultFormats, List<String> options,
                                  int maxInputs) throws UnknownArgument {
        ReportArgs r = new ReportArgs(defaultFormats);
        next:
        for (String a : args) {
            if (a.startsWith("--output-format=")) {
                r.formats = OutputFormat.parse(a.substring(16));
            } else if (a.startsWith("--terse-version=")) {
                r.terseVersion = Integer.parseInt(a.substring(16));
            } else if (a.equals("--help") || a.equals("-h")) {
                r.help = true;
                return r;
            } else if (a.startsWith("--")) {
                for (String o : options) {
                    if (a.startsWith("--" + o + "=")) {
                        r.values.put(o, a.substring(o.length() + 3));
                        continue next;
                    }
                }
                throw new UnknownArgument(a);
            } else if (r.inputs.size() < maxInputs && (!a.startsWith("-") || a.equals("-"))) {
                r.inputs.add(a);
            } else {
                throw new UnknownArgument(a);
            }
        }
        return r;
    }

    public Set<OutputFormat> formats() {
        return formats;
    }

    public int terseVersion() {
        return terseVersion;
    }

    /** --help or -h came before any error. */
    public boolean help() {
        return help;
    }

    /** The value of the tool's option {@code key} (without "--" and "="), or null. */
    public String value(String key) {
        return values.get(key);
    }

    public List<String> inputs() {
        return inputs;
    }

    /** An input's text: the file's, or stdin's for "-". */
    public static String readInput(String input) throws IOException {
        return input.equals("-") ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
                : Files.readString(Path.of(input));
    }
}
