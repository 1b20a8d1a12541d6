package io.jfio.runner.workload;

import io.jfio.jobfile.JobSpec;

/**
 * Reads options from a {@link JobSpec} with a fallback, trying fio's aliases in order, so the
 * runner works whether or not the parser stored a default for every option.
 */
public final class Opts {
    private Opts() {
    }

    public static long getLong(JobSpec spec, long def, String... names) {
        for (String n : names) {
            if (spec.has(n) && spec.value(n) != null) {
                try {
                    return spec.getLong(n);
                } catch (RuntimeException e) {
                    return def;
                }
            }
        }
        return def;
    }

    public static boolean getBool(JobSpec spec, boolean def, String... names) {
        return getLong(spec, def ? 1 : 0, names) != 0;
    }

    public static String getString(JobSpec spec, String def, String... names) {
        for (String n : names) {
            if (spec.has(n) && spec.value(n) != null) {
                return spec.getString(n);
            }
        }
        return def;
    }

    public static long[] getPerDirection(JobSpec spec, long def, String name) {
        if (spec.has(name) && spec.value(name) != null) {
            try {
                return spec.getPerDirection(name);
            } catch (RuntimeException e) {
                // fall through to the default
            }
        }
        return new long[] {def, def, def};
    }
}
