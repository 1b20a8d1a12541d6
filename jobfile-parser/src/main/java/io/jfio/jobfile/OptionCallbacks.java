package io.jfio.jobfile;

import java.util.ArrayList;
import java.util.List;

/**
 * Options whose value has its own syntax (fio's option callbacks): bssplit, distributions, rw
 * postfixes, CPU lists and the numeric options that set more than one value. Like fio, most
 * syntax checks are skipped in --parse-only / --showcmd mode (dryRun); typed values are kept
 * when they can be read.
 */
final class OptionCallbacks {
    private OptionCallbacks() {
    }

    /**
     * fio's str_filename_cb adds the files at once, under the directory= set so far, to the files
     * the job has already: those of an earlier filename= in the section and those it inherited
     * from [global] (fio copies the global job's files into each job, then adds its own). The
     * directory is kept with the names; where two filename= lists were under different
     * directories, each list's names take their own directory at once.
     */
    static void filename(DraftJob st, String before, String added) {
        Object dirValue = st.values.get("directory");
        String dir = dirValue == null ? "" : dirValue.toString();
        if (before != null) {
            Object was = st.values.get(JobSpec.FILENAME_DIRECTORY);
            String beforeDir = was == null ? "" : was.toString();
            if (beforeDir.equals(dir)) {
                st.values.put("filename", before + ":" + added);
            } else {
                st.values.put("filename", under(beforeDir, before) + ":" + under(dir, added));
                dir = "";
            }
        }
        st.values.put(JobSpec.FILENAME_DIRECTORY, dir);
        // and each file takes the filetype= in force then (fio's add_file), else its stat
        Object type = st.values.get("filetype");
        st.values.put(JobSpec.FILENAME_FILETYPE, type == null ? "none" : type.toString());
    }

    /** A filename list with its directory (the first of directory='s list) joined to each name but "-". */
    private static String under(String dirList, String names) {
        List<String> dirs = ColonList.split(dirList);
        if (dirs.isEmpty()) {
            return names;
        }
        StringBuilder b = new StringBuilder();
        for (String n : ColonList.split(names)) {
            if (b.length() > 0) {
                b.append(':');
            }
            b.append((n.equals("-") ? n : dirs.get(0) + "/" + n).replace(":", "\\:"));
        }
        return b.toString();
    }

    /** Callback of a string/choice option: word is the matched choice (null for free text). */
    static String check(OptionDef o, String word, String ptr, DraftJob st, boolean dryRun) {
        String cb = o.special();
        switch (cb) {
            case "str_rw_cb":
                return dryRun ? null : rwPostfix(word, st.postfixes.get("rw"), st.kbBase());
            case "str_random_distribution_cb":
                return distribution(word, ptr, dryRun);
            case "str_fst_cb":
                return distribution(word, ptr, false);
            case "str_bssplit_cb": {
                if (ptr == null) {
                    return "bssplit requires an argument";
                }
                Object parsed = bssplit(ptr, st.kbBase());
                if (parsed instanceof String err) {
                    return err;
                }
                st.values.put("bssplit", parsed);
                return null;
            }
            case "str_cpus_allowed_cb", "str_verify_cpus_allowed_cb", "str_log_cpus_allowed_cb":
                if (dryRun) {
                    return null; // fio checks CPU lists only when the job really runs
                }
                return ptr == null ? o.name() + " requires a CPU list" : cpuList(ptr);
            case "str_write_bw_log_cb", "str_write_lat_log_cb", "str_write_iops_log_cb", "str_write_hist_log_cb":
                return null;
            case "str_buffer_pattern_cb", "str_verify_pattern_cb":
                return pattern(o, ptr, st);
            case "str_ignore_error_cb":
                // fio checks the lists even with --parse-only (unknown names fail the option).
                return ptr == null ? o.name() + " requires an argument" : ErrorLists.problem(ptr);
            case "str_steadystate_cb": {
                // fio reads the threshold even with --parse-only
                int colon = ptr == null ? -1 : ptr.indexOf(':');
                SteadyStateThreshold t = SteadyStateThreshold.parse(word, colon < 0 ? null : ptr.substring(colon + 1),
                        st.kbBase());
                if (t.problem() == null) {
                    ParseDebug.line(() -> t.debugText(word));
                }
                return t.problem();
            }
            default:
                // sync_file_range, mem, clocksource, ...: text kept as written
                // (fio checks most of them only when the job really runs).
                return ptr == null && word == null ? o.name() + " requires an argument" : null;
        }
    }

    /** Callback of a numeric option (size/offset percentages, rwmix pairs, cpumask...). */
    static String number(OptionDef o, long val, DraftJob st) {
        switch (o.name()) {
            case "rwmixread" -> {
                st.values.put("rwmixread", val);
                st.values.put("rwmixwrite", 100 - val);
            }
            case "rwmixwrite" -> {
                st.values.put("rwmixwrite", val);
                st.values.put("rwmixread", 100 - val);
            }
            case "dedupe_percentage" -> {
                // fio's str_dedupe_cb: deduplicated data is generated per write
                st.values.put(o.name(), val);
                st.values.put("refill_buffers", 1L);
            }
            case "io_size" -> {
                if (Long.compareUnsigned(val, FioNumbers.ZONE_BASE + 0xFFFF_FFFFL) > 0 && -1L - val > 100) {
                    return "io_size values greater than 100% aren't supported";
                }
                st.values.put(o.name(), val);
            }
            default -> st.values.put(o.name(), val);
        }
        return null;
    }

    /**
     * buffer_pattern / verify_pattern: parsed now, as fio's callbacks do, so a bad pattern is a parse
     * error. buffer_pattern also does what fio's str_buffer_pattern_cb does to the other buffer
     * options at that point of the job: refill_buffers on when the job reads or compresses (as far
     * as parsed so far), off otherwise; scramble_buffers and zero_buffers off.
     */
    private static String pattern(OptionDef o, String ptr, DraftJob st) {
        if (ptr == null || ptr.isEmpty()) {
            return o.name() + " requires a pattern";
        }
        try {
            if (o.name().equals("buffer_pattern")) {
                Pattern.parse(ptr);
                String rw = st.string("rw");
                boolean reads = rw == null || rw.equals("read") || rw.equals("randread") || rw.equals("rw")
                        || rw.equals("readwrite") || rw.equals("randrw");
                boolean compress = st.longValue("buffer_compress_percentage", 0) != 0;
                st.values.put("refill_buffers", compress || reads ? 1L : 0L);
                st.values.put("scramble_buffers", 0L);
                st.values.put("zero_buffers", 0L);
            } else {
                Pattern.parseWithOffsets(ptr);
            }
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private static String rwPostfix(String word, String nr, int kbBase) {
        if (nr == null) {
            return null;
        }
        Long v = FioNumbers.toDecimal(nr, true, kbBase, false);
        boolean random = word.startsWith("rand");
        if (v == null) {
            return random ? "randrw postfix parsing failed" : "rw postfix parsing failed";
        }
        if (random && (v <= 0 || v > 0xFFFF_FFFFL)) {
            return "randrw postfix parsing out of range";
        }
        return null;
    }

    private static String distribution(String word, String ptr, boolean dryRun) {
        if (word == null || ptr == null) {
            return null;
        }
        int colon = ptr.indexOf(':');
        String nr = colon < 0 ? null : ptr.substring(colon + 1);
        switch (word) {
            case "zipf", "pareto", "normal", "gauss" -> {
                double val = word.equals("zipf") ? 1.1 : word.equals("pareto") ? 0.2 : 0.0;
                double center = -1;
                if (nr != null) {
                    int c2 = nr.indexOf(':');
                    Double v = FioNumbers.toDouble(c2 < 0 ? nr : nr.substring(0, c2));
                    Double c = c2 < 0 ? Double.valueOf(-1) : FioNumbers.toDouble(nr.substring(c2 + 1));
                    if (v == null || c == null) {
                        return "random postfix parsing failed";
                    }
                    val = v;
                    center = c;
                }
                if (center != -1 && (center < 0 || center > 1)) {
                    return "distribution center out of range (0 <= center <= 1.0)";
                }
                if (word.equals("zipf") && val == 1.0) {
                    return "zipf theta must be different than 1.0";
                }
                if (word.equals("pareto") && (val <= 0 || val >= 1)) {
                    return "pareto input out of range (0 < input < 1.0)";
                }
                if ((word.equals("normal") || word.equals("gauss")) && (val < 0 || val >= 100)) {
                    return "normal deviation out of range (0 <= input < 100.0)";
                }
                return null;
            }
            case "zoned", "zoned_abs" -> {
                return zoned(word, ptr);
            }
            case "sequence" -> {
                return nr == null ? "missing pattern in sequence distribution" : null;
            }
            default -> {
                return null;
            }
        }
    }

    /** fio's direction groups of split options: "R", "R,W" (W also for trims) or "R,W,T". */
    private static String[] directionGroups(String str) {
        int c1 = str.indexOf(',');
        if (c1 < 0) {
            return new String[] {str, str, str};
        }
        int c2 = str.indexOf(',', c1 + 1);
        if (c2 >= 0) {
            return new String[] {str.substring(0, c1), str.substring(c1 + 1, c2), str.substring(c2 + 1)};
        }
        return new String[] {str.substring(0, c1), str.substring(c1 + 1), str.substring(c1 + 1)};
    }

    /** Entries "value[/second]" separated by ':' until an empty one; null second when absent. */
    private static List<String[]> splitEntries(String group, int max) {
        List<String[]> out = new ArrayList<>();
        for (String e : group.split(":", -1)) {
            if (e.isEmpty()) {
                break;
            }
            int slash = e.indexOf('/');
            out.add(slash < 0 ? new String[] {e, null} : new String[] {e.substring(0, slash), e.substring(slash + 1)});
            if (out.size() == max) {
                break;
            }
        }
        return out;
    }

    private static long atoi(String s) {
        FioNumbers.StrtollResult r = FioNumbers.strtoll(s, 10);
        return r == null ? 0 : (int) r.value();
    }

    /** bssplit as fio's options.c: one list per direction (null: none given), percentages filled in. A String is an error. */
    static Object bssplit(String value, int kbBase) {
        String[] groups = directionGroups(value);
        @SuppressWarnings("unchecked")
        List<BsSplitEntry>[] out = new List[3];
        for (int d = 2; d >= 0; d--) {
            List<long[]> entries = new ArrayList<>();
            for (String[] e : splitEntries(groups[d], 64)) {
                long perc = -1;
                if (e[1] != null) {
                    perc = atoi(e[1]);
                    perc = perc > 100 ? 100 : perc == 0 ? -1 : perc;
                }
                Long bs = FioNumbers.toDecimal(e[0], true, kbBase, false);
                if (bs == null) {
                    return "split conversion failed";
                }
                entries.add(new long[] {bs, perc});
            }
            long given = 0;
            int missing = 0;
            for (long[] e : entries) {
                if (e[1] == -1) {
                    missing++;
                } else {
                    given += e[1];
                }
            }
            if (given > 100 && missing > 1) {
                return "bssplit percentages add to more than 100%";
            }
            if (missing == 1 && entries.size() == 1) {
                given = 100;
            }
            List<BsSplitEntry> list = new ArrayList<>();
            for (long[] e : entries) {
                long p = e[1] == -1 ? (100 - given) / missing : e[1];
                list.add(new BsSplitEntry(e[0], (int) p));
            }
            list.sort(java.util.Comparator.comparingInt(BsSplitEntry::percent));
            out[d] = list.isEmpty() ? null : List.copyOf(list);
        }
        if (out[0] == null && out[1] == null && out[2] == null) {
            return out;
        }
        return out;
    }

    /** zoned:/zoned_abs: distributions (access%/size% or access%/size), checked like fio. */
    private static String zoned(String word, String ptr) {
        String pre = word + ":";
        String str = JobFileReader.stripEnd(JobFileReader.stripFront(ptr));
        if (!str.startsWith(pre)) {
            return "mismatch in zoned input <" + str + ">";
        }
        boolean absolute = word.equals("zoned_abs");
        String[] groups = directionGroups(str.substring(pre.length()));
        for (int d = 2; d >= 0; d--) {
            List<String[]> entries = splitEntries(groups[d], 256);
            if (entries.isEmpty()) {
                continue;
            }
            long perc = 0;
            long sperc = 0;
            for (String[] e : entries) {
                Long access = FioNumbers.toDecimal(e[0], true, 1024, false);
                if (access == null) {
                    return "split conversion failed";
                }
                long a = access & 0xff;
                if (a != 0xff) {
                    perc += a;
                }
                if (absolute) {
                    if (e[1] != null && FioNumbers.toDecimal(e[1], true, 1024, false) == null) {
                        return "split conversion failed";
                    }
                } else {
                    long sp = e[1] == null ? 0xff : atoi(e[1]);
                    sp = sp > 100 ? 100 : sp == 0 ? 0xff : sp & 0xff;
                    if (sp != 0xff) {
                        sperc += sp;
                    }
                }
            }
            if (perc > 100 || sperc > 100) {
                return "zone_split percentages add to more than 100%";
            }
            if (perc < 100) {
                return "access percentage don't add up to 100 for zoned random distribution (got=" + perc + ")";
            }
        }
        return null;
    }

    private static String cpuList(String v) {
        for (String part : v.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            String[] ends = p.split("-", -1);
            if (ends.length > 2) {
                return "invalid CPU range " + p;
            }
            for (String e : ends) {
                if (e.isEmpty() || !e.chars().allMatch(Character::isDigit)) {
                    return "invalid CPU number '" + e + "' in " + p;
                }
            }
            for (String e : ends) {
                // fio's set_cpus_allowed: a CPU the machine does not have fails the option
                long cpu = e.length() > 9 ? Long.MAX_VALUE : Long.parseLong(e);
                int online = onlineCpus();
                if (cpu >= online) {
                    return "CPU " + e + " too large (max=" + (online - 1) + ")";
                }
            }
        }
        return null;
    }

    /** fio's fio_cpus_online: the CPUs the machine has online (/sys/devices/system/cpu/online). */
    static int onlineCpus() {
        try {
            String l = java.nio.file.Files.readString(java.nio.file.Path.of("/sys/devices/system/cpu/online")).strip();
            // sysconf(_SC_NPROCESSORS_ONLN) counts them: "0-3,6" is 5
            int n = 0;
            for (String part : l.split(",")) {
                int dash = part.indexOf('-');
                int lo = Integer.parseInt(part.substring(0, dash < 0 ? part.length() : dash).strip());
                int hi = dash < 0 ? lo : Integer.parseInt(part.substring(dash + 1).strip());
                n += hi - lo + 1;
            }
            if (n > 0) {
                return n;
            }
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux: the JVM's count
        }
        return Runtime.getRuntime().availableProcessors();
    }
}
