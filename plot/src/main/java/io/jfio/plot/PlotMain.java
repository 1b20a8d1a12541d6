package io.jfio.plot;

import io.jfio.plot.chart.HtmlReport;
import io.jfio.plot.chart.SvgChart;
import io.jfio.plot.input.PlotInput;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Entry point of bin/jfio-plot: charts of fio/jfio results into a directory of SVGs and one HTML page. */
public final class PlotMain {
    private PlotMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Exit status: 0 charts written, 1 usage or input error (nothing to plot is an error). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        System.setProperty("java.awt.headless", "true");
        Path dir = Path.of("jfio-plot");
        String title = null;
        boolean separate = false;
        long histMsec = 0;
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h")) {
                usage(out);
                return 0;
            } else if (a.startsWith("--output-dir=")) {
                dir = Path.of(a.substring("--output-dir=".length()));
            } else if (a.equals("--output-dir") || a.equals("-o")) {
                if (i + 1 >= args.length) {
                    err.println("jfio-plot: " + a + " needs a directory");
                    return 1;
                }
                dir = Path.of(args[++i]);
            } else if (a.equals("--separate")) {
                separate = true;
            } else if (a.startsWith("--hist-msec=")) {
                try {
                    histMsec = Long.parseLong(a.substring("--hist-msec=".length()));
                } catch (NumberFormatException e) {
                    histMsec = -1;
                }
                if (histMsec <= 0) {
                    err.println("jfio-plot: --hist-msec needs a positive number of ms: " + a);
                    return 1;
                }
            } else if (a.startsWith("--title=")) {
                title = a.substring("--title=".length());
            } else if (a.startsWith("-")) {
                err.println("jfio-plot: unknown option " + a);
                usage(err);
                return 1;
            } else {
                files.add(Path.of(a));
            }
        }
        if (files.isEmpty()) {
            usage(err);
            return 1;
        }
        try {
            List<PlotInput> inputs = new ArrayList<>();
            for (Path f : files) {
                if (!Files.isRegularFile(f)) {
                    err.println("jfio-plot: no such file: " + f);
                    return 1;
                }
                inputs.add(PlotInput.load(f));
            }
            PlotReport report = new PlotReport(inputs, new PlotReport.Options(separate, histMsec));
            for (String n : report.notes()) {
                err.println("jfio-plot: " + n);
            }
            if (report.charts().isEmpty()) {
                err.println("jfio-plot: nothing to plot: no latency bins, intervals or log lines in the inputs (json"
                        + " results without bins need --output-format=json+; a job that did no I/O has none; see"
                        + " docs/plot.md)");
                return 1;
            }
            Files.createDirectories(dir);
            for (SvgChart c : report.charts()) {
                Files.writeString(dir.resolve(fileName(c)), c.document());
            }
            String t = title != null ? title : "jfio-plot: " + files.get(0).getFileName()
                    + (files.size() > 1 ? " and " + (files.size() - 1) + " more" : "");
            Path html = dir.resolve("report.html");
            Files.writeString(html, HtmlReport.render(t, report.sources(), report.charts()));
            out.println("jfio-plot: " + report.charts().size() + " charts in " + dir + " (" + html.getFileName()
                    + " and one .svg each)");
            return 0;
        } catch (IOException e) {
            err.println("jfio-plot: " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            err.println("jfio-plot: internal error: " + e);
            return 1;
        }
    }

    /** "c01-job-rand-read-clat-distribution.svg": the id, then the title as a file name. */
    public static String fileName(SvgChart c) {
        String slug = c.title().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        if (slug.length() > 80) {
            slug = slug.substring(0, 80);
        }
        return c.id() + "-" + slug + ".svg";
    }

    private static void usage(PrintStream p) {
        p.println("usage: jfio-plot [-o DIR | --output-dir=DIR] [--title=TEXT] [--separate] [--hist-msec=MS] FILE...");
        p.println("  FILE: a fio/jfio json+ result (json: no latency charts), an --interval-output NDJSON file,");
        p.println("        a fio/jfio bw/iops/lat/clat/slat log (NAME_bw.N.log ...), a histogram log");
        p.println("        (NAME_clat_hist.N.log), or jfio-compare's --output-format=json (jfio-multi's comparison.json).");
        p.println("  --separate     one chart per log file and job (default: logs of one kind, several jobs'");
        p.println("                 percentile curves and histogram logs' whole-run curves share a chart)");
        p.println("  --hist-msec=MS histogram-log percentiles per MS (fiologparser_hist.py -i; default: the");
        p.println("                 interval the log was written at, from its times)");
        p.println("  Writes DIR/report.html (every chart inlined, no external files) and one SVG per chart");
        p.println("  (default DIR: ./jfio-plot): latency distribution and percentiles per job and direction,");
        p.println("  IOPS/bandwidth/latency over time, latency percentiles per interval and heatmaps of histogram");
        p.println("  logs, B vs A with confidence intervals, and two results or more side by side.");
    }
}
