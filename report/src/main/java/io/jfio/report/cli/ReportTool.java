package io.jfio.report.cli;

import io.jfio.report.RunResult;
import io.jfio.report.format.JsonReader;
import io.jfio.report.format.OutputFormat;
import io.jfio.report.format.TerseReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        Set<OutputFormat> formats = Set.of(OutputFormat.NORMAL);
        int terseVersion = 3;
        String version = null;
        String input = null;
        try {
            for (String a : args) {
                if (a.startsWith("--output-format=")) {
                    formats = OutputFormat.parse(a.substring(16));
                } else if (a.startsWith("--terse-version=")) {
                    terseVersion = Integer.parseInt(a.substring(16));
                } else if (a.startsWith("--fio-version=")) {
                    version = a.substring(14);
                } else if (a.equals("--help") || a.equals("-h")) {
                    out.println("usage: ReportTool [--output-format=normal,terse,json,json+] [--terse-version=2..5]"
                            + " [--fio-version=fio-3.33|fio-3.42] FILE|-");
                    return 0;
                } else if (input == null && (!a.startsWith("-") || a.equals("-"))) {
                    input = a;
                } else {
                    err.println("jfio-report: unknown argument " + a);
                    return 1;
                }
            }
            if (input == null) {
                err.println("jfio-report: no input file (json, json+ or terse)");
                return 1;
            }
            String text = input.equals("-") ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
                    : Files.readString(Path.of(input));
            RunResult run = read(text);
            if (version != null) {
                run.fioVersion = version;
            }
            out.print(OutputFormat.render(run, formats, terseVersion));
            out.flush();
            return 0;
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
