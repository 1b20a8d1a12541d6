package io.jfio.runner;

import io.jfio.jobfile.JobSpec;
import io.jfio.runner.job.Job;
import io.jfio.runner.workload.Opts;

import java.util.ArrayList;
import java.util.List;

/**
 * Starts jobs in fio's order (spec/jobfile.md 6.9): a job with stonewall / wait_for_previous
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
    private volatile boolean stopAll;

    Scheduler(List<Job> jobs) {
        this.jobs = jobs;
    }

    /** Stops running jobs and keeps the pending ones from starting (Ctrl-C). */
    void stopAll() {
        stopAll = true;
        for (Job j : jobs) {
            j.state().terminate();
        }
    }

    boolean stopped() {
        return stopAll;
    }

    void run(Tick tick, long tickMillis) throws InterruptedException {
        boolean[] exitHandled = new boolean[jobs.size()];
        for (int i = 0; i < jobs.size(); i++) {
            Job job = jobs.get(i);
            JobSpec spec = job.spec();
            boolean stonewall = Opts.getBool(spec, false, "stonewall", "wait_for_previous");
            String waitFor = Opts.getString(spec, null, "wait_for");
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
                tick.tick();
                Thread.sleep(tickMillis);
            }
            if (stopAll) {
                job.state().terminate();
            }
            job.start();
            started.add(job);
        }
        while (true) {
            checkExitAll(exitHandled);
            boolean all = true;
            for (Job j : started) {
                all &= j.isFinished();
            }
            if (all) {
                break;
            }
            tick.tick();
            Thread.sleep(tickMillis);
        }
        for (Job j : started) {
            j.awaitFinished();
        }
    }

    /** exitall: the first job of a group to finish stops the others (exit_what=group|stonewall|all). */
    private void checkExitAll(boolean[] handled) {
        for (int i = 0; i < jobs.size(); i++) {
            Job j = jobs.get(i);
            boolean onError = Opts.getBool(j.spec(), false, "exitall_on_error") && j.stats().error != 0;
            if (handled[i] || !j.isFinished() || !(Opts.getBool(j.spec(), false, "exitall") || onError)) {
                continue;
            }
            handled[i] = true;
            String what = Opts.getString(j.spec(), "group", "exit_what");
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
