package io.jfio.runner.job;

import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.nativeio.Native;
import io.jfio.runner.workload.JobError;

import java.util.List;

/**
 * fio's pre_read: before the I/O starts, each file's region is read once with read(2) in chunks of
 * the largest read block size, from its start offset, to bring it into the page cache (the parser
 * turns invalidate off for such jobs). Character devices and pipes are skipped; a short read is
 * fio's EIO "pre_read" error. The chunks land in one unit's buffer (allocated once for the job).
 */
final class PreRead {
    private static final int SEEK_SET = 0;

    private PreRead() {
    }

    static void run(List<IoFile> files, IoUnit buffer, long maxReadBs, JobState state) throws JobError {
        for (IoFile f : files) {
            if (f.type == IoFile.Type.CHAR || f.type == IoFile.Type.PIPE || f.fd < 0) {
                continue;
            }
            long left = f.ioSize;
            long bs = Math.min(Math.min(maxReadBs, left), buffer.bufferCapacity);
            if (Native.libc().lseek(f.fd, f.fileOffset, SEEK_SET) < 0) {
                throw new JobError(Native.errno(), "lseek", "fio: failed to lseek pre-read file");
            }
            while (left > 0 && !state.terminated()) {
                long n = Math.min(bs, left);
                if (Native.libc().read(f.fd, buffer.bufferAddress, n) != n) {
                    throw new JobError(5, "pre_read", null);
                }
                left -= n;
            }
        }
    }
}
