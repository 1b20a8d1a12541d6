package io.jfio.runner.workload;

import io.jfio.engine.IoFile;
import io.jfio.jobfile.ColonList;
import io.jfio.jobfile.FioDebug;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.FileOptions;
import io.jfio.jobfile.options.ThreadOptions;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * fio's {@code --debug=file} lines (filesetup.c, io_u.c: get_next_file, ioengines.c:
 * td_io_open_file and td_io_close_file): the files a job adds when its options are read, the
 * set-up (sizes, layout's unlink, open flags, fallocate and truncate), each pick of the file
 * service with fio's open-on-first-use and the file's flags, the reference taken per I/O and
 * dropped at its completion, a file that is done, and the close (and unlink) at the end.
 *
 * <p>jfio opens a job's files its own way (all up front unless openfiles limits them); the lines
 * follow fio's model of them instead: a file is opened when the service first picks it in a
 * pass, holds one reference for being open and one per I/O in flight, and is closed when it is
 * done, when a pass ends and at the job's end. The flags are fio's fio_file flags (open, closing,
 * done, size_known, hashed, axmap, lfsr, smalloc), the pointer a stand-in for fio's fio_file
 * address. With the type off every hook is one mask test (or a null field) and nothing is kept.
 */
public final class FileDebug {
    private static final int OPEN = 0x1;
    private static final int CLOSING = 0x2;
    private static final int DONE = 0x8;
    private static final int SIZE_KNOWN = 0x10;
    private static final int HASHED = 0x20;
    private static final int AXMAP = 0x80;
    private static final int LFSR = 0x100;
    private static final int SMALLOC = 0x200;

    /** One file as fio's fio_file sees it. */
    private static final class State {
        final String path;
        final String ptr;
        int flags = SMALLOC;
        int refs;
        /** Opened by generic_open_file (a diskless engine's open_file prints nothing and hashes nothing). */
        boolean generic = true;

        State(String path, int index) {
            this.path = path;
            this.ptr = ptr(path, index);
        }
    }

    /** The states of the files being set up or run, found again from the unit's file at completion. */
    private static final Map<IoFile, State> STATES = Collections.synchronizedMap(new IdentityHashMap<>());

    private final State[] files;

    private FileDebug(State[] files) {
        this.files = files;
    }

    public static boolean on() {
        return FioDebug.on(FioDebug.Type.FILE);
    }

    private static void line(String s) {
        FioDebug.line(FioDebug.Type.FILE, s);
    }

    /** A stand-in for fio's fio_file pointer: the same for a file throughout, 12 hex digits as fio's. */
    private static String ptr(String path, int index) {
        return String.format("0x7f%08x%02x", path.hashCode(), index & 0xff);
    }

    // ------------------------------------------------------------------ add_job

    /**
     * The lines fio prints while it reads the job (get_new_job's dup_files, add_file per name),
     * before the job's own line; {@code paths} are the job's files. The names a filename= of the
     * global options adds are added while fio reads those options, once, and each job after them
     * starts with them (dup files: N) before it adds its own; {@code globalsAdded} counts, per job
     * file (or the command line), the global names printed so far. Empty with the type off.
     */
    public static String added(JobSpec spec, List<String> paths, Map<String, Integer> globalsAdded) {
        if (!on()) {
            return "";
        }
        FileOptions fo = ThreadOptions.of(spec).files();
        boolean given = fo.filename() != null && !fo.filename().isEmpty();
        StringBuilder b = new StringBuilder();
        int clone = spec.cloneIndex();
        int inherited = given ? Math.min(fo.inheritedFiles(), paths.size()) : 0;
        String dir = null;
        if (given) {
            List<String> d = fo.filenameDirectory() == null ? List.of() : ColonList.split(fo.filenameDirectory());
            dir = d.isEmpty() ? null : d.get(0);
        }
        if (clone == 0 && inherited > 0) {
            String from = spec.location("name").file();
            int before = Math.min(globalsAdded.getOrDefault(from, 0), inherited);
            addLines(b, paths, before, inherited, dir, true);
            globalsAdded.put(from, inherited);
        }
        b.append(FioDebug.text(FioDebug.Type.FILE, "dup files: " + (clone == 0 ? inherited : paths.size())));
        if (clone > 0 && (given || fo.opendir() != null)) {
            return b.toString(); // a clone shares the names it was given
        }
        if (fo.opendir() != null) {
            addLines(b, paths, 0, paths.size(), null, true); // opendir adds each file it finds as a filename list does
            return b.toString();
        }
        if (!given) {
            List<String> d = fo.directory() == null ? List.of() : ColonList.split(fo.directory());
            dir = d.isEmpty() ? null : d.get(clone % d.size());
        }
        addLines(b, paths, inherited, paths.size(), dir, given);
        return b.toString();
    }

    /**
     * add_file for names {@code from} to {@code to} of the job's: fio's array grows per name of a
     * filename list, once for nrfiles (nr_files + 1).
     */
    private static void addLines(StringBuilder b, List<String> paths, int from, int to, String dir, boolean given) {
        for (int i = from; i < to; i++) {
            String p = paths.get(i);
            String bare = dir != null && p.startsWith(dir + "/") ? p.substring(dir.length() + 1) : p;
            b.append(FioDebug.text(FioDebug.Type.FILE, "add file " + bare));
            if (given) {
                b.append(FioDebug.text(FioDebug.Type.FILE, "resize file array to " + (i + 1) + " files"));
            } else if (i == 0) {
                b.append(FioDebug.text(FioDebug.Type.FILE, "resize file array to " + (paths.size() + 1) + " files"));
            }
            b.append(FioDebug.text(FioDebug.Type.FILE, "file " + ptr(p, i) + " \"" + p + "\" added at " + i));
        }
    }

    // ------------------------------------------------------------------ setup_files

    /** setup_files' start and get_file_sizes: one line per file; a file that was there has its size known. */
    public static void setUp(List<IoFile> fs, boolean diskless) {
        if (!on()) {
            return;
        }
        line("setup files");
        for (IoFile f : fs) {
            State s = new State(f.path, f.index);
            if (f.realSize >= 0 && !diskless) {
                s.flags |= SIZE_KNOWN;
            }
            s.generic = !diskless;
            STATES.put(f, s);
            line("get file size for " + s.ptr + "/" + f.index + "/" + f.path);
            if (f.type == IoFile.Type.BLOCK) {
                // bdev_size opens the device through the engine for BLKGETSIZE64
                line("fd open " + f.path);
                line("file not found in hash " + f.path);
                line("fd close " + f.path);
            }
        }
    }

    /**
     * extend_file: the unlink, the open with its flags, fallocate_file's line for the mode
     * ({@code fallocate} null: fill_device, none), and the truncate of a new layout.
     */
    public static void laidOut(IoFile f, boolean unlink, int flags, String fallocate, boolean fallocated,
                               boolean truncate, long size) {
        if (!on()) {
            return;
        }
        if (unlink) {
            line("layout unlink " + f.path);
        }
        line("open file " + f.path + ", flags " + Integer.toHexString(flags));
        if (fallocate != null) {
            switch (fallocate) {
                case "none", "0" -> { }
                case "posix", "1" -> line("posix_fallocate file " + f.path + " size " + size);
                case "keep" -> line("fallocate(FALLOC_FL_KEEP_SIZE) file " + f.path + " size " + size);
                case "truncate" -> line("ftruncate file " + f.path + " size " + size);
                default -> line("native fallocate of file " + f.path + " size " + size + " was "
                        + (fallocated ? "" : "un") + "successful");
            }
        }
        if (truncate) {
            line("truncate file " + f.path + ", size " + size);
        }
    }

    // ------------------------------------------------------------------ the I/O loop

    /** The job's files as its file service sees them; null with the type off. */
    static FileDebug forJob(IoFile[] fs, boolean axmap, boolean lfsr) {
        if (!on()) {
            return null;
        }
        State[] st = new State[fs.length];
        for (int i = 0; i < fs.length; i++) {
            State s = STATES.get(fs[i]);
            if (s == null) {
                s = new State(fs[i].path, fs[i].index);
                STATES.put(fs[i], s);
            }
            if (lfsr) {
                s.flags |= LFSR;
            } else if (axmap) {
                s.flags |= AXMAP;
            }
            st[i] = s;
        }
        return new FileDebug(st);
    }

    /** get_next_file_rr looks at a file. */
    void trying(int fi) {
        State s = files[fi];
        line("trying file " + s.path + " " + Integer.toHexString(s.flags));
    }

    /** The service reaches a file it has not opened in this pass: td_io_open_file. */
    void open(int fi) {
        open(files[fi]);
    }

    private static void open(State s) {
        if ((s.flags & CLOSING) != 0) {
            s.flags &= ~CLOSING; // open undoes a pending close
            get(s);
            return;
        }
        if (s.generic) {
            line("fd open " + s.path);
            line("file not found in hash " + s.path);
            s.flags |= HASHED;
        }
        s.flags |= OPEN;
        get(s);
    }

    /** get_next_file_rr's check of the open file and its choice. */
    void roundRobin(int fi) {
        State s = files[fi];
        line("goodf=1, badf=2, ff=" + Integer.toHexString(s.flags));
        line("get_next_file_rr: " + s.ptr);
    }

    /** get_next_file_rand's choice. */
    void random(int fi) {
        line("get_next_file_rand: " + files[fi].ptr);
    }

    /** get_next_file's answer: the file ({@code fi} >= 0), or none (every file done: {@code nrDone}). */
    void chosen(int fi, int nrDone) {
        if (fi >= 0) {
            State s = files[fi];
            line("get_next_file: " + s.ptr + " [" + s.path + "]");
        } else if (nrDone >= files.length) {
            int open = 0;
            for (State s : files) {
                open += (s.flags & OPEN) != 0 ? 1 : 0;
            }
            line("get_next_file: nr_open=" + open + ", nr_done=" + nrDone + ", nr_files=" + files.length);
        } else {
            line("get_next_file_rr: (nil)");
            line("get_next_file: NULL");
        }
    }

    /** set_io_u_file's reference for the unit it fills. */
    void get(int fi) {
        get(files[fi]);
    }

    private static void get(State s) {
        line("get file " + s.path + ", ref=" + s.refs);
        s.refs++;
    }

    /**
     * The file had no I/O left (set_io_u_file): the unit's reference and the file's own go, and
     * a file of a uniform service is done ({@code nrDone} counting it).
     */
    void exhausted(int fi, boolean distributed, int nrDone) {
        State s = files[fi];
        put(s);
        close(s);
        if (!distributed) {
            s.flags |= DONE;
            line(s.path + ": is done (" + nrDone + " of " + files.length + ")");
        }
    }

    /** clear_io_state between passes: every open file closes and none is done. */
    void newPass() {
        for (State s : files) {
            if ((s.flags & OPEN) != 0) {
                close(s);
            }
            s.flags &= ~DONE;
        }
    }

    /** td_io_close_file: marks the file closing and drops its own reference. */
    private static void close(State s) {
        s.flags |= CLOSING;
        put(s);
    }

    /** put_file: the last reference closes the file. */
    private static void put(State s) {
        line("put file " + s.path + ", ref=" + s.refs);
        if ((s.flags & OPEN) == 0) {
            return;
        }
        if (--s.refs == 0) {
            if (s.generic) {
                line("fd close " + s.path);
            }
            s.flags &= ~(OPEN | CLOSING | HASHED);
        }
    }

    /**
     * do_verify's clear_io_state: the write phase's open files close and none is done; the
     * read-back opens each file again as it reaches it.
     */
    public static void verifyStarts(List<IoFile> fs) {
        if (on()) {
            for (IoFile f : fs) {
                State s = STATES.get(f);
                if (s != null) {
                    if ((s.flags & OPEN) != 0) {
                        close(s);
                    }
                    s.flags &= ~DONE;
                }
            }
        }
    }

    /** get_next_verify (and a backlog's read): the unit's file opens if it was closed, and is referenced. */
    public static void verifyUnit(IoFile f) {
        if (on() && f != null) {
            State s = STATES.get(f);
            if (s != null) {
                if ((s.flags & OPEN) == 0) {
                    open(s);
                }
                get(s);
            }
        }
    }

    /** A unit of file {@code f} completed (io_completed's put_file_log). */
    public static void completed(IoFile f) {
        if (on() && f != null) {
            State s = STATES.get(f);
            if (s != null) {
                put(s);
            }
        }
    }

    /** close_and_free_files at the job's end: unlink=1's unlinks around each close. */
    public static void closeFiles(List<IoFile> fs, boolean unlink) {
        if (!on()) {
            return;
        }
        for (IoFile f : fs) {
            State s = STATES.get(f);
            if (s != null && (s.flags & OPEN) != 0 && s.refs > 1) {
                // a unit filled but not issued when the time ran out (fill_io_u's DDIR_TIMEOUT):
                // it gives its reference back and set_io_u_file closes the file
                while (s.refs > 1) {
                    put(s);
                }
                close(s);
            }
        }
        line("close files");
        for (IoFile f : fs) {
            State s = STATES.remove(f);
            boolean unlinks = unlink && f.type == IoFile.Type.REGULAR;
            if (unlinks) {
                line("free unlink " + f.path);
            }
            if (s != null && (s.flags & OPEN) != 0) {
                close(s);
            }
            if (unlinks) {
                line("free unlink " + f.path);
            }
        }
    }
}
