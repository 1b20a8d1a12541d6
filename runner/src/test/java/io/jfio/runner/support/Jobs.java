package io.jfio.runner.support;

import io.jfio.jobfile.JobFileParser;
import io.jfio.jobfile.JobSpec;
import io.jfio.runner.Run;
import io.jfio.runner.RunRequest;
import io.jfio.runner.job.EngineProvider;
import io.jfio.runner.job.Job;
import io.jfio.runner.job.PatternSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;

/** Parses job-file text with the real parser and runs it with the real pattern, for tests. */
public final class Jobs {
    private Jobs() {
    }

    public static List<JobSpec> parse(String content) {
        try {
            JobFileParser p = new JobFileParser(JobFileParser.Settings.defaults());
            p.parseContent("test.fio", content);
            return p.finish().jobs();
        } catch (Exception e) {
            throw new IllegalStateException("job file did not parse: " + e.getMessage() + "\n" + content, e);
        }
    }

    /**
     * Runs {@code content} as jfio's run does (normal output, the real engines and pattern, its
     * output discarded); fails with the run's stderr unless it exits with 0. The jobs in run order.
     */
    public static List<Job> run(String content) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Run r = new Run(new RunRequest(parse(content), Set.of("normal"), 3, null, "never", 0, 0, false),
                new PrintStream(java.io.OutputStream.nullOutputStream()), new PrintStream(err, true),
                Run.defaultEngines(), PatternSource.FACTORY);
        int rc = r.execute();
        if (rc != 0) {
            throw new AssertionError("exit status " + rc + ": " + err);
        }
        return r.jobs();
    }

    /** The heap bytes the job's thread allocated in its I/O loop; skips the test where the JVM cannot count them. */
    public static long loopAllocatedBytes(Job j) {
        long bytes = j.loopAllocatedBytes();
        org.junit.jupiter.api.Assumptions.assumeTrue(bytes >= 0, "the JVM cannot count thread allocation");
        return bytes;
    }

    /**
     * The allocation tests' check: the job's I/O loop allocated fewer than {@code bound} heap bytes
     * over its {@code ios} (printed with them, {@code what} naming the I/Os); skips the test where
     * the JVM cannot count them. Returns the bytes.
     */
    public static long assertLoopAllocatesUnder(long bound, Job j, long ios, String what) {
        long bytes = loopAllocatedBytes(j);
        System.out.printf("%s: %d %s, %d bytes allocated in the I/O loop%n", j.spec().name(), ios, what, bytes);
        org.junit.jupiter.api.Assertions.assertTrue(bytes < bound,
                j.spec().name() + ": " + bytes + " bytes for " + ios + " " + what);
        return bytes;
    }

    /**
     * Runs the first job of {@code content} alone on a {@link VirtualClock} whose every read costs
     * {@code readCostNanos} (so ramp, runtime and check times are exact), with the real engines and
     * pattern; fails unless the job ends without error.
     */
    public static Job runVirtual(String content, long readCostNanos) throws InterruptedException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Job job = new Job(parse(content).get(0), new Job.Context(new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(err, true), false, false, Run.defaultEngines(), PatternSource.FACTORY,
                new VirtualClock(readCostNanos)));
        job.start();
        job.awaitFinished();
        if (job.stats().error != 0) {
            throw new AssertionError("job failed with error " + job.stats().error + ": " + err);
        }
        return job;
    }

    /** Result of one in-process run. */
    public static final class Result {
        public final ByteArrayOutputStream out = new ByteArrayOutputStream();
        public final ByteArrayOutputStream err = new ByteArrayOutputStream();
        public final java.util.Map<JobSpec, RecordingEngine> engines = new java.util.IdentityHashMap<>();
        public Run run;
        public int rc;

        /** The recording engine of the i-th job in run order. */
        public RecordingEngine recorder(int i) {
            synchronized (engines) {
                return engines.get(run.jobs().get(i).spec());
            }
        }

        public String out() {
            return out.toString();
        }

        public String err() {
            return err.toString();
        }
    }

    /** Runs the jobs with every engine wrapped in a {@link RecordingEngine}. */
    public static Result run(String content, String format, boolean checksums) {
        Result r = new Result();
        EngineProvider real = Run.defaultEngines();
        EngineProvider recording = spec -> {
            RecordingEngine e = new RecordingEngine(real.create(spec), checksums);
            synchronized (r.engines) {
                r.engines.put(spec, e);
            }
            return e;
        };
        return execute(r, content, format, recording);
    }

    /** Runs the jobs in-process with the real engines, unwrapped: what the allocation tests measure. */
    public static Result runPlain(String content, String format) {
        return runWith(content, format, Run.defaultEngines());
    }

    /** Runs the jobs in-process with the given engines (a test's probe around the real ones). */
    public static Result runWith(String content, String format, EngineProvider engines) {
        return execute(new Result(), content, format, engines);
    }

    private static Result execute(Result r, String content, String format, EngineProvider engines) {
        r.run = new Run(new RunRequest(parse(content), Set.of(format), 3, null, "never", 0, 0, false),
                new PrintStream(r.out, true), new PrintStream(r.err, true), engines, PatternSource.FACTORY);
        r.rc = r.run.execute();
        return r;
    }
}
