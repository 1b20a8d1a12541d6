package io.jfio.jobfile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The options of one job (or of the global defaults) while they are being parsed: typed values,
 * choice postfixes, where each was set, raw engine options and fio's --showcmd list.
 */
final class DraftJob {
    final LayeredMap<Object> values;
    final LayeredMap<String> postfixes;
    final LayeredMap<SourceLocation> locations;
    final Map<String, String> engineOptions = new LinkedHashMap<>();
    final Map<String, SourceLocation> engineLocations = new LinkedHashMap<>();
    /** Options as --showcmd prints them: canonical name and value (null when given without value). */
    final List<String[]> printList = new ArrayList<>();

    DraftJob() {
        values = new LayeredMap<>(DraftJob::deepCopy);
        postfixes = new LayeredMap<>(UnaryOperator.identity());
        locations = new LayeredMap<>(UnaryOperator.identity());
    }

    private DraftJob(DraftJob from) {
        values = from.values.copy();
        postfixes = from.postfixes.copy();
        locations = from.locations.copy();
        engineOptions.putAll(from.engineOptions);
        engineLocations.putAll(from.engineLocations);
    }

    /** A state of its own that starts with this one's options (the --showcmd list starts empty). */
    DraftJob copy() {
        return new DraftJob(this);
    }

    /**
     * A job section's state, started from this global one: its options, and how many files its
     * filename= added, which fio's get_new_job copies into the job (dup_files) before the job's
     * own filename= adds more.
     */
    DraftJob jobCopy() {
        DraftJob c = copy();
        Object f = values.get("filename");
        c.values.put(JobSpec.FILENAME_INHERITED, f == null ? 0L : (long) ColonList.split(f.toString()).size());
        return c;
    }

    private static Object deepCopy(Object v) {
        if (v instanceof long[] a) {
            return a.clone();
        }
        if (v instanceof SizeRange[] r) {
            return r.clone();
        }
        if (v instanceof double[] d) {
            return d.clone();
        }
        if (v instanceof List<?>[] l) {
            return l.clone();
        }
        return v;
    }

    int kbBase() {
        Object v = values.get("kb_base");
        return v != null && v.toString().equals("1000") ? 1000 : 1024;
    }

    long[] slots(String name, int n) {
        Object v = values.get(name);
        if (v instanceof long[] a && a.length == n) {
            return a;
        }
        long[] a = new long[n];
        values.put(name, a);
        return a;
    }

    SizeRange[] ranges(String name) {
        Object v = values.get(name);
        if (v instanceof SizeRange[] r) {
            return r;
        }
        SizeRange[] r = new SizeRange[3];
        values.put(name, r);
        return r;
    }

    String string(String name) {
        Object v = values.get(name);
        return v == null ? null : v.toString();
    }

    long longValue(String name, long dflt) {
        Object v = values.get(name);
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof long[] a) {
            return a[0];
        }
        return dflt;
    }
}
