package io.jfio.api;

import io.jfio.jobfile.JobSpec;
import io.jfio.report.RunResult;
import io.jfio.multi.Instance;
import io.jfio.multi.InstanceResult;
import io.jfio.multi.MultiRun;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A job file with option overrides and a target, ready to run. Immutable: {@link #set} and
 * {@link #target} return a new JobFile, so one parsed file can be varied freely.
 */
public final class JobFile {
    private final Path path;
    private final List<Map.Entry<String, String>> overrides;
    private final String target;

    JobFile(Path path, List<Map.Entry<String, String>> overrides, String target) {
        this.path = path;
        this.overrides = List.copyOf(overrides);
        this.target = target;
    }

    public Path path() {
        return path;
    }

    public String target() {
        return target;
    }

    /** Overrides an option in every job section (wins over the file's own value), e.g. set("bs", "64k"). */
    public JobFile set(String option, String value) {
        List<Map.Entry<String, String>> o = new ArrayList<>(overrides);
        o.add(Map.entry(option, value == null ? "" : value));
        return new JobFile(path, o, target);
    }

    /** A flag option without value, e.g. set("time_based"). */
    public JobFile set(String flag) {
        List<Map.Entry<String, String>> o = new ArrayList<>(overrides);
        o.add(new java.util.AbstractMap.SimpleEntry<>(flag, null));
        return new JobFile(path, o, target);
    }

    /** Fills ${TARGET} in the file, or replaces filename= (directory= for a directory). */
    public JobFile target(String t) {
        return new JobFile(path, overrides, t);
    }

    /** The jobs as the runner will see them (clones expanded, groups set). */
    public List<JobSpec> jobs() {
        try {
            return MultiRun.parse(instance(1), List.of(), new PrintStream(OutputStream.nullOutputStream()));
        } catch (MultiRun.MultiException e) {
            throw new JfioException(e.getMessage());
        }
    }

    /** Runs it once and returns the typed report (job errors are in each JobResult's error). */
    public RunResult run() {
        InstanceResult r = Jfio.together(List.of(this), 1).result(1, 1);
        if (r.result() == null) {
            throw new JfioException(path + ": the run ended before reporting (exit " + r.exitStatus() + ")");
        }
        return r.result();
    }

    Instance instance(int number) {
        String label = target != null ? target : path.getFileName().toString().replaceFirst("\\.fio$", "");
        return new Instance(number, label, path, target, overrides);
    }

    @Override
    public String toString() {
        return path + (target == null ? "" : " @ " + target) + (overrides.isEmpty() ? "" : " " + overrides);
    }
}
