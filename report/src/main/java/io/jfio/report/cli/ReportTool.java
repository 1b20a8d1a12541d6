package io.jfio.report.cli;

import io.jfio.report.RunResult;
import io.jfio.report.format.JsonReader;
import io.jfio.report.format.OutputFormat;
import io.jfio.report.format.TerseReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;

/**
 * Converts a saved fio (or jfio) result between report formats:
 * {@code java -cp jfio-report.jar io.jfio.report.cli.ReportTool --output-format=normal fio.json}.
 * Input is json, json+ or terse (found from the content; "-" reads stdin). Normal output from
 * JSON lacks what JSON does not carry (pid 0, jobs=1 per block, the JSON's time as date).
 */
public final class ReportTool {
    private ReportTool() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Returns the exit status: 0 on success, 1 on a usage or input error (one line on err). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        String input = null;
        try {
            ReportArgs a = ReportArgs.read(args, Set.of(OutputFormat.NORMAL), List.of("fio-version"), 1);
            if (a.help()) {
                out.println("usage: ReportTool [--output-format=normal,terse,json,json+] [--terse-version=2..5]"
                        + " [--fio-version=fio-3.33|fio-3.42] FILE|-");
                return 0;
            }
            if (a.inputs().isEmpty()) {
                err.println("jfio-report: no input file (json, json+ or terse)");
                return 1;
            }
            input = a.inputs().get(0);
            RunResult run = read(ReportArgs.readInput(input));
            if (a.value("fio-version") != null) {
                run.fioVersion = a.value("fio-version");
            }
            out.print(OutputFormat.render(run, a.formats(), a.terseVersion()));
            out.flush();
            return 0;
        } catch (ReportArgs.UnknownArgument e) {
            err.println("jfio-report: unknown argument " + e.getMessage());
        } catch (IOException e) {
            err.println("jfio-report: cannot read " + input + ": " + e.getMessage());
        } catch (RuntimeException e) {
            err.println("jfio-report: " + e.getMessage());
        }
        return 1;
    }

    /** Reads json/json+ when the text holds a document, terse lines otherwise. */
    public static RunResult read(String text) {
        if (text.startsWith("{") || text.contains("\n{\n")) {
            return JsonReader.read(text);
        }
        if (text.matches("(?s)(.*\n)?[2-5];.*")) {
            return TerseReader.read(text);
        }
        throw new IllegalArgumentException("input is neither fio JSON nor terse output");
    }
}
