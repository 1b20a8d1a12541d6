package io.jfio.runner.support;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.JobFileException;
import io.jfio.jobfile.JobFileParser;

import java.util.ArrayList;
import java.util.List;

/** Builds JobSpecs through the real parser (defaults and fio's fix-ups applied), for runner tests. */
public final class Specs {
    private final String name;
    private final List<JobFileParser.CliOption> options = new ArrayList<>();

    private Specs(String name) {
        this.name = name;
    }

    public static Specs job(String name) {
        return new Specs(name);
    }

    /** An option as fio's command line takes it (numbers are written as text). */
    public Specs set(String option, Object value) {
        options.add(new JobFileParser.CliOption(option, String.valueOf(value)));
        return this;
    }

    public Specs engineOption(String option, String value) {
        return set(option, value);
    }

    public JobSpec build(int index, int group, int clone) {
        List<JobFileParser.CliOption> cli = new ArrayList<>();
        cli.add(new JobFileParser.CliOption("name", name));
        cli.addAll(options);
        JobSpec s;
        try {
            s = JobFileParser.parse(List.of(), cli, JobFileParser.Settings.defaults()).jobs().get(0).withIndex(index);
        } catch (JobFileException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
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
