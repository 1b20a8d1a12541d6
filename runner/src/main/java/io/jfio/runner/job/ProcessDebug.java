package io.jfio.runner.job;

import io.jfio.jobfile.FioDebug;

import java.util.List;

/**
 * fio's {@code --debug=process} lines (libfio.c: td_set_runstate and fio_terminate_threads,
 * backend.c: run_threads and thread_main): each change of a job's run state under fio's names
 * (NOT_CREATED, CREATED, INITIALIZED, RAMP, SETTING_UP, RUNNING, PRE_READING, VERIFYING,
 * FSYNCING, FINISHING, EXITED, REAPED), the thread's creation and start, and the end of the run,
 * where fio marks every job to terminate and its helper thread writes out each job's logs (a
 * pass through FINISHING). A job's pid is 0 until its thread started, then the pid jfio's report
 * prints for it. A state that does not change prints nothing, as in fio.
 */
public final class ProcessDebug {
    private ProcessDebug() {
    }

    private static boolean on() {
        return FioDebug.on(FioDebug.Type.PROCESS);
    }

    /** --debug=process: the job threads are created in the scheduler's order, each line in place. */
    static boolean enabled() {
        return on();
    }

    private static void line(String s) {
        FioDebug.line(FioDebug.Type.PROCESS, s);
    }

    private static long pid() {
        return ProcessId.current();
    }

    /** fio's name of the state a jfio state stands for. */
    private static String fioName(RunState s) {
        return switch (s) {
            case PENDING -> "NOT_CREATED";
            case SETUP -> "INITIALIZED";
            case REAPED, REAPED_ERROR -> "REAPED";
            default -> s.name();
        };
    }

    private static void set(JobState st, String to) {
        String from = st.fioState;
        if (!from.equals(to)) {
            line("pid=" + st.fioPid + ": runstate " + from + " -> " + to);
            st.fioState = to;
        }
    }

    /** A change of the job's jfio state (JobState.setRunState). */
    static void runState(JobState st, RunState s) {
        if (on()) {
            if (s == RunState.SETUP && st.fioPid == 0) {
                started(st);
            }
            String to = fioName(s);
            if (st.fioState.equals("VERIFYING") && !to.equals("VERIFYING")) {
                set(st, "RUNNING"); // fio's do_verify ends in RUNNING, whatever comes next
            }
            set(st, to);
        }
    }

    /**
     * Without create_serialize the job's thread sets up its files itself, after fio's
     * run_threads has marked it RUNNING.
     */
    static void setUpInThread(JobState st) {
        if (on()) {
            set(st, "RUNNING");
        }
    }

    /**
     * run_threads holds a job back for its stonewall or wait_for. fio prints this on every pass
     * of its creation loop while the earlier jobs run (a count that depends on timing); jfio
     * prints it once per job.
     */
    public static void held(JobState st, String name, String waitFor) {
        if (on() && !st.fioHeld) {
            st.fioHeld = true;
            line(waitFor == null ? name + ": stonewall wait" : name + ": waiting for " + waitFor);
        }
    }

    /** fio's setup_files: SETTING_UP for the files' set-up, then back. */
    static void settingUp(JobState st, boolean done) {
        if (on()) {
            if (!done) {
                st.fioSavedState = st.fioState;
                set(st, "SETTING_UP");
            } else {
                set(st, st.fioSavedState);
            }
        }
    }

    /** run_threads creates the job's thread (or process). */
    static void created(JobState st, boolean thread) {
        if (on()) {
            set(st, "CREATED");
            line(thread ? "will pthread_create" : "will fork");
        }
    }

    /** thread_main's first line, as the job's thread starts. */
    private static void started(JobState st) {
        st.fioPid = pid();
        line("jobs pid=" + st.fioPid + " started");
    }

    /**
     * The run's end: fio_terminate_threads(TERMINATE_ALL) once no job runs, then the helper
     * thread's log writeout for each job.
     */
    public static void runEnded(List<Job> jobs) {
        if (!on()) {
            return;
        }
        line("terminate group_id=-1");
        for (Job j : jobs) {
            line("setting terminate on " + j.spec().name() + "/" + j.state().fioPid);
        }
        for (Job j : jobs) {
            set(j.state(), "FINISHING");
            set(j.state(), "REAPED");
        }
    }
}
