package io.jfio.jobfile;

/** Number reading for command-line values outside job options (--eta-newline, --status-interval). */
public final class FioNumbersAccess {
    private FioNumbersAccess() {
    }

    /** A time with seconds as default unit, in microseconds; null when fio would fail it. */
    public static Long seconds(String value) {
        return FioNumbers.toDecimal(value, false, 1024, true);
    }
}
