package io.jfio.compare;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** Entry point of bin/jfio-compare: compares two sets of fio/jfio results. */
public final class CompareMain {
    private CompareMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Exit status: 0 compared, 1 usage or input error. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        String format = "normal";
        double alpha = Comparison.DEFAULT_ALPHA;
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String value = null;
            String name = a;
            if (a.startsWith("--") && a.contains("=")) {
                name = a.substring(0, a.indexOf('='));
                value = a.substring(a.indexOf('=') + 1);
            }
            switch (name) {
                case "--help", "-h" -> {
                    usage(out);
                    return 0;
                }
                case "--output-format", "--alpha" -> {
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            err.println("jfio-compare: " + name + " needs a value");
                            return 1;
                        }
                        value = args[++i];
                    }
                    if (name.equals("--alpha")) {
                        try {
                            alpha = Double.parseDouble(value);
                        } catch (NumberFormatException e) {
                            alpha = -1;
                        }
                        if (!(alpha > 0 && alpha < 1)) {
                            err.println("jfio-compare: --alpha must be between 0 and 1, e.g. 0.05");
                            return 1;
                        }
                    } else if (value.equals("normal") || value.equals("json")) {
                        format = value;
                    } else {
                        err.println("jfio-compare: --output-format is normal or json");
                        return 1;
                    }
                }
                default -> {
                    if (a.startsWith("--")) {
                        err.println("jfio-compare: unknown option " + a);
                        usage(err);
                        return 1;
                    }
                    inputs.add(a);
                }
            }
        }
        if (inputs.size() != 2) {
            usage(err);
            return 1;
        }
        try {
            ResultSet a = ResultSet.load(inputs.get(0));
            ResultSet b = ResultSet.load(inputs.get(1));
            Comparison c = new Comparison(a, b, alpha);
            out.print(format.equals("json") ? ComparisonReport.jsonText(c) : ComparisonReport.table(c));
            out.flush();
            return 0;
        } catch (ResultSet.LoadException e) {
            err.println("jfio-compare: " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            err.println("jfio-compare: internal error: " + e);
            return 1;
        }
    }

    private static void usage(PrintStream p) {
        p.println("usage: jfio-compare [--output-format=normal|json] [--alpha=0.05] A B");
        p.println("  A, B: a fio/jfio JSON (or JSON+/terse) result file, a directory of *.json results");
        p.println("        (repeats), or DIR/instance-N[,instance-M...] of a jfio-multi output directory;");
        p.println("        append #JOB to keep only that job of each result. Or one run's windows: an averaged");
        p.println("        bw/iops log (log_avg_msec) or an --interval-output NDJSON file (effective sample size used).");
        p.println("  Per metric: both means, B vs A in %, its 95% confidence interval and Welch's t-test.");
    }
}
