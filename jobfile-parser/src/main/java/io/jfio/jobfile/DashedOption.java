package io.jfio.jobfile;

/**
 * One "-opt", "--opt" or "--opt=value" argument split as fio's getopt_long_only sees it: the
 * name without dashes and the value after the first '=' (null when there is none).
 */
public record DashedOption(String name, String value) {
    /** Null for a positional argument ("-" alone or no leading dash). */
    public static DashedOption parse(String arg) {
        if (!arg.startsWith("-") || arg.equals("-")) {
            return null;
        }
        String body = arg.startsWith("--") ? arg.substring(2) : arg.substring(1);
        int eq = body.indexOf('=');
        return eq < 0 ? new DashedOption(body, null) : new DashedOption(body.substring(0, eq), body.substring(eq + 1));
    }
}
