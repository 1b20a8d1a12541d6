package io.jfio.jobfile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * fio 3.42's option tables: the generic job options and, per I/O engine, the engine's own options
 * and whether the judge build of fio can load that engine. Loaded once from two resources so the
 * catalogue is data, not code.
 */
public final class OptionCatalog {
    /** An I/O engine fio knows: its options and whether the reference build has it. */
    public record EngineInfo(String name, boolean available, List<OptionDef> options) {
        public OptionDef find(String word) {
            for (OptionDef o : options) {
                if (o.matches(word)) {
                    return o;
                }
            }
            return null;
        }
    }

    private static final OptionCatalog INSTANCE = new OptionCatalog();

    private final List<OptionDef> generic;
    private final Map<String, OptionDef> byName = new HashMap<>();

    private OptionCatalog() {
        generic = Collections.unmodifiableList(load("fio-options.tsv", null));
        for (OptionDef o : generic) {
            byName.putIfAbsent(o.name(), o);
        }
        for (OptionDef o : generic) {
            if (o.alias() != null) {
                byName.putIfAbsent(o.alias(), o);
            }
        }
    }

    /**
     * The engines' table, read the first time a job or command line needs an engine's own
     * options: most runs name only generic options, and half the catalogue's lines (parsed by
     * interpreted code at every start) are the engines'.
     */
    private static final class Engines {
        static final Map<String, EngineInfo> ALL = load();

        private static Map<String, EngineInfo> load() {
            Map<String, Boolean> avail = new LinkedHashMap<>();
            List<OptionDef> all = OptionCatalog.load("fio-engines.tsv", avail);
            Map<String, EngineInfo> engines = new LinkedHashMap<>();
            for (Map.Entry<String, Boolean> e : avail.entrySet()) {
                List<OptionDef> opts = new ArrayList<>();
                for (OptionDef o : all) {
                    if (o.engine().equals(e.getKey())) {
                        opts.add(o);
                    }
                }
                engines.put(e.getKey(), new EngineInfo(e.getKey(), e.getValue(), List.copyOf(opts)));
            }
            return Collections.unmodifiableMap(engines);
        }
    }

    public static OptionCatalog get() {
        return INSTANCE;
    }

    /** Generic options in fio's table order. */
    public List<OptionDef> options() {
        return generic;
    }

    /** Exact, case-sensitive lookup by name or alias (job files never match prefixes). */
    public OptionDef find(String word) {
        return byName.get(word);
    }

    /** The engine of that name, or null when fio does not know it at all. */
    public EngineInfo engine(String name) {
        return Engines.ALL.get(name);
    }

    public Map<String, EngineInfo> engines() {
        return Engines.ALL;
    }

    /**
     * The generic option closest to a mistyped word (Levenshtein distance at most half the word,
     * rounded up), for "did you mean" hints; null when none is that close, or, with
     * {@code supportedOnly}, when the closest is an option jfio refuses.
     */
    public String closest(String word, boolean supportedOnly) {
        if (word.length() > 2 * MAX_HINT_NAME) {
            // Too far from every option name to be a typo of one: skip the quadratic search.
            return null;
        }
        OptionDef best = null;
        int bestDist = Integer.MAX_VALUE;
        for (OptionDef o : generic) {
            if (Math.abs(word.length() - o.name().length()) >= bestDist) {
                continue; // the distance is at least the length difference
            }
            int d = editDistance(word, o.name());
            if (d < bestDist) {
                bestDist = d;
                best = o;
            }
        }
        if (best == null || bestDist > (word.length() + 1) / 2
                || (supportedOnly && best.type() == OptionType.UNSUPPORTED)) {
            return null;
        }
        return best.name();
    }

    /** Longer than any option name: words over twice this long get no hint. */
    private static final int MAX_HINT_NAME = 128;

    /** Levenshtein distance (insert, delete, substitute all cost 1). */
    public static int editDistance(String a, String b) {
        int[] p = new int[b.length() + 1];
        int[] q = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            p[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            q[0] = p[0] + 1;
            for (int j = 1; j <= b.length(); j++) {
                int sub = p[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                q[j] = Math.min(p[j] + 1, Math.min(q[j - 1] + 1, sub));
            }
            int[] t = p;
            p = q;
            q = t;
        }
        return p[b.length()];
    }

    private static List<OptionDef> load(String resource, Map<String, Boolean> engineAvailability) {
        List<OptionDef> out = new ArrayList<>();
        // through the module: the class's own loader only, where Class.getResourceAsStream first
        // has the JDK's boot and platform loaders search their modules (~5 ms of every start)
        try (InputStream in = OptionCatalog.class.getModule().getResourceAsStream(
                OptionCatalog.class.getPackageName().replace('.', '/') + "/" + resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String engine = null;
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] c = line.split("\t", -1);
                if (c[0].equals("@engine")) {
                    engine = c[1];
                    engineAvailability.put(engine, c[2].equals("yes"));
                    continue;
                }
                out.add(parse(c, engine));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static OptionDef parse(String[] c, String engine) {
        String special = null;
        String parent = null;
        int maxlen = 0;
        Double minfp = null;
        Double maxfp = null;
        boolean isSeconds = false;
        boolean isTime = false;
        boolean neg = false;
        boolean pow2 = false;
        String profile = null;
        for (String f : c[8].split(",")) {
            if (f.isEmpty()) {
                continue;
            }
            int eq = f.indexOf('=');
            String k = eq < 0 ? f : f.substring(0, eq);
            String v = eq < 0 ? "" : f.substring(eq + 1);
            switch (k) {
                case "is_seconds" -> isSeconds = true;
                case "is_time" -> isTime = true;
                case "neg" -> neg = true;
                case "pow2" -> pow2 = true;
                case "cb" -> special = v;
                case "parent" -> parent = v;
                case "maxlen" -> maxlen = Integer.parseInt(v);
                case "minfp" -> minfp = Double.parseDouble(v);
                case "maxfp" -> maxfp = Double.parseDouble(v);
                case "profile" -> profile = v;
                default -> { }
            }
        }
        List<String> choices = new ArrayList<>();
        Map<String, Long> numbers = new LinkedHashMap<>();
        if (c.length > 9 && !c[9].isEmpty()) {
            for (String w : c[9].split("\\|")) {
                int eq = w.indexOf('=');
                if (eq >= 0) {
                    String word = w.substring(0, eq);
                    choices.add(word);
                    numbers.put(word, Long.parseLong(w.substring(eq + 1)));
                } else {
                    choices.add(w);
                }
            }
        }
        return new OptionDef(c[0], c[1].isEmpty() ? null : c[1], OptionType.valueOf(c[2]), Integer.parseInt(c[3]),
                c[4].isEmpty() ? null : Long.parseLong(c[4]), c[5].isEmpty() ? null : Long.parseLong(c[5]),
                c[6].isEmpty() ? null : c[6], c[7].isEmpty() ? 0 : Integer.parseInt(c[7]), isSeconds, isTime, neg,
                pow2, special, parent, maxlen, minfp, maxfp, List.copyOf(choices), Map.copyOf(numbers), engine, profile);
    }
}
