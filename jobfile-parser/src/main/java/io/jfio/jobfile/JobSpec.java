package io.jfio.jobfile;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * One job as fio would run it after parsing: its name, its report group and every option with
 * its resolved typed value (defaults applied) and the place it was set.
 *
 * <p>Values are stored under the option's canonical name (aliases resolved). Typed accessors:
 * integers, sizes, bools and flags as {@code long}; times in microseconds as {@code long};
 * per-direction options (bs, ba, rate, rate_min, rate_iops, rate_iops_min, percentage_random,
 * max_latency) as {@code long[3]} = read, write, trim; choices as the matched word with any
 * {@code :postfix} available separately; bssplit as one list per direction (null for a direction
 * without entries, which then uses bs); pairs (filesize, startdelay) as one {@link SizeRange};
 * bsrange as {@code SizeRange[3]}; float lists as {@code double[]}; sizes given as N% or Nz keep
 * fio's encoding (see {@link #isPercent}, {@link #isZones}). Every numeric option has a value
 * (fio's zeroed defaults); strings without default are absent.
 *
 * <p>For jobs parsed for a run (not --parse-only/--showcmd) fio's fix-ups are applied (spec
 * section 8): {@code min_bs}/{@code max_bs} ({@code long[3]}) are added, {@code ba}, iodepth
 * batch sizes, {@code openfiles}, {@code nrfiles} (from filename), {@code norandommap},
 * {@code overwrite}, {@code refill_buffers}, {@code verify_interval} etc. hold their effective
 * values. Engine options keep their text in {@link #engineOptions()}; their locations are in
 * {@link #location}.
 */
public final class JobSpec {
    private final String name;
    private final int index;
    private final Map<String, Object> values;
    private final Map<String, String> postfixes;
    private final Map<String, SourceLocation> locations;
    private final Map<String, String> engineOptions;
    private int groupId;
    private int cloneIndex;
    /** Clone 0 of this job's numjobs group when this is a later clone (same options), else null. */
    private JobSpec firstClone;
    private List<Map.Entry<String, String>> givenOptions = List.of();
    /** The run's --profile, which fio applies to every job of the run (its profile hooks), or null. */
    private BuiltinProfile.Loaded profile;
    /** The profile added this job (fio adds those in its backend, after the version line). */
    private boolean fromProfile;
    /** Options read while a read log is open (see {@link #beginReadLog}), or null. */
    private Set<String> readLog;
    private final Map<Class<?>, Object> derived = new HashMap<>();

    public JobSpec(String name, int index, Map<String, Object> values, Map<String, String> postfixes,
                   Map<String, SourceLocation> locations, Map<String, String> engineOptions) {
        this(name, index, new LinkedHashMap<>(values), new LinkedHashMap<>(postfixes), new LinkedHashMap<>(locations),
                new LinkedHashMap<>(engineOptions), true);
    }

    /** Takes the maps as they are: the parser hands over maps nothing else holds. */
    JobSpec(String name, int index, Map<String, Object> values, Map<String, String> postfixes,
            Map<String, SourceLocation> locations, Map<String, String> engineOptions, boolean owned) {
        this.name = name;
        this.index = index;
        this.values = values;
        this.postfixes = postfixes;
        this.locations = locations;
        this.engineOptions = engineOptions;
    }

    /** The job's name (section name, or --name). Clones share it, as in fio's report. */
    public String name() {
        return name;
    }

    /** Position of this job (clones included) in run order. */
    public int index() {
        return index;
    }

    /** Report group (fio's groupid): bumped by stonewall / new_group. */
    public int groupId() {
        return groupId;
    }

    public void setGroupId(int groupId) {
        this.groupId = groupId;
    }

    /** 0 for the job itself, 1..numjobs-1 for its clones. */
    public int cloneIndex() {
        return cloneIndex;
    }

    public void setCloneIndex(int cloneIndex) {
        this.cloneIndex = cloneIndex;
    }

    /**
     * Clone 0 of the numjobs group this spec belongs to: this spec itself unless the parser made it
     * as a later clone, which has the same options (values, places, engine options) and differs
     * only in its clone index, run-order index and derived values.
     */
    public JobSpec firstClone() {
        return firstClone == null ? this : firstClone;
    }

    void setFirstClone(JobSpec first) {
        this.firstClone = first;
    }

    /** The same job at another position in run order (for tools and tests that place jobs themselves). */
    public JobSpec withIndex(int newIndex) {
        JobSpec s = new JobSpec(name, newIndex, values, postfixes, locations, engineOptions);
        s.groupId = groupId;
        s.cloneIndex = cloneIndex;
        s.givenOptions = givenOptions;
        s.profile = profile;
        s.fromProfile = fromProfile;
        return s;
    }

    /** The built-in profile the run loaded (--profile), or null. */
    public BuiltinProfile.Loaded profile() {
        return profile;
    }

    public void setProfile(BuiltinProfile.Loaded profile) {
        this.profile = profile;
    }

    /** Whether --profile added this job (rather than a job file or the command line). */
    public boolean fromProfile() {
        return fromProfile;
    }

    void setFromProfile(boolean fromProfile) {
        this.fromProfile = fromProfile;
    }

    /**
     * Starts recording which options are read through this spec's accessors: the typed option
     * model opens a log, builds its groups, and every option set but not read is one jfio ignores.
     */
    public synchronized void beginReadLog() {
        readLog = new LinkedHashSet<>();
    }

    /** Ends the log begun by {@link #beginReadLog} and returns the options read meanwhile. */
    public synchronized Set<String> endReadLog() {
        Set<String> r = readLog == null ? Set.of() : readLog;
        readLog = null;
        return r;
    }

    /**
     * Takes an option back out of the open read log: a group read it but jfio does not do what
     * the given value asks (e.g. a mode jfio lacks), so it must warn as not supported.
     */
    public synchronized void notHonoured(String option) {
        if (readLog != null) {
            readLog.remove(option);
        }
    }

    private synchronized void touch(String option) {
        if (readLog != null) {
            readLog.add(option);
        }
    }

    /**
     * A value computed once from this spec and kept with it (the typed option model): the first
     * call makes it, later calls return the same instance.
     */
    public synchronized <T> T derived(Class<T> type, Function<JobSpec, T> make) {
        Object v = derived.get(type);
        if (v == null) {
            v = make.apply(this);
            derived.put(type, v);
        }
        return type.cast(v);
    }

    /** True when the option was given in the job file, [global] or command line (not just defaulted). */
    public boolean isSet(String option) {
        return locations.containsKey(option);
    }

    public SourceLocation location(String option) {
        return locations.getOrDefault(option, SourceLocation.DEFAULT);
    }

    public boolean has(String option) {
        touch(option);
        return values.containsKey(option);
    }

    public Object value(String option) {
        touch(option);
        return values.get(option);
    }

    public long getLong(String option) {
        Object v = require(option);
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (v instanceof long[] a) {
            return a[0];
        }
        throw new IllegalStateException(option + " is not an integer option: " + v);
    }

    public int getInt(String option) {
        return (int) getLong(option);
    }

    public boolean getBool(String option) {
        return getLong(option) != 0;
    }

    /** A per-direction value: read, write, trim. Single-slot options are repeated. */
    public long[] getPerDirection(String option) {
        Object v = require(option);
        if (v instanceof long[] a) {
            return a.clone();
        }
        long l = getLong(option);
        return new long[] {l, l, l};
    }

    /** Strings and choices (the matched word; see {@link #postfix}). Null when unset and without default. */
    public String getString(String option) {
        touch(option);
        Object v = values.get(option);
        return v == null ? null : v.toString();
    }

    /**
     * Where the parser keeps the directory= in force when filename= was parsed ("" for none): fio's
     * filename callback adds the files right away, joined with the directory set so far, so a
     * directory= given after filename= (later on the command line, or in a job below the
     * [global] that named the file) does not apply to it.
     */
    static final String FILENAME_DIRECTORY = "filename directory";

    /** Where the parser keeps how many of filename='s names the job inherited from [global]. */
    static final String FILENAME_INHERITED = "filename inherited";

    /**
     * How many of filename='s names the job had from the global options before its own section
     * (fio's dup_files copies the global job's files; the job's own filename= adds after them).
     */
    public int inheritedFiles() {
        touch("filename");
        Object v = values.get(FILENAME_INHERITED);
        return v == null ? 0 : (int) (long) (Long) v;
    }

    /** Where the parser keeps the filetype= in force when filename= was parsed (as the directory above). */
    static final String FILENAME_FILETYPE = "filename filetype";

    /**
     * The type filename='s files are taken to be (fio's add_file uses filetype= as set when the
     * files were added, else stats them): "none", "file", "block" or "char". Files named after the
     * job (no filename=) are added with the job, under the job's last filetype=.
     */
    public String filenameFiletype() {
        touch("filetype");
        touch("filename");
        Object v = values.containsKey(FILENAME_FILETYPE) && values.get("filename") != null
                ? values.get(FILENAME_FILETYPE) : values.get("filetype");
        return v == null ? "none" : v.toString();
    }

    /**
     * The directory filename='s files are joined with: the directory= in force when filename= was
     * parsed, or null for none (directory= itself when the spec was not built by the parser).
     */
    public String filenameDirectory() {
        touch("filename");
        touch("directory");
        Object v = values.containsKey(FILENAME_DIRECTORY) ? values.get(FILENAME_DIRECTORY) : values.get("directory");
        return v == null || v.toString().isEmpty() ? null : v.toString();
    }

    /** The text after ':' of a choice value (rw=randread:8 gives "8"), or null. */
    public String postfix(String option) {
        touch(option);
        return postfixes.get(option);
    }

    @SuppressWarnings("unchecked")
    public List<BsSplitEntry>[] getBsSplit() {
        touch("bssplit");
        return (List<BsSplitEntry>[]) values.get("bssplit");
    }

    public SizeRange[] getRanges(String option) {
        Object v = require(option);
        return v instanceof SizeRange[] r ? r.clone() : new SizeRange[] {(SizeRange) v};
    }

    public double[] getDoubles(String option) {
        return ((double[]) require(option)).clone();
    }

    /**
     * The options as given, in fio's parse order, canonical names, substituted values (null when given
     * without value): what fio prints as "job options" and in --showcmd.
     */
    public List<Map.Entry<String, String>> givenOptions() {
        return givenOptions;
    }

    public void setGivenOptions(List<Map.Entry<String, String>> options) {
        this.givenOptions = List.copyOf(options);
    }

    /** True when a size-type option was given as a percentage (size=50%). */
    public boolean isPercent(String option) {
        touch(option);
        Object v = values.get(option);
        return v instanceof Long l && FioNumbers.isPercent(l);
    }

    /** The percentage of a size-type option given as N% (see {@link #isPercent}). */
    public int percent(String option) {
        return FioNumbers.percentOf(getLong(option));
    }

    /** True when a zone-capable option (size, offset, io_size, offset_increment, zoneskip) was given as Nz. */
    public boolean isZones(String option) {
        touch(option);
        Object v = values.get(option);
        return v instanceof Long l && FioNumbers.isZones(l);
    }

    public long zones(String option) {
        return FioNumbers.zonesOf(getLong(option));
    }

    /** Options that belong to the engine (validated by it once ioengine is known), as written. */
    public Map<String, String> engineOptions() {
        return Collections.unmodifiableMap(engineOptions);
    }

    /**
     * A copy with some values replaced (as fio's read_iolog does to the job it replays: files,
     * directions and block sizes come from the log); group, clone index and locations are kept.
     */
    public JobSpec with(Map<String, Object> changes) {
        Map<String, Object> v = new LinkedHashMap<>(values);
        v.putAll(changes);
        JobSpec copy = new JobSpec(name, index, v, postfixes, locations, engineOptions);
        copy.groupId = groupId;
        copy.cloneIndex = cloneIndex;
        copy.givenOptions = givenOptions;
        return copy;
    }

    public Map<String, Object> values() {
        return Collections.unmodifiableMap(values);
    }

    private Object require(String option) {
        touch(option);
        Object v = values.get(option);
        if (v == null) {
            throw new IllegalArgumentException("option " + option + " has no value in job " + name);
        }
        return v;
    }

    @Override
    public String toString() {
        return "JobSpec[" + name + ", group " + groupId + ", " + values + "]";
    }
}
