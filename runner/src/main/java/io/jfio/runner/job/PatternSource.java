package io.jfio.runner.job;

import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.files.FileSetup;
import io.jfio.runner.workload.IoPattern;
import io.jfio.runner.workload.Pacer;
import io.jfio.runner.workload.WorkloadException;
import io.jfio.runner.workload.JobError;

import java.util.List;

/** The workload module's IoPattern and Pacer behind the runner's {@link IoSource} seam. */
public final class PatternSource implements IoSource {
    private final IoPattern pattern;
    private final Pacer rate;
    private io.jfio.runner.workload.FileOpener opener;

    private PatternSource(IoPattern pattern) {
        this.pattern = pattern;
        this.rate = pattern.rate();
    }

    /** The production factory: fio's thread number is the job's 1-based position in run order. */
    public static final SourceFactory FACTORY = PatternSource::create;

    public static PatternSource create(JobSpec spec, List<IoFile> files) throws JobError {
        try {
            // -Djfio.seeding=3.33 seeds random offsets as the fio 3.33 binary does (for differential runs).
            boolean fio333 = "3.33".equals(System.getProperty("jfio.seeding"));
            IoPattern pattern = IoPattern.create(spec, files, spec.index() + 1, fio333);
            // fio's loop_cache_invalidate: buffered jobs re-read the device after every wrap.
            ThreadOptions opts = ThreadOptions.of(spec);
            if (opts.files().invalidate() && !opts.io().direct()) {
                pattern.onFileWrap(fi -> FileSetup.invalidate(files.get(fi)));
            }
            return new PatternSource(pattern);
        } catch (WorkloadException e) {
            if (e.isSetupFiles()) {
                throw JobError.refused("setup_files", e.getMessage());
            }
            throw new JobError(22, "workload", e.getMessage());
        }
    }

    /** The end of fio's setup_files for the pattern: sprandom's refusals (see {@link IoPattern#checkSetupFiles}). */
    public static void checkSetupFiles(JobSpec spec, List<IoFile> files) throws JobError {
        try {
            IoPattern.checkSetupFiles(spec, files);
        } catch (WorkloadException e) {
            throw JobError.refused("setup_files", e.getMessage());
        }
    }

    public IoPattern pattern() {
        return pattern;
    }

    @Override
    public io.jfio.runner.zbd.ZbdJob zbd() {
        return pattern.zbd();
    }

    @Override
    public long zoneResets() {
        return pattern.zbd() == null ? 0 : pattern.zbd().resets();
    }

    @Override
    public int zoneErrno() {
        return pattern.zbd() == null ? 0 : pattern.zbd().errno();
    }

    @Override
    public String zoneErrorFunction() {
        return pattern.zbd() == null ? null : pattern.zbd().errorFunction();
    }

    @Override
    public boolean next(IoUnit unit, long nowUsec) {
        return rate.enabled() ? pattern.next(unit, nowUsec) : pattern.next(unit);
    }

    @Override
    public boolean paced() {
        return rate.enabled();
    }

    @Override
    public boolean thinks() {
        return rate.thinktimeEnabled();
    }

    @Override
    public void fileOpener(io.jfio.runner.workload.FileOpener o) {
        opener = o;
        pattern.fileOpener(o);
    }

    @Override
    public io.jfio.runner.workload.FileOpener fileOpener() {
        return opener;
    }

    @Override
    public boolean filesBusy() {
        return pattern.filesBusy();
    }

    @Override
    public void reopen(IoFile file) {
        if (opener != null) {
            opener.reopen(file.index);
        }
    }

    @Override
    public void engineQueues(boolean queues) {
        pattern.setEngineQueues(queues);
    }

    @Override
    public long nextVerifySeed() {
        return pattern.nextVerifySeed();
    }

    @Override
    public void trimsPending(boolean pending) {
        pattern.trimsPending(pending);
    }

    @Override
    public boolean amountReached() {
        return pattern.amountReached();
    }

    @Override
    public void otherIssued(long bytes) {
        pattern.otherIssued(bytes);
    }

    @Override
    public void replayForVerify() {
        pattern.replayForVerify();
    }

    @Override
    public void iterations() {
        pattern.iterations();
    }

    @Override
    public boolean nextIteration() {
        return pattern.nextIteration();
    }

    @Override
    public long trimSeed() {
        return pattern.trimSeed();
    }

    @Override
    public void restartVerifySeeds() {
        pattern.restartVerifySeeds();
    }

    @Override
    public void offsetState(long[] dst) {
        pattern.offsetState(dst);
    }

    @Override
    public int pass() {
        return pattern.pass();
    }

    @Override
    public long rateWaitUsec() {
        return rate.enabled() ? rate.waitUsec() : 0;
    }

    @Override
    public boolean thinkDue(long issuedIos, long completedIos) {
        return rate.thinktimeEnabled() && rate.thinkDue(issuedIos, completedIos);
    }

    @Override
    public long thinkSpinUsec(long runtimeLeftUsec) {
        return rate.thinkSpinUsec(runtimeLeftUsec);
    }

    @Override
    public long thinkSleepUsec(long spunUsec, long runtimeLeftUsec) {
        return rate.thinkSleepUsec(spunUsec, runtimeLeftUsec);
    }

    @Override
    public void thinkDone(int ddir, long totalUsec, long issuedIos, long completedIos) {
        rate.thinkDone(ddir, totalUsec, issuedIos, completedIos);
    }

    @Override
    public String checkMinRate(int ddir, long bytesDone, long blocksDone, long sinceStartMs, long nowMs) {
        return rate.enabled() ? rate.checkMinRate(ddir, bytesDone, blocksDone, sinceStartMs, nowMs) : null;
    }

    @Override
    public void resetEpoch() {
        rate.resetEpoch();
    }
}
