package io.jfio.runner.job;

import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoFile;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.VerifyOptions;
import io.jfio.runner.verify.Verifier;
import io.jfio.runner.verify.VerifySeeds;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.workload.RwMode;

import java.io.PrintStream;
import java.util.List;

/** How a job wires fio's verify into its I/O loops: the facts init.c decides on, and when to read back. */
final class VerifyRun {
    private VerifyRun() {
    }

    /** The job's verifier, or null when verify is off. */
    static Verifier create(VerifyOptions vo, JobSpec spec, RwMode mode, boolean syncEngine, int iodepth,
                           IoBuffers buffers, List<IoFile> files, IoSource source, boolean diskless,
                           PrintStream err) {
        if (!vo.enabled()) {
            return null;
        }
        long[] minBs = ThreadOptions.of(spec).bs().minBs();
        long[] maxBs = ThreadOptions.of(spec).bs().maxBs();
        long lo = Math.min(minBs[0], Math.min(minBs[1], minBs[2]));
        long hi = Math.max(maxBs[0], Math.max(maxBs[1], maxBs[2]));
        String rwPostfix = spec.postfix("rw");
        boolean seqNr = false;
        try {
            seqNr = rwPostfix != null && Long.parseLong(rwPostfix.trim()) > 1;
        } catch (NumberFormatException e) {
            // not a number: fio rejects it at parse time
        }
        boolean overlapRisk = ThreadOptions.of(spec).random().norandommap() || ThreadOptions.of(spec).random().softrandommap()
                || seqNr || (rwPostfix != null && !rwPostfix.isEmpty() && !seqNr && !mode.random());
        long total = 0;
        for (IoFile f : files) {
            total += Math.max(0, f.ioSize);
        }
        long expected = minBs[1] > 0 ? total / minBs[1] + 1 : 16;
        Verifier.Job job = new Verifier.Job(mode.writes(), lo == hi, ThreadOptions.of(spec).runtime().timeBased(),
                overlapRisk, syncEngine, iodepth, spec.index() + 1, ThreadOptions.of(spec).bs().bsUnaligned(),
                expected, diskless);
        VerifySeeds seeds = new VerifySeeds() {
            @Override
            public long next() {
                return source.nextVerifySeed();
            }

            @Override
            public void restart() {
                source.restartVerifySeeds();
            }

            @Override
            public long trimSeed() {
                return source.trimSeed();
            }

            @Override
            public boolean reseedsEachLoop() {
                return ThreadOptions.of(spec).random().randrepeat();
            }

            @Override
            public void offsetState(long[] dst) {
                source.offsetState(dst);
            }
        };
        return new Verifier(vo, job, buffers, files, seeds, err);
    }

    /** Each new loop over the files starts a fresh history (fio's prune_io_piece_log). */
    static Runnable onNewPass(Verifier v, Runnable then) {
        if (v == null) {
            return then;
        }
        return () -> {
            v.newPass();
            then.run();
        };
    }

    /**
     * verify with loops above 1: fio's thread_main runs do_io and then do_verify once per loop, so
     * the pattern stops at each pass's end (true when it does). A time_based job's do_io runs
     * until the runtime is over, whatever the loops, with an engine that completes inline (fio
     * counts its bytes_issued only for queued I/O); with one that queues (libaio, io_uring) it
     * breaks after each pass's size, do_verify reads that pass back, and keep_running starts
     * the next pass (its offsets from the start again) until the runtime is over: one iteration
     * per pass (experimental_verify's replay iterates with loops above 1 only, as before).
     */
    static boolean iterates(Verifier v, VerifyOptions vo, long loops, boolean timeBased, boolean writes,
                            boolean engineQueues, IoSource source) {
        if (v == null || !vo.doVerify || vo.verifyOnly) {
            return false;
        }
        if (timeBased && writes && engineQueues && !v.experimental()) {
            source.iterations();
            return true;
        }
        if (loops <= 1) {
            return false;
        }
        if (!v.experimental() && (timeBased || !writes)) {
            return false;
        }
        source.iterations();
        return true;
    }

    /**
     * thread_main's "if (td->error || td->terminate) break" between its phases (the runtime's end
     * marks the job terminated).
     */
    static boolean goesOn(IoLoop loop, JobState state) {
        return !loop.failed() && !state.terminated() && !loop.timedOut();
    }

    /**
     * fio runs do_verify after the I/O phase when do_verify=1, unless the job failed, was stopped
     * or ran out of runtime.
     */
    static boolean readBackDue(Verifier v, VerifyOptions vo, IoLoop loop, JobState state) {
        return v != null && vo.doVerify && goesOn(loop, state) && (v.pending() > 0 || v.experimental());
    }
}
