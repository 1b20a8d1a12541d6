package io.jfio.runner.job;

import io.jfio.engine.IoFile;
import io.jfio.engine.nativeio.WriteHint;
import io.jfio.runner.workload.JobError;

/**
 * write_hint=: after a regular file or block device is opened, its write-lifetime hint is set
 * (fio's td_io_open_file); a kernel that refuses it fails the job with fio's
 * {@code func=fcntl write hint}.
 */
final class WriteHints {
    private WriteHints() {
    }

    static void apply(IoFile f, long hint, boolean direct, boolean diskless) throws JobError {
        if (hint < 0 || diskless || f.fd < 0 || (f.type != IoFile.Type.REGULAR && f.type != IoFile.Type.BLOCK)) {
            return;
        }
        int e = WriteHint.set(f.fd, hint, direct);
        if (e != 0) {
            throw new JobError(e, "fcntl write hint", null);
        }
    }
}
