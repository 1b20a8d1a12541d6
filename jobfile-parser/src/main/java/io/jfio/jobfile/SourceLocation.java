package io.jfio.jobfile;

/** Where an option came from: a job file and line, or the command line ({@code line == 0}). */
public record SourceLocation(String file, int line) {
    public static final SourceLocation COMMAND_LINE = new SourceLocation("<command line>", 0);
    public static final SourceLocation DEFAULT = new SourceLocation("<default>", 0);

    @Override
    public String toString() {
        return line > 0 ? file + ":" + line : file;
    }
}
