package io.jfio.jobfile;

import java.util.ArrayList;
import java.util.List;

/**
 * Options whose value has its own syntax (fio's option callbacks): bssplit, distributions, rw
 * postfixes, CPU lists and the numeric options that set more than one value. Like fio, most
 * syntax checks are skipped in --parse-only / --showcmd mode (dryRun); typed values are kept
 * when they can be read.
 */
final class Specials {
    private Specials() {
    }

    /** Callback of a string/choice option: word is the matched choice (null for free text). */
    static String check(OptionDef o, String word, String ptr, JobState st, boolean dryRun) {
        String cb = o.special();
        switch (cb) {
            case "str_rw_cb":
                return dryRun ? null : rwPostfix(word, st.postfixes.get("rw"), st.kbBase());
            case "str_random_distribution_cb":
                return distribution(word, ptr, dryRun);
            case "str_fst_cb":
                return dryRun ? null : distribution(word, ptr, false);
            case "str_bssplit_cb": {
                if (ptr == null) {
                    return "bssplit requires an argument";
                }
                Object parsed = bssplit(ptr, st.kbBase());
                if (parsed instanceof String err) {
                    return dryRun ? null : err;
                }
                st.values.put("bssplit", parsed);
                return null;
            }
            case "str_cpus_allowed_cb", "str_verify_cpus_allowed_cb", "str_log_cpus_allowed_cb":
                if (ptr == null) {
                    return o.name() + " requires a CPU list";
                }
                return dryRun ? null : cpuList(ptr);
            case "str_write_bw_log_cb", "str_write_lat_log_cb", "str_write_iops_log_cb", "str_write_hist_log_cb":
                return null;
            case "str_buffer_pattern_cb", "str_verify_pattern_cb":
                return ptr == null || ptr.isEmpty() ? o.name() + " requires a pattern" : null;
            default:
                // ignore_error, steadystate, sync_file_range, mem, clocksource, ...: text kept as written
                // (fio checks most of them only when the job really runs).
                return ptr == null && word == null ? o.name() + " requires an argument" : null;
        }
    }

    /** Callback of a numeric option (size/offset percentages, rwmix pairs, cpumask...). */
    static String number(OptionDef o, long val, JobState st) {
        switch (o.name()) {
            case "rwmixread" -> {
                st.values.put("rwmixread", val);
                st.values.put("rwmixwrite", 100 - val);
            }
            case "rwmixwrite" -> {
                st.values.put("rwmixwrite", val);
                st.values.put("rwmixread", 100 - val);
            }
            case "io_size" -> {
                if (FioNumbers.isPercent(val) && FioNumbers.percentOf(val) > 100) {
                    return "io_size values greater than 100% aren't supported";
                }
                st.values.put(o.name(), val);
            }
            default -> st.values.put(o.name(), val);
        }
        return null;
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
                if (dryRun) {
                    return null;
                }
                return nr == null || nr.isEmpty() ? "mismatch in zoned input <" + ptr + ">" : null;
            }
            default -> {
                return null;
            }
        }
    }

    /** bssplit per spec 4.9: one list per direction, percentages filled in. A String is an error. */
    static Object bssplit(String value, int kbBase) {
        String[] groups = value.split(",", -1);
        @SuppressWarnings("unchecked")
        List<BsSplitEntry>[] out = new List[3];
        List<List<BsSplitEntry>> parsed = new ArrayList<>();
        for (String g : groups) {
            if (parsed.size() == 3) {
                break;
            }
            if (g.isEmpty() && parsed.size() > 0) {
                break;
            }
            List<long[]> entries = new ArrayList<>();
            for (String e : g.split(":", -1)) {
                if (e.isEmpty()) {
                    break;
                }
                if (entries.size() == 64) {
                    break;
                }
                int slash = e.indexOf('/');
                String size = slash < 0 ? e : e.substring(0, slash);
                long perc = 0;
                if (slash >= 0) {
                    FioNumbers.StrtollResult r = FioNumbers.strtoll(e.substring(slash + 1), 10);
                    perc = r == null ? 0 : Math.min(100, (int) r.value());
                }
                Long bs = FioNumbers.toDecimal(size, true, kbBase, false);
                if (bs == null) {
                    return "split conversion failed";
                }
                entries.add(new long[] {bs, Math.max(perc, 0)});
            }
            long given = 0;
            int unspecified = 0;
            for (long[] e : entries) {
                given += e[1];
                if (e[1] == 0) {
                    unspecified++;
                }
            }
            if (given > 100 && unspecified > 1) {
                return "bssplit percentages add to more than 100%";
            }
            if (unspecified > 0) {
                long share = Math.max(0, 100 - given) / unspecified;
                for (long[] e : entries) {
                    if (e[1] == 0) {
                        e[1] = share;
                    }
                }
            }
            List<BsSplitEntry> list = new ArrayList<>();
            for (long[] e : entries) {
                list.add(new BsSplitEntry(e[0], (int) e[1]));
            }
            parsed.add(List.copyOf(list));
        }
        if (parsed.isEmpty()) {
            return "split conversion failed";
        }
        out[0] = parsed.get(0);
        out[1] = parsed.size() > 1 ? parsed.get(1) : parsed.get(0);
        out[2] = parsed.size() > 2 ? parsed.get(2) : out[1];
        return out;
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
        }
        return null;
    }
}
