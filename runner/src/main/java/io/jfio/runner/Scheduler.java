package io.jfio.runner;

import io.jfio.jobfile.JobSpec;
import io.jfio.runner.job.Job;
import io.jfio.runner.job.ProcessDebug;
import io.jfio.runner.job.StartLine;

import java.util.ArrayList;
import java.util.List;

/**
 * Starts jobs in fio's order (fio's backend.c): a job with stonewall / wait_for_previous
 * waits until every job started before it has finished; wait_for=NAME waits for all jobs of
 * that name; exitall stops the others of the group (exit_what) when one job finishes. The
 * caller's thread runs this, calling {@link Tick#tick} while it waits (status line, disk stats).
 */
final class Scheduler {
    interface Tick {
        void tick();
    }

    private final List<Job> jobs;
    private final List<Job> started = new ArrayList<>();
    /** Launched, not yet released: fio's batch of TD_CREATED threads. */
    private final List<Job> batch = new ArrayList<>();
    private volatile boolean stopAll;
    private volatile boolean abandonStuck;
    private volatile long stopNanos;

    /** fio's FIO_REAP_TIMEOUT: how long a stopped job may take before the run reports without it. */
    static final long REAP_TIMEOUT_SECONDS = 300;

    /** Indexes of the jobs with exitall or exitall_on_error: the only ones each tick looks at. */
    private final int[] exiting;

    Scheduler(List<Job> jobs) {
        this.jobs = jobs;
        int[] ex = new int[jobs.size()];
        int n = 0;
        for (int i = 0; i < jobs.size(); i++) {
            var process = jobs.get(i).options().process();
            if (process.exitall() || process.exitallOnError()) {
                ex[n++] = i;
            }
        }
        this.exiting = java.util.Arrays.copyOf(ex, n);
    }

    /** Stops running jobs and keeps the pending ones from starting (Ctrl-C). */
    void stopAll() {
        if (!stopAll) {
            stopNanos = System.nanoTime();
        }
        stopAll = true;
        for (Job j : jobs) {
            j.state().terminate();
        }
    }

    boolean stopped() {
        return stopAll;
    }

    /** Stops waiting for stopped jobs that do not end (I/O stuck in the kernel): report without them. */
    void abandonStuck() {
        abandonStuck = true;
    }

    /** True when a stopped job is given up on: asked to, or it outlived fio's reap timeout. */
    private boolean givingUp() {
        return stopAll && (abandonStuck
                || System.nanoTime() - stopNanos >= REAP_TIMEOUT_SECONDS * 1_000_000_000L);
    }

    void run(Tick tick, long tickMillis) throws InterruptedException {
        boolean[] exitHandled = new boolean[jobs.size()];
        for (int i = 0; i < jobs.size(); i++) {
            Job job = jobs.get(i);
            JobSpec spec = job.spec();
            boolean stonewall = job.options().process().stonewall();
            String waitFor = job.options().process().waitFor();
            while (true) {
                checkExitAll(exitHandled);
                boolean blocked = false;
                if (stonewall && spec.cloneIndex() == 0) {
                    for (Job s : started) {
                        blocked |= !s.isFinished();
                    }
                } else if (stonewall) {
                    // Clones follow their parent into the new group without waiting for it.
                    for (Job s : started) {
                        if (s.spec().groupId() != spec.groupId()) {
                            blocked |= !s.isFinished();
                        }
                    }
                }
                boolean walled = blocked;
                if (waitFor != null && !waitFor.isEmpty()) {
                    for (Job s : started) {
                        if (s.spec().name().equals(waitFor)) {
                            blocked |= !s.isFinished();
                        }
                    }
                }
                if (!blocked || stopAll) {
                    break;
                }
                ProcessDebug.held(job.state(), spec.name(), walled ? null : waitFor);
                releaseBatch();
                tick.tick();
                Thread.sleep(tickMillis);
            }
            if (stopAll) {
                job.state().terminate();
            }
            job.launch();
            batch.add(job);
            started.add(job);
        }
        releaseBatch();
        while (true) {
            checkExitAll(exitHandled);
            boolean all = true;
            for (int i = started.size() - 1; i >= 0 && all; i--) { // the last started end last, mostly
                all = started.get(i).isFinished();
            }
            if (all || givingUp()) {
                break;
            }
            tick.tick();
            Thread.sleep(tickMillis);
        }
    }

    /** Starts the launched jobs together, as fio moves its created threads to TD_RUNNING. */
    private void releaseBatch() {
        int lined = 0;
        for (Job j : batch) {
            lined += j.linesUp() ? 1 : 0;
        }
        StartLine line = lined > 1 ? new StartLine(lined) : null;
        for (Job j : batch) {
            j.release(j.linesUp() ? line : null);
        }
        batch.clear();
    }

    /** exitall: the first job of a group to finish stops the others (exit_what=group|stonewall|all). */
    private void checkExitAll(boolean[] handled) {
        for (int i : exiting) {
            Job j = jobs.get(i);
            boolean onError = j.options().process().exitallOnError() && j.stats().error != 0;
            if (handled[i] || !j.isFinished() || !(j.options().process().exitall() || onError)) {
                continue;
            }
            handled[i] = true;
            String what = j.options().process().exitWhat();
            for (Job o : jobs) {
                // exitall_on_error stops every job, as fio's fio_terminate_threads(TERMINATE_ALL).
                boolean hit = onError || switch (what) {
                    case "all" -> true;
                    default -> o.spec().groupId() == j.spec().groupId();
                };
                if (hit) {
                    o.state().terminate();
                }
            }
        }
    }
}
