package io.jfio.jobfile.options;

import io.jfio.jobfile.ErrorLists;
import io.jfio.jobfile.JobSpec;

/**
 * fio's error policy (FIO_OPT_G_ERR and max_latency): which errors a job survives and how it
 * reports them.
 *
 * @param continueOnError  fio's bit set: 1 read, 2 write, 4 verify (1 << error_type_bit), with
 *                         the types that ignore_error lists added, as fio's option callback does
 * @param ignoreErrors     per type (read, write, verify) the errors that do not end the job; null
 *                         for fio's default (EIO, EILSEQ)
 * @param errorDump        error_dump: log ignored errors too
 * @param exitAllOnError   exitall_on_error: a job's error stops every job
 * @param maxLatencyNanos  max_latency per direction (read, write, trim), 0 = none
 */
public record ErrorOptions(int continueOnError, int[][] ignoreErrors, boolean errorDump, boolean exitAllOnError,
                           long[] maxLatencyNanos) {
    /** No continue_on_error, no max_latency: every error ends the job. */
    public static final ErrorOptions NONE = new ErrorOptions(0, new int[3][], false, false, new long[3]);

    /** fio's non-fatal errors when ignore_error gives no list for the type. */
    private static final int[] DEFAULT_NON_FATAL = {5, 84};

    public static ErrorOptions from(JobSpec spec) {
        String coe = spec.getString("continue_on_error");
        int bits = switch (coe == null ? "none" : coe) {
            case "read" -> 1;
            case "write" -> 2;
            case "io" -> 3;
            case "verify" -> 4;
            case "all", "1", "true" -> 7;
            default -> 0;
        };
        int[][] lists = ErrorLists.parse(spec.getString("ignore_error"));
        if (!givenAfter(spec, "continue_on_error", "ignore_error")) {
            // fio's ignore_error callback adds its types; a continue_on_error given later replaces them.
            for (int t = 0; t < 3; t++) {
                if (lists[t] != null) {
                    bits |= 1 << t;
                }
            }
        }
        long[] maxLat = spec.isSet("max_latency") && spec.value("max_latency") != null
                ? spec.getPerDirection("max_latency") : new long[3];
        long[] nanos = new long[3];
        for (int d = 0; d < 3 && d < maxLat.length; d++) {
            nanos[d] = maxLat[d] * 1000L;
        }
        return new ErrorOptions(bits, lists, flag(spec, "error_dump"), flag(spec, "exitall_on_error"), nanos);
    }

    /** A flag that a spec built without fio's defaults (tests, tools) may lack: unset is off. */
    private static boolean flag(JobSpec spec, String name) {
        return spec.has(name) && spec.value(name) != null && spec.getBool(name);
    }

    /** True when option {@code a} was given after the last {@code b}, as fio applies them in order. */
    private static boolean givenAfter(JobSpec spec, String a, String b) {
        int ia = -1;
        int ib = -1;
        var given = spec.givenOptions();
        for (int i = 0; given != null && i < given.size(); i++) {
            String k = given.get(i).getKey();
            if (k.equals(a)) {
                ia = i;
            } else if (k.equals(b)) {
                ib = i;
            }
        }
        return ia > ib && ib >= 0;
    }

    /** fio's td_error_type: EILSEQ is a verify error, else by direction (trim and syncs as writes). */
    public static int errorType(int ddir, int errno) {
        if (errno == 84) {
            return ErrorLists.VERIFY;
        }
        return ddir == 0 ? ErrorLists.READ : ErrorLists.WRITE;
    }

    /** fio's td_non_fatal_error: continue_on_error covers the type and the errno is in its list. */
    public boolean nonFatal(int ddir, int errno) {
        int t = errorType(ddir, errno);
        if ((continueOnError & (1 << t)) == 0) {
            return false;
        }
        for (int e : ignoreErrors[t] != null ? ignoreErrors[t] : DEFAULT_NON_FATAL) {
            if (e == errno) {
                return true;
            }
        }
        return false;
    }

    /** True when continue_on_error covers this error's type (fatal or not). */
    public boolean continues(int ddir, int errno) {
        return (continueOnError & (1 << errorType(ddir, errno))) != 0;
    }
}
