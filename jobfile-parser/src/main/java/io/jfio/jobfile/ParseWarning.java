package io.jfio.jobfile;

/** Something fio accepts but that probably does not mean what the author wanted, or that jfio ignores. */
public record ParseWarning(SourceLocation location, String option, String message) {
    @Override
    public String toString() {
        return location + ": " + message;
    }
}
