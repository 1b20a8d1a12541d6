package io.jfio.runner.support;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.SourceLocation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds JobSpecs directly (as the parser would), for runner tests. */
public final class Specs {
    private final String name;
    private final Map<String, Object> values = new LinkedHashMap<>();
    private final Map<String, SourceLocation> locations = new LinkedHashMap<>();
    private final Map<String, String> engineOptions = new LinkedHashMap<>();
    private final Map<String, String> postfixes = new LinkedHashMap<>();

    private Specs(String name) {
        this.name = name;
    }

    public static Specs job(String name) {
        return new Specs(name);
    }

    public Specs set(String option, Object value) {
        Object v = value;
        if (value instanceof Integer i) {
            v = (long) i;
        } else if (value instanceof Boolean b) {
            v = b ? 1L : 0L;
        }
        values.put(option, v);
        locations.put(option, SourceLocation.COMMAND_LINE);
        return this;
    }

    public Specs engineOption(String option, String value) {
        engineOptions.put(option, value);
        return this;
    }

    public JobSpec build(int index, int group, int clone) {
        JobSpec s = new JobSpec(name, index, values, postfixes, locations, engineOptions);
        s.setGroupId(group);
        s.setCloneIndex(clone);
        return s;
    }

    public JobSpec build() {
        return build(0, 0, 0);
    }

    /** numjobs clones in fio's creation order: 0, then N-1 down to 1. */
    public List<JobSpec> clones(int n, int firstIndex, int group) {
        List<JobSpec> out = new ArrayList<>();
        out.add(build(firstIndex, group, 0));
        for (int c = n - 1; c >= 1; c--) {
            out.add(build(firstIndex + out.size(), group, c));
        }
        return out;
    }
}
