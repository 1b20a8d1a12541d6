package io.jfio.api;

import io.jfio.multi.Instance;
import io.jfio.multi.MultiRun;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Scripting jfio from Java or JShell:
 * <pre>{@code
 * RunResult r = Jfio.parse(Path.of("job.fio")).set("bs", "64k").target("/dev/loop0").run();
 * long readBw = r.threadStats().get(0).dir(DirectionStats.READ).bwBytesPerSec();
 *
 * JobFile job = Jfio.parse(Path.of("job.fio"));
 * MultiResult m = Jfio.together(List.of(job.target("/dev/loop0"), job.target("/dev/loop1")), 3);
 * System.out.print(ComparisonReport.table(m.compare(1, 2)));
 * }</pre>
 * Reports go nowhere unless asked for (render a RunResult with the report module's
 * OutputFormat); diagnostics go to stderr.
 */
public final class Jfio {
    private Jfio() {
    }

    /** A job file, checked to parse (throws {@link JfioException} with fio's message if not). */
    public static JobFile parse(Path jobFile) {
        if (!Files.isRegularFile(jobFile)) {
            throw new JfioException("unable to open '" + jobFile + "' job file");
        }
        JobFile f = new JobFile(jobFile, List.of(), null);
        String text;
        try {
            text = Files.readString(jobFile);
        } catch (java.io.IOException e) {
            throw new JfioException("unable to open '" + jobFile + "' job file");
        }
        // Checked now so a bad file fails here; a ${TARGET} file is checked with a stand-in target.
        (text.contains("${TARGET}") ? f.target("/dev/null") : f).jobs();
        return f;
    }

    public static JobFile parse(String jobFile) {
        return parse(Path.of(jobFile));
    }

    /** Runs the job files side by side (one start barrier), the whole set {@code repeat} times. */
    public static MultiResult together(List<JobFile> jobs, int repeat) {
        List<Instance> instances = new ArrayList<>();
        for (JobFile j : jobs) {
            instances.add(j.instance(instances.size() + 1));
        }
        MultiRun m = new MultiRun(new MultiRun.Settings(instances, repeat, null, java.util.Set.of(), 3, false,
                List.of()), new PrintStream(OutputStream.nullOutputStream()), System.err);
        try {
            return new MultiResult(m.execute());
        } catch (MultiRun.MultiException e) {
            throw new JfioException(e.getMessage());
        }
    }
}
