package io.jfio.report.merge;

import io.jfio.report.JobResult;
import io.jfio.report.RunResult;
import io.jfio.report.cli.ReportArgs;
import io.jfio.report.format.JsonReader;
import io.jfio.report.format.OutputFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * bin/jfio-merge: combines json+ results (fio's or jfio's, files or fio client-mode documents)
 * into one fio-shaped report per group id with {@link ExactMerge}.
 */
public final class MergeMain {
    private MergeMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Exit status 0 on success, 1 on a usage error, an unreadable input or an inexact merge. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            ReportArgs a = ReportArgs.read(args, EnumSet.of(OutputFormat.JSON_PLUS), List.of("name"), Integer.MAX_VALUE);
            if (a.help()) {
                usage(out);
                return 0;
            }
            List<String> files = a.inputs();
            if (files.isEmpty()) {
                usage(err);
                return 1;
            }
            List<RunResult> inputs = new ArrayList<>();
            for (String f : files) {
                inputs.add(read(ReportArgs.readInput(f)));
            }
            RunResult merged = ExactMerge.merge(inputs, files, new ExactMerge.Naming(a.value("name"), true));
            out.print(OutputFormat.render(merged, a.formats(), a.terseVersion()));
            out.flush();
            return 0;
        } catch (ReportArgs.UnknownArgument e) {
            err.println("jfio-merge: unknown argument " + e.getMessage());
        } catch (IOException e) {
            err.println("jfio-merge: cannot read: " + e.getMessage());
        } catch (NumberFormatException e) {
            err.println("jfio-merge: not a number: " + e.getMessage());
        } catch (RuntimeException e) {
            err.println("jfio-merge: " + e.getMessage());
        }
        return 1;
    }

    /**
     * Reads one json/json+ document; from a client-mode document (client_stats) the per-host
     * entries are kept and fio's own "All clients" sum is dropped, so nothing counts twice.
     */
    public static RunResult read(String text) {
        RunResult r = JsonReader.read(text);
        r.jobs.removeIf(ExactMergeNames::isAllClients);
        return r;
    }

    private static final class ExactMergeNames {
        static boolean isAllClients(JobResult j) {
            return "All clients".equals(j.name) && j.options.isEmpty();
        }
    }

    private static void usage(PrintStream p) {
        p.println("usage: jfio-merge [--output-format=json+|json|normal|terse[,...]] [--terse-version=N]");
        p.println("                  [--name=NAME] result.json...");
        p.println("  Merges the jobs of fio/jfio json+ results into one result per group id, as fio's");
        p.println("  group_reporting sums them: percentiles from the summed latency bins, counts summed,");
        p.println("  runtime the longest. NAME replaces the merged job's name (default: the first job's).");
    }
}
