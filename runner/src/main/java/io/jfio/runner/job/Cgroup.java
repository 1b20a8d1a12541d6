package io.jfio.runner.job;

import io.jfio.engine.nativeio.Errno;
import io.jfio.jobfile.options.CgroupOptions;
import io.jfio.runner.workload.JobError;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * cgroup=, cgroup_weight=, cgroup_nodelete= as fio's cgroup.c does them: the first blkio cgroup
 * (v1) or cgroup2 mount in /proc/mounts, the group made under it (an existing one is used and
 * kept), blkio.weight written (refused on cgroup2), the job moved in by writing its id to
 * {@code tasks} (v1: the job thread alone, as fio's thread jobs; fio's process jobs move their
 * process) or {@code cgroup.procs} (v2: the whole process, as fio's thread jobs do), moved back to
 * the mount's root at the job's end, and the groups the run made removed when it ends.
 */
public final class Cgroup {
    /** The groups this run made (fio's cgroup_list), removed by {@link #removeMade} unless nodelete. */
    private static final List<String[]> MADE = new ArrayList<>();

    private final Path mount;
    private final boolean cgroup2;
    private final String tid;

    private Cgroup(Path mount, boolean cgroup2, String tid) {
        this.mount = mount;
        this.cgroup2 = cgroup2;
        this.tid = tid;
    }

    /** Moves the calling job thread into its group; null when the job names none. */
    static Cgroup enter(CgroupOptions o, java.io.PrintStream err) throws JobError {
        if (o.cgroup() == null) {
            return null;
        }
        Path mount = null;
        boolean v2 = false;
        try {
            for (String l : Files.readAllLines(Path.of("/proc/mounts"))) {
                String[] f = l.split(" ");
                if (f.length > 3 && f[2].equals("cgroup") && f[3].contains("blkio")) {
                    mount = Path.of(f[1]);
                    break;
                }
                if (f.length > 3 && f[2].equals("cgroup2")) {
                    mount = Path.of(f[1]);
                    v2 = true;
                    break;
                }
            }
        } catch (IOException e) {
            throw new JobError(2, "setmntent /proc/mounts", null);
        }
        if (mount == null) {
            // fio logs it and the job ends without I/O or an error number
            throw new JobError(0, null, "fio: cgroup blkio does not appear to be mounted");
        }
        Path root = mount.resolve(o.cgroup());
        try {
            Files.createDirectory(root);
            synchronized (MADE) {
                MADE.add(new String[] {root.toString(), o.nodelete() ? "keep" : "remove",
                        mount.resolve(v2 ? "cgroup.procs" : "tasks").toString(), v2 ? "cgroup.procs" : "tasks"});
            }
        } catch (FileAlreadyExistsException e) {
            // fio uses it and leaves it
        } catch (IOException e) {
            throw new JobError(errno(e), "cgroup mkdir", "fio: path " + root);
        }
        if (o.weight() != 0) {
            if (v2) {
                throw new JobError(0, null, "fio: cgroup weit doesn't work with cgroup2");
            }
            write(root.resolve("blkio.weight"), Integer.toString(o.weight()), "cgroup open weight");
        }
        String tid = threadId();
        Cgroup c = new Cgroup(mount, v2, tid);
        write(root.resolve(v2 ? "cgroup.procs" : "tasks"), tid, "cgroup write pid");
        return c;
    }

    /** fio's cgroup_shutdown: the job back into the mount's root group. */
    void leave() {
        try {
            write(mount.resolve(cgroup2 ? "cgroup.procs" : "tasks"), tid, "cgroup write pid");
        } catch (JobError e) {
            // as fio, which ignores it
        }
    }

    /** fio's cgroup_kill at the run's end: the groups it made are removed, unless cgroup_nodelete. */
    public static void removeMade() {
        synchronized (MADE) {
            for (String[] m : MADE) {
                if (m[1].equals("remove")) {
                    try {
                        // threads the job thread started while in the group (the JVM's process
                        // reaper of an exec_prerun) are in it too: back to the root, or rmdir fails
                        for (String t : Files.readAllLines(Path.of(m[0], m[3]))) {
                            if (!t.isBlank() && Files.exists(Path.of("/proc/self/task", t.trim()))) {
                                write(Path.of(m[2]), t.trim(), "cgroup write pid");
                            }
                        }
                    } catch (IOException | JobError e) {
                        // then rmdir fails, as fio's would with a task left in the group
                    }
                    try {
                        Files.deleteIfExists(Path.of(m[0]));
                    } catch (IOException e) {
                        // rmdir's failure is ignored by fio too
                    }
                }
            }
            MADE.clear();
        }
    }

    private static void write(Path file, String value, String function) throws JobError {
        try {
            Files.writeString(file, value);
        } catch (IOException e) {
            throw new JobError(errno(e), function, null);
        }
    }

    private static int errno(IOException e) {
        if (e instanceof AccessDeniedException) {
            return 13;
        }
        if (e instanceof NoSuchFileException) {
            return 2;
        }
        String m = e.getMessage() == null ? "" : e.getMessage();
        for (int n = 1; n < 134; n++) {
            if (m.endsWith(Errno.strerror(n))) {
                return n;
            }
        }
        return 5;
    }

    /** The calling thread's kernel id (/proc/thread-self is PID/task/TID). */
    private static String threadId() throws JobError {
        try {
            return Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
        } catch (IOException e) {
            throw new JobError(2, "cgroup write pid", null);
        }
    }
}
