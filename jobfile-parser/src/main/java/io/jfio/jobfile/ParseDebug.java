package io.jfio.jobfile;

/**
 * fio's {@code --debug=parse} (its FD_PARSE debug type): lines the option parser prints as it
 * handles a value. jfio prints the lines of the option callbacks it has (the steadystate
 * threshold), not fio's per-option handle_option trace.
 */
final class ParseDebug {
    private ParseDebug() {
    }

    /** Runs {@code r} with the lines off (the option defaults). */
    static void quiet(Runnable r) {
        FioDebug.quiet(r);
    }

    static void line(String text) {
        if (FioDebug.on(FioDebug.Type.PARSE)) {
            FioDebug.line(FioDebug.Type.PARSE, text);
        }
    }

    /** The line made only when the type is on: a String.format per job's defaults was ~40 us each. */
    static void line(java.util.function.Supplier<String> text) {
        if (FioDebug.on(FioDebug.Type.PARSE)) {
            FioDebug.line(FioDebug.Type.PARSE, text.get());
        }
    }
}
