package io.jfio.runner.job;

import io.jfio.engine.EngineException;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoFile;
import io.jfio.engine.nativeio.Native;
import io.jfio.runner.files.FileSetup;

import java.util.List;

/**
 * fio's unlink_each_loop: before every loop after the first, each regular file is closed, unlinked
 * and opened again with the job's flags (a writer recreates it empty through O_CREAT; a reader then
 * fails its open with ENOENT), as fio's clear_io_state, unlink_all_files and the next open do.
 */
final class UnlinkEachLoop {
    /** An open that failed between loops; the loop ends with it as the job's open error. */
    static final class Failure extends RuntimeException {
        final transient EngineException cause;

        Failure(EngineException cause) {
            super(cause.getMessage(), cause, false, false);
            this.cause = cause;
        }
    }

    private UnlinkEachLoop() {
    }

    /** Runs the new-pass action; false when a reopen failed (recorded as the job's error, as fio's open). */
    static boolean newPass(Runnable action, ErrorPolicy errors) {
        try {
            action.run();
            return true;
        } catch (Failure f) {
            EngineException e = f.cause;
            errors.fail(e.errno() == 0 ? 22 : e.errno(), e.function() == null ? "open" : e.function(), null);
            return false;
        }
    }

    /** The new-pass action: {@code then} when the option is off or the engine has no files. */
    static Runnable around(boolean on, boolean diskless, IoEngine engine, FileSetup setup, List<IoFile> files,
                           Runnable then) {
        if (!on || diskless) {
            return then;
        }
        return () -> {
            for (IoFile f : files) {
                if (f.type != IoFile.Type.REGULAR) {
                    continue;
                }
                try {
                    if (f.isOpen()) {
                        engine.closeFile(f);
                    }
                    Native.libc().unlink(f.path);
                    engine.openFile(f, setup.openFlags(f));
                } catch (EngineException e) {
                    throw new Failure(e);
                }
            }
            then.run();
        };
    }
}
