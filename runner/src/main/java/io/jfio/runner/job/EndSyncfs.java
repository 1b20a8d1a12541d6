package io.jfio.runner.job;

import io.jfio.engine.IoFile;
import io.jfio.engine.nativeio.Native;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * fio's end_syncfs: at the end of a writing job, one syncfs(2) per file system holding the job's
 * regular files, through a descriptor of the first such file's directory (fio's add_file_fs and
 * fio_syncfs, keyed by the directory's st_dev). It replaces end_fsync's per-file fsync and is not
 * counted as a sync I/O.
 */
final class EndSyncfs {
    private static final int O_RDONLY_DIRECTORY = 0x10000;

    private EndSyncfs() {
    }

    static void run(List<IoFile> files, PrintStream err) {
        Map<Object, String> mounts = new LinkedHashMap<>();
        for (IoFile f : files) {
            if (f.type != IoFile.Type.REGULAR) {
                continue;
            }
            Path parent = Path.of(f.path).toAbsolutePath().getParent();
            String dir = Path.of(f.path).getParent() == null ? "." : Path.of(f.path).getParent().toString();
            try {
                mounts.putIfAbsent(Files.getAttribute(parent, "unix:dev"), dir);
            } catch (IOException | UnsupportedOperationException e) {
                err.println("fio: failed to get dir " + dir + " information (" + e.getMessage() + ")");
            }
        }
        for (String dir : mounts.values()) {
            int fd = Native.libc().open(dir, O_RDONLY_DIRECTORY, 0);
            if (fd < 0) {
                err.println("open " + dir + " for syncfs failed");
                continue;
            }
            if (Native.libc().syncfs(fd) != 0) {
                err.println("syncfs " + dir + " failed");
            }
            Native.libc().close(fd);
        }
    }
}
