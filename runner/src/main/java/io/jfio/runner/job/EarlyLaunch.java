package io.jfio.runner.job;

import java.util.List;

/**
 * Creates a run's job threads on a side thread while the main thread still prepares the jobs
 * (engines, buffer contents, file checks), for a run whose jobs all start in one batch (no
 * stonewall, no wait_for). Each thread is held before its first step until the scheduler
 * releases it, as {@link Job#launch} holds it; the scheduler's own launch then finds it made.
 * Creating a thread waits until the new thread has run once (HotSpot holds its thread list's lock
 * meanwhile, so creators cannot overlap each other): with 252 jobs on a loaded 2-CPU machine
 * that was 0.26-0.89 s of run-queue waits after the set-up, with next to no CPU of its own;
 * made here, the waits overlap the main thread's set-up instead of following it.
 */
public final class EarlyLaunch {
    /** Fewer jobs than this are created as before: a few thread starts are not worth a thread. */
    static final int MIN_JOBS = 8;

    private final Thread launcher;

    private EarlyLaunch(Thread launcher) {
        this.launcher = launcher;
    }

    /** Starts creating the job threads of {@code jobs}, or returns null when they are created as before. */
    public static EarlyLaunch start(List<Job> jobs) {
        if (jobs.size() < MIN_JOBS || "0".equals(System.getProperty("jfio.earlyLaunch"))
                || ProcessDebug.enabled()) {
            return null;
        }
        for (Job j : jobs) {
            String waitFor = j.options().process().waitFor();
            if (j.options().process().stonewall() || (waitFor != null && !waitFor.isEmpty())) {
                return null;
            }
        }
        List<Job> all = List.copyOf(jobs);
        Thread t = new Thread(() -> {
            try {
                all.forEach(Job::launch);
            } catch (RuntimeException | Error e) {
                // a thread that could not be made (no memory for its stack, say): the scheduler's
                // launch of that job tries again and reports it as it did before
            }
        }, "jfio-launch");
        t.setDaemon(true);
        t.start();
        return new EarlyLaunch(t);
    }

    /**
     * Waits until every job thread exists, and for {@link SetUpAhead}'s binding, before the scheduler
     * releases them (which it did in the first job's launch).
     */
    public void await() {
        boolean interrupted = false;
        while (launcher.isAlive()) {
            try {
                launcher.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        SetUpAhead.awaitLinked();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
