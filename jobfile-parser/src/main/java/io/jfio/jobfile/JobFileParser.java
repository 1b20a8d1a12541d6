package io.jfio.jobfile;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns fio command-line job options and job files into jobs, as fio 3.42 does (init.c:
 * parse_jobs_ini, parse_cmd_line; parse.c): global defaults that only affect later sections, priority-sorted option lists,
 * ${VAR} and keyword substitution, generic options first and engine options once the engine is
 * known, one group per job file, numjobs clones.
 *
 * <p>Use: create, feed command-line options ({@link #commandLineOption}, {@link #commandLineJob}),
 * then {@link #parseFile} for each job file, then {@link #finish}. Or {@link #parse} for all at once.
 */
public final class JobFileParser {
    /** How to parse: modes and the machine/environment values fio would use. */
    public record Settings(boolean dryRun, boolean showcmd, List<String> sections, Map<String, String> env,
                           MachineInfo machine, boolean readOnly, boolean warningsFatal) {
        public Settings(boolean dryRun, boolean showcmd, List<String> sections, Map<String, String> env,
                        MachineInfo machine, boolean readOnly) {
            this(dryRun, showcmd, sections, env, machine, readOnly, false);
        }

        public static Settings defaults() {
            return new Settings(false, false, List.of(), System.getenv(), MachineInfo.current(), false, false);
        }
    }

    /** One job option from the command line: canonical name and value (null when given without value). */
    public record CliOption(String name, String value) {
    }

    private static final OptionCatalog CATALOG = OptionCatalog.get();
    /** fio's limit on jobs (clones included) in one run. */
    public static final int MAX_JOBS = 4096;
    private static final DraftJob DEFAULTS = defaults();
    private static final DraftJob PROFILE_DEFAULTS = profileDefaults();

    private final Settings settings;
    private final OptionApplier options;
    private final List<ParseWarning> warnings = new ArrayList<>();
    /** What fio writes on stdout while parsing: --showcmd lines and notices printed in between. */
    private final StringBuilder showcmd = new StringBuilder();
    /** Jobs in add order (before cloning). */
    private final List<DraftJob> added = new ArrayList<>();
    private DraftJob global = DEFAULTS.copy();
    private int filesRead;
    // command-line job being built (fio adds it at the next --name or at the end of the options)
    private DraftJob cliJob;
    private boolean cliSkipping;
    /** The --section names seen so far on the command line: fio filters a --name by these only. */
    private final List<String> cliSections = new ArrayList<>();
    /**
     * The built-in profiles' own options (act's device-names, tiobench's block...): fio keeps them
     * in each profile's structure, not in any job, whichever job section they are given in.
     */
    private final DraftJob profileValues = PROFILE_DEFAULTS.copy();
    /** The profile {@link #loadProfile} added, or null. */
    private BuiltinProfile.Loaded profile;
    /** Where the profile's jobs start in {@link #added}. */
    private int profileStart = Integer.MAX_VALUE;

    public JobFileParser(Settings settings) {
        this.settings = settings;
        this.options = new OptionApplier(new ValueParser(settings.dryRun()),
                new Substitution(settings.env(), settings.machine()), warnings, showcmd, settings.readOnly());
    }

    /**
     * --readonly from here on: like fio, jobs whose rw is parsed after this point may not write or
     * trim, and no job may when it is added for a run.
     */
    public void readOnly() {
        options.readOnly();
    }

    /** Parses everything at once. */
    public static ParseResult parse(List<String> files, List<CliOption> cli, Settings settings)
            throws JobFileException {
        JobFileParser p = new JobFileParser(settings);
        for (CliOption o : cli) {
            p.commandLine(o);
        }
        for (String f : files) {
            p.parseFile(f);
        }
        return p.finish();
    }

    private static DraftJob defaults() {
        return defaults(false);
    }

    private static DraftJob profileDefaults() {
        return defaults(true);
    }

    private static DraftJob defaults(boolean profileOptions) {
        DraftJob st = new DraftJob();
        ValueParser vp = new ValueParser(true);
        for (OptionDef o : CATALOG.options()) {
            if ((o.profile() != null) != profileOptions || o.type() == OptionType.UNSUPPORTED) {
                continue;
            }
            // fio's option block starts zeroed: numbers and flags without a default are 0.
            switch (o.type()) {
                case INT, ULL, STR_VAL, STR_VAL_TIME, STR_VAL_ZONE, BOOL, STR_SET -> st.values.put(o.name(),
                        o.slots() == 3 ? new long[3] : o.slots() == 2 && o.type() != OptionType.INT
                                ? new SizeRange(0, 0) : o.slots() == 2 ? new long[2] : (Object) 0L);
                case RANGE -> st.values.put(o.name(), new SizeRange[] {new SizeRange(0, 0), new SizeRange(0, 0),
                        new SizeRange(0, 0)});
                default -> { }
            }
            if (o.def() != null) {
                // fio fills in defaults without its parse debug lines
                ParseDebug.quiet(() -> vp.handle(o, o.def(), st, 1024, null));
            }
        }
        st.postfixes.clear();
        return st;
    }

    // ---------------------------------------------------------------- command line

    /** The job state command-line options currently go to (for engine-option lookup by the CLI). */
    public String engineInForce() {
        DraftJob st = cliJob != null && !cliSkipping ? cliJob : global;
        return OptionApplier.engineName(st);
    }

    /** A job option given on the command line: --name starts a job ({@link #commandLineJob}), any other applies. */
    public void commandLine(CliOption o) throws JobFileException {
        if (o.name().equals("name")) {
            commandLineJob(o.value());
        } else {
            commandLineOption(o.name(), o.value());
        }
    }

    /** --name=X: adds the pending command-line job, starts X (or a new global block). */
    public void commandLineJob(String name) throws JobFileException {
        finishCliJob();
        if (name.startsWith("global")) {
            cliJob = null;
            return;
        }
        if (!cliSections.isEmpty() && !cliSections.contains(name)) {
            cliSkipping = true; // fio quirk: the skipped job's options go to the global defaults
            cliJob = null;
            return;
        }
        cliSkipping = false;
        cliJob = global.jobCopy();
        cliJob.values.put("name", name);
        cliJob.locations.put("name", SourceLocation.COMMAND_LINE);
        // fio lists a command-line job's name first among its JSON "job options"
        cliJob.printList.add(new String[] {"name", name});
    }

    /**
     * --section=X met on the command line: fio checks each --name against the sections given
     * before it (its getopt loop sees them in order), while job files, read after the whole
     * command line, are filtered by all of them.
     */
    public void commandLineSection(String name) {
        cliSections.add(name);
    }

    /** A job option from the command line (resolved to its canonical name), applied in order. */
    public void commandLineOption(String name, String value) throws JobFileException {
        DraftJob st = cliJob != null ? cliJob : global;
        OptionDef o = CATALOG.find(name);
        if (o != null && o.profile() != null) {
            // the profile's structure, whichever profile is (or is not) selected; fio still lists
            // the option among the job's (or the global) options
            int listed = profileValues.printList.size();
            String err = options.apply(o, value, profileValues, SourceLocation.COMMAND_LINE, false,
                    "--" + name + (value == null ? "" : "=" + value));
            if (err != null) {
                throw new JobFileException(SourceLocation.COMMAND_LINE, o.name(),
                        "failed parsing --" + name + (value == null ? "" : "=" + value) + ": " + err, 1, null);
            }
            st.printList.addAll(profileValues.printList.subList(listed, profileValues.printList.size()));
            return;
        }
        boolean engine = false;
        if (o == null) {
            OptionCatalog.EngineInfo e = OptionApplier.loadableEngine(OptionApplier.engineName(st));
            o = e == null ? null : e.find(name);
            engine = true;
        }
        String shown = "--" + name + (value == null ? "" : "=" + value);
        if (o == null) {
            throw new JobFileException(SourceLocation.COMMAND_LINE, name, "unrecognized option '" + shown + "'", 1, null);
        }
        String err = options.apply(o, value, st, SourceLocation.COMMAND_LINE, engine, shown);
        if (err != null) {
            throw new JobFileException(SourceLocation.COMMAND_LINE, o.name(),
                    "failed parsing " + shown + ": " + err, 1, null);
        }
        // On the command line fio loads the engine as soon as it is named.
        if (o.name().equals("ioengine") && OptionApplier.loadableEngine(OptionApplier.engineName(st)) == null
                && !OptionApplier.engineName(st).startsWith("external")) {
            throw new JobFileException(SourceLocation.COMMAND_LINE, "ioengine", "engine " + OptionApplier.engineName(st)
                    + " not loadable", 1, null);
        }
    }

    /**
     * --profile=NAME: adds the profile's jobs after everything parsed so far, as fio's load_profile
     * does when its backend starts (its options before the first name= change the global defaults
     * the last job file left, each name= starts a job; no --section filter applies).
     */
    public void loadProfile(String name) throws JobFileException, BuiltinProfile.PrepFailed {
        if (FioDebug.on(FioDebug.Type.PROFILE)) {
            FioDebug.line(FioDebug.Type.PROFILE, "loading profile '" + name + "'");
        }
        finishCliJob();
        int start = added.size();
        for (String opt : BuiltinProfile.options(name, profileValues, settings.machine())) {
            int eq = opt.indexOf('=');
            String key = eq < 0 ? opt : opt.substring(0, eq);
            String value = eq < 0 ? null : opt.substring(eq + 1);
            if (key.equals("name")) {
                finishCliJob();
                cliJob = global.jobCopy();
                cliJob.values.put("name", value);
                cliJob.locations.put("name", SourceLocation.COMMAND_LINE);
                cliJob.printList.add(new String[] {"name", value});
            } else {
                commandLineOption(key, value);
            }
        }
        finishCliJob();
        profile = BuiltinProfile.loaded(name, profileValues);
        profileStart = start;
    }

    private void finishCliJob() throws JobFileException {
        if (cliJob != null) {
            checkReadOnly(cliJob, SourceLocation.COMMAND_LINE);
            add(cliJob);
            cliJob = null;
        }
    }

    // ---------------------------------------------------------------- job files

    /** Reads one job file: fio resets the global defaults before every file but the first. */
    public void parseFile(String file) throws JobFileException {
        finishCliJob();
        String content;
        try {
            content = JobFileReader.readFile(file);
        } catch (IOException | RuntimeException e) {
            throw new JobFileException(new SourceLocation(file, 0), null, "unable to open '" + file + "' job file", 1,
                    showcmd.toString());
        }
        parseContent(file, content);
    }

    /** Same as {@link #parseFile} for text already in memory (file is the name used in messages). */
    public void parseContent(String file, String content) throws JobFileException {
        finishCliJob();
        boolean first = filesRead == 0;
        if (!first) {
            global = DEFAULTS.copy();
        }
        List<String> filter = first ? settings.sections() : List.of();
        filesRead++;
        JobFileReader reader = new JobFileReader(file, content, filter, warnings);
        boolean stonewall = !first;
        boolean printedFio = false;
        try {
            while (true) {
                JobFileReader.RawSection s;
                try {
                    s = reader.nextSection();
                } catch (JobFileReader.ReadError e) {
                    throw new JobFileException(e.location, null, e.getMessage(), 1, null);
                }
                if (s == null) {
                    break;
                }
                boolean isGlobal = s.name().startsWith("global");
                if (settings.showcmd()) {
                    if (!printedFio) {
                        showcmd.append("fio ");
                        printedFio = true;
                    }
                    if (!isGlobal) {
                        showcmd.append("--name=").append(s.name()).append(' ');
                    }
                }
                DraftJob st;
                if (isGlobal) {
                    st = global;
                } else {
                    st = global.jobCopy();
                    st.values.put("name", s.name());
                    st.locations.put("name", s.location());
                    if (stonewall) {
                        st.values.put("stonewall", 1L);
                        stonewall = false;
                    }
                }
                options.section(s, st, isGlobal);
                if (settings.showcmd()) {
                    for (String[] p : st.printList) {
                        showcmd.append("--").append(p[0]);
                        if (p[1] == null) {
                            showcmd.append(' ');
                        } else {
                            String d = p[0].equals("description") ? "\"" : "";
                            showcmd.append('=').append(d).append(p[1]).append(d).append(' ');
                        }
                    }
                }
                if (!isGlobal) {
                    if (settings.dryRun() && !s.problems().isEmpty()) {
                        // fio records an unopenable include as the job's error and prints it when it
                        // drops the job in --showcmd / --parse-only mode
                        showcmd.append("fio: file:init.c:2102, func=job file open, error=").append(s.problems().get(0))
                                .append('\n');
                    }
                    checkReadOnly(st, s.location());
                    add(st);
                }
            }
        } catch (JobFileException e) {
            if (settings.showcmd()) {
                showcmd.append('\n');
            }
            throw new JobFileException(e.location(), e.option(), e.getMessage(), e.exitStatus(), showcmd.toString());
        }
        if (settings.showcmd()) {
            showcmd.append('\n');
        }
    }

    private void checkReadOnly(DraftJob st, SourceLocation loc) throws JobFileException {
        if (options.isReadOnly() && !settings.dryRun() && (OptionApplier.writesOrTrims(st) || (!"0".equals(st.string("verify"))
                && st.longValue("trim_backlog", 0) != 0 && st.longValue("trim_percentage", 0) != 0))) {
            throw new JobFileException(st.locations.getOrDefault("rw", loc), "rw", "job " + st.string("name")
                    + ": trim and write operations are not allowed with the --readonly parameter", 1, null);
        }
    }

    private void add(DraftJob st) throws JobFileException {
        if (!settings.dryRun()) {
            try {
                new JobFixups(warnings, settings.warningsFatal(), showcmd).apply(st);
            } catch (JobFileException e) {
                // what fio printed on stdout before the refusal (fix-up notices) still goes out
                throw e.showcmdSoFar().isEmpty() && showcmd.length() > 0 ? new JobFileException(e.location(),
                        e.option(), e.getMessage(), e.exitStatus(), showcmd.toString()) : e;
            }
        }
        added.add(st);
    }

    // ---------------------------------------------------------------- result

    /** Adds any pending command-line job, then expands numjobs and assigns report groups. */
    public ParseResult finish() throws JobFileException {
        finishCliJob();
        List<JobSpec> jobs = new ArrayList<>();
        int groupId = 0;
        int prevGroupJobs = 0;
        for (int a = 0; a < added.size(); a++) {
            DraftJob st = added.get(a);
            boolean fromProfile = a >= profileStart;
            // Each job's maps go to its JobSpec (the last clone takes them without a copy) and
            // the state is dropped, so 40,000 sections cost one set of maps each, not three.
            added.set(a, null);
            boolean newGroup = st.longValue("stonewall", 0) != 0 || st.longValue("new_group", 0) != 0;
            if (newGroup && prevGroupJobs > 0) {
                prevGroupJobs = 0;
                groupId++;
            }
            prevGroupJobs++;
            if (st.longValue("numjobs", 1) == 0 && !settings.dryRun()) {
                // fio runs no such job: it fails to set the run up ("maximum number of jobs reached").
                throw new JobFileException(st.locations.getOrDefault("numjobs", SourceLocation.DEFAULT), "numjobs",
                        "job " + st.string("name") + ": numjobs=0: maximum number of jobs reached", 1,
                        showcmd.toString());
            }
            long numjobs = Math.max(1, st.longValue("numjobs", 1));
            if (jobs.size() + numjobs > MAX_JOBS) {
                if (settings.dryRun()) {
                    numjobs = 1; // fio only counts jobs when it runs them
                } else {
                    throw new JobFileException(st.locations.getOrDefault("numjobs", SourceLocation.DEFAULT), "numjobs",
                            "job " + st.string("name") + ": numjobs=" + st.longValue("numjobs", 1) + " exceeds the limit of "
                                    + MAX_JOBS + " jobs", 1, showcmd.toString());
                }
            }
            // The clones of a job share its maps (a JobSpec never changes them) and, through
            // firstClone, one typed option model: fio copies one thread_options per clone, it does
            // not parse the options again. 252 clones each copying and re-reading every option
            // cost the seed workload half a second of set-up in the main thread.
            st.locations.putAll(st.engineLocations);
            List<Map.Entry<String, String>> printed = new ArrayList<>();
            for (String[] p : st.printList) {
                printed.add(new java.util.AbstractMap.SimpleImmutableEntry<>(p[0], p[1]));
            }
            JobSpec first = null;
            for (long c = 0; c < numjobs; c++) {
                int clone = c == 0 ? 0 : (int) (numjobs - c);
                JobSpec spec = new JobSpec(st.string("name"), jobs.size(), st.values, st.postfixes, st.locations,
                        st.engineOptions, true);
                spec.setGroupId(groupId);
                spec.setCloneIndex(clone);
                spec.setGivenOptions(printed);
                if (first == null) {
                    first = spec;
                } else {
                    spec.setFirstClone(first);
                }
                spec.setProfile(profile);
                spec.setFromProfile(fromProfile);
                jobs.add(spec);
            }
        }
        return new ParseResult(List.copyOf(jobs), List.copyOf(warnings), showcmd.toString(), globalOptions());
    }

    /** fio's "global options": each option once, where it first appeared, with its last value. */
    private List<Map.Entry<String, String>> globalOptions() {
        Map<String, String> merged = new java.util.LinkedHashMap<>();
        for (String[] p : global.printList) {
            merged.put(p[0], p[1]);
        }
        List<Map.Entry<String, String>> out = new ArrayList<>();
        for (Map.Entry<String, String> e : merged.entrySet()) {
            out.add(new java.util.AbstractMap.SimpleImmutableEntry<>(e.getKey(), e.getValue()));
        }
        return List.copyOf(out);
    }

    public List<ParseWarning> warnings() {
        return List.copyOf(warnings);
    }

    public String showcmdSoFar() {
        return showcmd.toString();
    }
}
