package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * The job as a unit of the run (fio's description, process and job-ordering options): its name
 * and description, thread or process, clones, waiting and ending other jobs.
 *
 * @param waitFor  the name of the job this one waits for, or null
 * @param exitWhat exit_what word: group, stonewall or all
 * @param execPrerun  exec_prerun: a shell command run before the job's I/O, or null
 * @param execPostrun exec_postrun: a shell command run after it, or null
 * @param nice        nice: the increment the job thread adds to its scheduling niceness (0: none)
 * @param prio        prio: the I/O priority level 0-7, or -1 when none of prio, prioclass, priohint is set
 * @param prioclass   prioclass: the I/O priority class (0: none, which ioprio_set takes as best-effort)
 * @param priohint    priohint: the I/O priority hint 0-1023 (fio's ioprio_hint)
 * @param ioprioSet   one of prio, prioclass, priohint is set: the job sets its I/O priority
 * @param uid         uid: the user the job switches to before its I/O, or -1
 * @param gid         gid: the group it switches to first, or -1
 * @param comm        comm: the name the job's thread takes (fio's prctl(PR_SET_NAME)), or null
 * @param jobProfile  profile= in a job: fio 3.42 stores it and nothing reads it (only --profile
 *                    loads a profile), so it changes nothing here either
 */
public record ProcessOptions(String name, String description, boolean thread, int numjobs, boolean stonewall,
                             boolean newGroup, String waitFor, boolean exitall, String exitWhat,
                             boolean exitallOnError, String execPrerun, String execPostrun,
                             int nice, int prio, int prioclass, int priohint, boolean ioprioSet,
                             int uid, int gid, String comm, String jobProfile) {

    public static ProcessOptions from(JobSpec spec) {
        return new ProcessOptions(spec.getString("name"), spec.getString("description"), spec.getBool("thread"),
                (int) Math.max(1, spec.getLong("numjobs")), spec.getBool("stonewall"), spec.getBool("new_group"),
                spec.getString("wait_for"), spec.getBool("exitall"), spec.getString("exit_what"),
                spec.getBool("exitall_on_error"), spec.getString("exec_prerun"), spec.getString("exec_postrun"),
                spec.getInt("nice"), prio(spec), spec.getInt("prioclass"), spec.getInt("priohint"),
                spec.isSet("prio") || spec.isSet("prioclass") || spec.isSet("priohint"),
                id(spec, "uid"), id(spec, "gid"), spec.getString("comm"), spec.getString("profile"));
    }

    private static int id(JobSpec spec, String option) {
        // unset is -1 as fio's get_new_job sets it (the option table's default would read as 0,
        // and a job that never asked would then call setresuid(0) and fail unless run as root)
        return spec.isSet(option) ? spec.getInt(option) : -1;
    }

    private static int prio(JobSpec spec) {
        int level = spec.getInt("prio");
        boolean set = spec.isSet("prio") || spec.isSet("prioclass") || spec.isSet("priohint");
        return set ? level : -1;
    }
}
