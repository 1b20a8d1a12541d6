package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.OptionCatalog;
import io.jfio.jobfile.OptionDef;
import io.jfio.jobfile.ParseWarning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One job's options, typed, read once from its {@link JobSpec} (fio's thread_options, in groups).
 * The runner, engines and report read these fields, never options by name.
 *
 * <p>Every group's {@code from} reads each option it owns, unconditionally, while the spec logs
 * reads; an option the job set that no group read is one jfio does not honour, and
 * {@link #unsupported()} holds one warning for it with the place it was set. A group adds an
 * option by reading it in its {@code from}; a new group is one component here plus its
 * {@code from} call in {@link #from}.
 */
public record ThreadOptions(JobSpec spec, ProcessOptions process, IoTypeOptions io, BlockSizeOptions bs,
                            SizeOptions size, FileOptions files, QueueOptions queue, RuntimeOptions runtime,
                            RandomOptions random, RateOptions rate, ThinkTimeOptions think, CpuOptions cpu,
                            StatOptions stat, ZoneOptions zone, MemOptions mem, LatencyTargetOptions latency,
                            BufferOptions buffer, LogOptions logs, IoLogOptions iolog,
                            VerifyOptions verify, ErrorOptions errors, SteadyStateOptions steady, FlowOptions flow,
                            SpRandomOptions sprandom, CgroupOptions cgroup,
                            List<ParseWarning> unsupported) {

    /** The options of a job, made on first use and kept with the spec (so every reader shares one model). */
    public static ThreadOptions of(JobSpec spec) {
        JobSpec first = spec.firstClone();
        if (first != spec) {
            return spec.derived(ThreadOptions.class, s -> of(first).forClone(s));
        }
        return spec.derived(ThreadOptions.class, ThreadOptions::from);
    }

    /**
     * The model of a later clone of this job (fio copies the parent's thread_options into each
     * clone): the same groups, except those that depend on the clone index (read_iolog's file).
     */
    ThreadOptions forClone(JobSpec clone) {
        return new ThreadOptions(clone, process, io, bs, size, files, queue, runtime, random, rate, think, cpu,
                stat, zone, mem, latency, buffer, logs, IoLogOptions.from(clone), verify, errors, steady, flow, sprandom,
                cgroup, unsupported);
    }

    /**
     * Builds the model; throws IllegalArgumentException when a value has the wrong type or is missing
     * (a spec the parser did not make).
     */
    public static ThreadOptions from(JobSpec spec) {
        spec.beginReadLog();
        try {
            ProcessOptions process = ProcessOptions.from(spec);
            IoTypeOptions io = IoTypeOptions.from(spec);
            BlockSizeOptions bs = BlockSizeOptions.from(spec);
            SizeOptions size = SizeOptions.from(spec);
            FileOptions files = FileOptions.from(spec);
            QueueOptions queue = QueueOptions.from(spec);
            RuntimeOptions runtime = RuntimeOptions.from(spec);
            RandomOptions random = RandomOptions.from(spec);
            RateOptions rate = RateOptions.from(spec);
            ThinkTimeOptions think = ThinkTimeOptions.from(spec);
            CpuOptions cpu = CpuOptions.from(spec);
            StatOptions stat = StatOptions.from(spec);
            ZoneOptions zone = ZoneOptions.from(spec);
            MemOptions mem = MemOptions.from(spec);
            LatencyTargetOptions latency = LatencyTargetOptions.from(spec);
            BufferOptions buffer = BufferOptions.from(spec);
            LogOptions logs = LogOptions.from(spec);
            IoLogOptions iolog = IoLogOptions.from(spec);
            VerifyOptions verify = VerifyOptions.from(spec);
            ErrorOptions errors = ErrorOptions.from(spec);
            SteadyStateOptions steady = SteadyStateOptions.from(spec);
            FlowOptions flow = FlowOptions.from(spec);
            SpRandomOptions sprandom = SpRandomOptions.from(spec);
            CgroupOptions cgroup = CgroupOptions.from(spec);
            return new ThreadOptions(spec, process, io, bs, size, files, queue, runtime, random, rate, think, cpu,
                    stat, zone, mem, latency, buffer, logs, iolog, verify, errors, steady, flow, sprandom, cgroup,
                    unread(spec, spec.endReadLog()));
        } catch (RuntimeException e) {
            spec.endReadLog();
            throw e;
        }
    }

    /** One warning per generic option the job set that the groups did not read (engine options are the engine's). */
    private static List<ParseWarning> unread(JobSpec spec, Set<String> read) {
        List<ParseWarning> out = new ArrayList<>();
        Map<String, String> engine = spec.engineOptions();
        Set<String> seen = new HashSet<>();
        for (OptionDef o : OptionCatalog.get().options()) {
            String name = o.name();
            if (!seen.add(name) || !spec.isSet(name) || read.contains(name) || engine.containsKey(name)) {
                continue;
            }
            out.add(new ParseWarning(spec.location(name), name, notSupported(name)));
        }
        out.sort(Comparator.comparing((ParseWarning w) -> w.location().file())
                .thenComparingInt(w -> w.location().line()));
        return List.copyOf(out);
    }

    /** The warning text for an option jfio ignores. */
    public static String notSupported(String option) {
        return "option " + option + " is not supported by jfio; ignored";
    }
}
