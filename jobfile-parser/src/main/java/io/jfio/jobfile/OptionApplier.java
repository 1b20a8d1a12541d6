package io.jfio.jobfile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Puts options into a job's state as fio's parse.c does: each value parsed by its option's type,
 * deprecated options refused or ignored, engine options kept apart, rw checked against
 * --readonly, every option recorded for --showcmd and with its location; a section's lines in
 * priority order, and the messages (with hints) for options fio does not know.
 */
final class OptionApplier {
    private static final OptionCatalog CATALOG = OptionCatalog.get();

    private final ValueParser parser;
    private final Substitution substitution;
    private final List<ParseWarning> warnings;
    /** What fio writes on stdout while parsing (a deprecation notice goes there too). */
    private final StringBuilder showcmd;
    private boolean readOnly;

    OptionApplier(ValueParser parser, Substitution substitution, List<ParseWarning> warnings, StringBuilder showcmd,
                  boolean readOnly) {
        this.parser = parser;
        this.substitution = substitution;
        this.warnings = warnings;
        this.showcmd = showcmd;
        this.readOnly = readOnly;
    }

    /** --readonly from here on: rw parsed after this point may not write or trim. */
    void readOnly() {
        readOnly = true;
    }

    boolean isReadOnly() {
        return readOnly;
    }

    /**
     * One section's lines into {@code st}: by priority, generic options first, then the engine's
     * once the section's engine is known; the first error drops the job, as fio does.
     */
    void section(JobFileReader.RawSection s, DraftJob st, boolean isGlobal) throws JobFileException {
        String inheritedEngine = engineName(st);
        List<JobFileReader.RawLine> lines = new ArrayList<>(s.lines());
        lines.sort(Comparator.comparingInt((JobFileReader.RawLine l) -> -priority(l.text())));
        List<JobFileReader.RawLine> unknown = new ArrayList<>();
        List<String> unknownSubst = new ArrayList<>();
        JobFileException firstError = null;
        for (JobFileReader.RawLine l : lines) {
            String subst = substitution.apply(l.text());
            if (subst == null) {
                firstError = first(firstError, error(l, nameOf(l.text()),
                        "failed parsing '" + l.text() + "': the arithmetic after substituting $pagesize/$mb_memory/"
                                + "$ncpus is not valid bc input"));
                continue;
            }
            int eq = subst.indexOf('=');
            String name = JobFileReader.stripEnd(eq < 0 ? subst : subst.substring(0, eq));
            String value = eq < 0 ? null : subst.substring(eq + 1);
            OptionDef o = CATALOG.find(name);
            if (o == null || o.type() == OptionType.UNSUPPORTED) {
                unknown.add(l);
                unknownSubst.add(subst);
                continue;
            }
            String err = apply(o, value, st, l.location(), false, l.text());
            if (err != null) {
                firstError = first(firstError, error(l, o.name(), "failed parsing '" + l.text() + "': " + err));
            }
        }
        if (!unknown.isEmpty()) {
            String engineName = engineName(st);
            OptionCatalog.EngineInfo engine = loadableEngine(engineName);
            if (engine == null) {
                JobFileReader.RawLine l = unknown.get(0);
                String why = CATALOG.engine(engineName) != null || isKnownEngineWord(engineName)
                        ? "engine " + engineName + " not loadable (the reference fio build lacks it)"
                        : "engine " + engineName + " not loadable";
                firstError = first(firstError, error(l, nameOf(l.text()),
                        "unknown option '" + l.text() + "' (" + why + ", so its options cannot be checked)"));
            }
            for (int i = 0; i < unknown.size() && engine != null; i++) {
                JobFileReader.RawLine l = unknown.get(i);
                String subst = unknownSubst.get(i);
                int eq = subst.indexOf('=');
                String name = JobFileReader.stripEnd(eq < 0 ? subst : subst.substring(0, eq));
                String value = eq < 0 ? null : subst.substring(eq + 1);
                OptionDef o = engine.find(name);
                if (o == null || o.type() == OptionType.UNSUPPORTED) {
                    String hint = closest(name);
                    List<String> owners = enginesWith(name);
                    String why = !owners.isEmpty()
                            ? " (an option of engine " + String.join(", ", owners) + "; this job's engine is "
                            + engine.name() + ")"
                            : engine.options().isEmpty() ? "" : " (not a generic option nor one of engine "
                            + engine.name() + ")";
                    firstError = first(firstError, error(l, name, "unknown option '" + l.text() + "'" + why
                            + (hint == null || !owners.isEmpty() ? "" : "; did you mean " + hint + "?")));
                    continue;
                }
                String err = apply(o, value, st, l.location(), true, l.text());
                if (err != null) {
                    firstError = first(firstError, error(l, o.name(), "failed parsing '" + l.text() + "': " + err));
                }
            }
        }
        if (firstError != null) {
            throw new JobFileException(firstError.location(), firstError.option(),
                    firstError.getMessage() + " (job " + (isGlobal ? "global" : s.name()) + " dropped)", 1, null);
        }
        if (!isGlobal && !engineName(st).equals(inheritedEngine)) {
            st.engineOptions.keySet().removeIf(k -> {
                SourceLocation loc = st.engineLocations.get(k);
                return loc == null || !s.lines().stream().anyMatch(l -> l.location().equals(loc));
            });
        }
    }

    private static JobFileException first(JobFileException a, JobFileException b) {
        return a != null ? a : b;
    }

    /** Engines of fio that have an option of this name (for a hint when it is used with another engine). */
    private static List<String> enginesWith(String name) {
        List<String> out = new ArrayList<>();
        for (OptionCatalog.EngineInfo e : CATALOG.engines().values()) {
            if (e.find(name) != null) {
                out.add(e.name());
            }
        }
        return out;
    }

    private static JobFileException error(JobFileReader.RawLine l, String option, String message) {
        return new JobFileException(l.location(), option, message, 1, null);
    }

    private static String nameOf(String line) {
        int eq = line.indexOf('=');
        return JobFileReader.stripEnd(eq < 0 ? line : line.substring(0, eq));
    }

    private static int priority(String line) {
        OptionDef o = CATALOG.find(nameOf(line));
        return o == null ? 0 : o.prio();
    }

    /** Parses one option into st, records it for --showcmd and its location; returns the error or null. */
    String apply(OptionDef o, String value, DraftJob st, SourceLocation loc, boolean engine, String shown) {
        if (o.type() == OptionType.DEPRECATED) {
            return "option " + o.name() + " is deprecated and fio refuses it";
        }
        if (o.type() == OptionType.SOFT_DEPRECATED) {
            warnings.add(new ParseWarning(loc, o.name(), "option " + o.name() + " is deprecated; fio ignores it"));
            showcmd.append("Option ").append(o.name()).append(" is deprecated\n");
            st.printList.add(new String[] {o.name(), value});
            return null;
        }
        ValueParser.Warnings w = msg -> warnings.add(new ParseWarning(loc, o.name(), msg));
        String err;
        if (engine) {
            DraftJob scratch = new DraftJob();
            err = parser.handle(o, value, scratch, 1024, w);
            if (err == null) {
                st.engineOptions.put(o.name(), value == null ? "1" : value);
                st.engineLocations.put(o.name(), loc);
            }
        } else {
            err = parser.handle(o, value, st, st.kbBase(), w);
            if (err == null) {
                st.locations.put(o.name(), loc);
                if (o.name().equals("buffered")) {
                    st.locations.put("direct", loc);
                } else if (o.name().equals("direct")) {
                    st.locations.put("buffered", loc);
                } else if (o.name().equals("rwmixread")) {
                    st.locations.put("rwmixwrite", loc);
                } else if (o.name().equals("rwmixwrite")) {
                    st.locations.put("rwmixread", loc);
                }
            }
        }
        if (err == null && readOnly && o.name().equals("rw") && writesOrTrims(st)) {
            err = "job <" + st.string("name") + "> has write or trim bit set, but fio is in read-only mode";
        }
        if (err == null) {
            st.printList.add(new String[] {o.name(), value});
        }
        return err;
    }

    static String engineName(DraftJob st) {
        String e = st.string("ioengine");
        return e == null ? "psync" : e;
    }

    private static boolean isKnownEngineWord(String name) {
        OptionDef o = CATALOG.find("ioengine");
        return o.choices().contains(name);
    }

    /** The engine as fio's reference build would load it, or null when it cannot. */
    static OptionCatalog.EngineInfo loadableEngine(String name) {
        OptionCatalog.EngineInfo e = CATALOG.engine(name);
        return e != null && e.available() ? e : null;
    }

    /** fio's "Did you mean": the closest generic option within edit distance (len+1)/2. */
    static String closest(String name) {
        return CATALOG.closest(name, true);
    }

    static boolean writesOrTrims(DraftJob st) {
        String rw = st.string("rw");
        return rw != null && !rw.equals("read") && !rw.equals("randread");
    }
}
