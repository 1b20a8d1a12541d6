package io.jfio.runner.job;

import io.jfio.engine.IoFile;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.FileOptions;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * lockfile=exclusive: each I/O holds its file's lock from before the engine takes it until
 * queue() returns (fio's td_io_prep lock_file .. td_io_queue unlock_file), so the clones of a
 * job (numjobs) that share a file submit to it one at a time. The lock is shared by a job's
 * clones, as fio's dup_files shares the parent's, not between job sections (jfio tells sections
 * apart by name and reporting group). fio's readwrite mode
 * locks nothing (its lock_file returns when the file has no exclusive lock, and readwrite only
 * makes a rwlock), and so does jfio's.
 */
final class FileLocks {
    /** One lock per job section and file, for the life of the JVM (a free lock holds no state). */
    private static final ConcurrentHashMap<String, AtomicBoolean> LOCKS = new ConcurrentHashMap<>();

    private final AtomicBoolean[] byIndex;

    private FileLocks(AtomicBoolean[] byIndex) {
        this.byIndex = byIndex;
    }

    /** The locks of a job's files, or null when it locks nothing. */
    static FileLocks of(JobSpec spec, FileOptions.LockMode mode, List<IoFile> files) {
        if (mode != FileOptions.LockMode.EXCLUSIVE || files.isEmpty()) {
            return null;
        }
        int max = 0;
        for (IoFile f : files) {
            max = Math.max(max, f.index);
        }
        AtomicBoolean[] locks = new AtomicBoolean[max + 1];
        // the clones of a section share its name and reporting group
        String section = spec.name() + '\0' + spec.groupId();
        for (IoFile f : files) {
            locks[f.index] = LOCKS.computeIfAbsent(section + '\0' + f.path, k -> new AtomicBoolean());
        }
        return new FileLocks(locks);
    }

    void lock(IoFile f) {
        AtomicBoolean l = f == null ? null : byIndex[f.index];
        if (l == null) {
            return;
        }
        int spins = 0;
        while (!l.compareAndSet(false, true)) {
            if (++spins < 100) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    void unlock(IoFile f) {
        AtomicBoolean l = f == null ? null : byIndex[f.index];
        if (l != null) {
            l.set(false);
        }
    }
}
