package io.jfio.runner.job;

import java.util.List;

import io.jfio.engine.IoDirection;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.engine.NoIoEngine;

/**
 * The workload of a cpuio/exec job (fio's FIO_NOIO: fill_io_u leaves the unit empty): every unit
 * is a zero-length read until the runtime ends or the engine has finished, with the engine's
 * think time after each one (cpuio's thinktime, thinktime_blocks=1, counted at completion).
 */
final class NoIoSource implements IoSource {
    private final NoIoEngine engine;
    private final IoFile file;
    private long thinkUsec;

    NoIoSource(NoIoEngine engine, List<IoFile> files) {
        this.engine = engine;
        this.file = files.isEmpty() ? null : files.get(0);
    }

    @Override
    public boolean next(IoUnit unit, long nowUsec) {
        if (engine.finished()) {
            return false;
        }
        unit.ddir = IoDirection.READ;
        unit.file = file;
        unit.offset = 0;
        unit.length = 0;
        return true;
    }

    @Override
    public boolean paced() {
        return false;
    }

    @Override
    public boolean thinks() {
        return true;
    }

    @Override
    public boolean thinkDue(long issuedIos, long completedIos) {
        thinkUsec = engine.thinkTimeUsec();
        return thinkUsec > 0 && !engine.finished();
    }

    @Override
    public long thinkSleepUsec(long spunUsec, long runtimeLeftUsec) {
        return runtimeLeftUsec < 0 ? thinkUsec : Math.min(thinkUsec, runtimeLeftUsec);
    }
}
