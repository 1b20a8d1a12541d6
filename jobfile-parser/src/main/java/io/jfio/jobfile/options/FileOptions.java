package io.jfio.jobfile.options;

import io.jfio.jobfile.JobSpec;

/**
 * Which files a job uses and how it lays them out, opens and leaves them (fio's FIO_OPT_G_FILENAME
 * and FIO_OPT_G_FILE groups).
 *
 * @param filename          filename= as given (':' separated), or null
 * @param directory         directory= as given (':' separated), or null
 * @param filenameDirectory the directory= in force when filename= was parsed (':' separated), or null:
 *                          what filename='s files are joined with, as fio's add_file does
 * @param openfiles         at most this many files open at once (the parser defaults it to nrfiles)
 * @param fileServicePostfix the text after {@code file_service_type=TYPE:}, or null
 * @param fallocate         fallocate= word: none, native, posix, keep, truncate, 0, 1
 * @param fadviseHint       fadvise_hint= word: 0, 1, random, sequential, noreuse
 * @param fileAppend        file_append: the job's region of a regular file starts at its end
 * @param endSyncfs         end_syncfs: a writing job ends with syncfs on each file system of its files (instead of end_fsync)
 * @param preRead           pre_read: each file's region is read into the page cache before the I/O starts
 * @param unlinkEachLoop    unlink_each_loop: regular files are unlinked and reopened before each loop after the first
 * @param opendir           opendir: every regular file under this directory (recursively) is one of the job's files, or null
 * @param lockfile          lockfile: none, exclusive or readwrite
 * @param uniqueFilename    unique_filename: only prefixes names in client/server mode; read by the parser's
 *                          verify check for writers sharing files
 * @param filetype          filetype: the type the job's files are taken to be instead of their stat
 *                          ("file", "block", "char"), or "none" to stat them; the one in force when
 *                          filename= was parsed, as fio's add_file takes it
 * @param inheritedFiles    how many of filename='s names came from the global options: fio copies
 *                          the global job's files into the job (dup_files) before adding its own
 */
public record FileOptions(String filename, String directory, String filenameDirectory, String filenameFormat, int nrfiles, int openfiles,
                          String fileServiceType, String fileServicePostfix, boolean createOnOpen,
                          boolean createSerialize, boolean createFsync, boolean createOnly, boolean allowFileCreate,
                          boolean allowMountedWrite, boolean overwrite, String fallocate, String fadviseHint,
                          boolean invalidate, boolean unlink, boolean fsyncOnClose, boolean endFsync,
                          boolean fileAppend, boolean unlinkEachLoop, boolean endSyncfs,
                          boolean preRead, String opendir, LockMode lockfile, boolean uniqueFilename,
                          String filetype, int inheritedFiles) {

    /** lockfile=: how a job's clones share a file (fio's file_lock_mode). */
    public enum LockMode { NONE, EXCLUSIVE, READWRITE }

    public static FileOptions from(JobSpec spec) {
        int nrfiles = (int) Math.max(1, spec.getLong("nrfiles"));
        int openfiles = spec.getInt("openfiles");
        if (spec.getString("opendir") != null) {
            // fio counts opendir's files in nr_files before fixup_options defaults open_files to it
            openfiles = openfiles > 0 ? openfiles : Integer.MAX_VALUE;
        } else if (openfiles <= 0 || openfiles > nrfiles) {
            openfiles = nrfiles;
        }
        return new FileOptions(spec.getString("filename"), spec.getString("directory"), spec.filenameDirectory(),
                spec.getString("filename_format"), nrfiles, openfiles, spec.getString("file_service_type"),
                spec.postfix("file_service_type"), spec.getBool("create_on_open"), spec.getBool("create_serialize"),
                spec.getBool("create_fsync"), spec.getBool("create_only"), spec.getBool("allow_file_create"),
                spec.getBool("allow_mounted_write"), spec.getBool("overwrite"), spec.getString("fallocate"),
                spec.getString("fadvise_hint"), spec.getBool("invalidate"), spec.getBool("unlink"),
                spec.getBool("fsync_on_close"), spec.getBool("end_fsync"), spec.getBool("file_append"),
                spec.getBool("unlink_each_loop"), spec.getBool("end_syncfs"),
                spec.getBool("pre_read"), spec.getString("opendir"), lockMode(spec.getString("lockfile")),
                spec.getBool("unique_filename"), spec.filenameFiletype(), spec.inheritedFiles());
    }

    private static LockMode lockMode(String v) {
        return v == null ? LockMode.NONE : switch (v) {
            case "exclusive" -> LockMode.EXCLUSIVE;
            case "readwrite" -> LockMode.READWRITE;
            default -> LockMode.NONE;
        };
    }
}
