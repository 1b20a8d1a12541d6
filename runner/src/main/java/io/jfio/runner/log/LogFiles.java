package io.jfio.runner.log;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where a log's bytes go. A per-job log replaces its file (fio's "w"); with per_job_logs=0 the jobs
 * of a run share one file and fio appends each job's whole log to it when the job ends ("a"), so
 * here a job writes to a private file beside it that is appended, under a lock, when it closes.
 */
final class LogFiles {
    private static final Object SHARED_LOCK = new Object();

    private LogFiles() {
    }

    static OutputStream open(String path, boolean perJob, int threadNumber) throws IOException {
        if (perJob) {
            return new BufferedOutputStream(new FileOutputStream(path, false), 1 << 20);
        }
        Path target = Path.of(path);
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + "." + threadNumber + ".", ".jfio");
        OutputStream raw = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 20);
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                raw.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                raw.write(b, off, len);
            }

            @Override
            public void flush() throws IOException {
                raw.flush();
            }

            @Override
            public void close() throws IOException {
                raw.close();
                try (InputStream in = Files.newInputStream(tmp)) {
                    synchronized (SHARED_LOCK) {
                        try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE,
                                StandardOpenOption.APPEND, StandardOpenOption.WRITE)) {
                            in.transferTo(out);
                        }
                    }
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
        };
    }

    /** fio's gen_log_name: PREFIX_TYPE.N.log with per_job_logs, else PREFIX_TYPE.log (".log.fz" when stored compressed). */
    static String name(String prefix, String type, int threadNumber, boolean perJob, boolean compressed) {
        String suffix = compressed ? "log.fz" : "log";
        return perJob ? prefix + "_" + type + "." + threadNumber + "." + suffix : prefix + "_" + type + "." + suffix;
    }
}
