package io.jfio.runner.job;

import io.jfio.engine.EngineContext;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;
import io.jfio.jobfile.JobSpec;
import io.jfio.jobfile.options.ThreadOptions;
import io.jfio.runner.workload.RwMode;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/** What an engine's init sees of its job (fio's thread_data as an ioengine reads it). */
record JobEngineContext(JobSpec spec, int iodepth, boolean direct, int extraOpenFlags, boolean readOnly,
                   List<IoUnit> ioUnits, IoBuffers buffers, List<IoFile> files, int[] blockSizes,
                   PrintStream out, boolean printInfo, PrintStream err, BooleanSupplier terminated)
        implements EngineContext {
    @Override
    public String jobName() {
        return spec.name();
    }

    @Override
    public Map<String, String> engineOptions() {
        return spec.engineOptions();
    }

    @Override
    public long bufferRegionAddress() {
        return buffers.address();
    }

    @Override
    public long bufferRegionLength() {
        return buffers.length();
    }

    @Override
    public FadviseHint fadviseHint() {
        return EngineJobSettings.fadviseHint(spec);
    }

    @Override
    public boolean randomIo() {
        return RwMode.of(spec).random();
    }

    @Override
    public boolean syncEveryBlocks() {
        return ThreadOptions.of(spec).io().fsync() > 0 || ThreadOptions.of(spec).io().fdatasync() > 0;
    }

    @Override
    public java.util.function.BooleanSupplier ioJobsDone() {
        return IoJobs::none;
    }

    @Override
    public PrintStream infoOut() {
        return printInfo ? out : null;
    }

    @Override
    public PrintStream logOut() {
        return spec.cloneIndex() >= 0 ? out : null;
    }

    @Override
    public int numRange() {
        return ThreadOptions.of(spec).io().numRange();
    }

    @Override
    public PrintStream errOut() {
        return err;
    }

    @Override
    public boolean reads() {
        return RwMode.of(spec).reads();
    }

    @Override
    public boolean writes() {
        return RwMode.of(spec).writes();
    }

    @Override
    public boolean verifies() {
        return ThreadOptions.of(spec).verify().enabled();
    }

    @Override
    public int ioprio() {
        return IoPrio.jobIoprio(ThreadOptions.of(spec).process());
    }

    @Override
    public long randomSeed() {
        var r = ThreadOptions.of(spec).random();
        return (r.randrepeat() ? r.randseed() : System.nanoTime()) + spec.cloneIndex();
    }

    @Override
    public boolean dataBuffers() {
        return RwMode.of(spec).reads() || RwMode.of(spec).writes();
    }

    @Override
    public int subjobNumber() {
        return spec.cloneIndex();
    }

    @Override
    public String directory() {
        return ThreadOptions.of(spec).files().directory();
    }

    @Override
    public long fileSizeHigh() {
        return EngineJobSettings.fileSizeHigh(spec);
    }

    @Override
    public long startOffset() {
        var size = ThreadOptions.of(spec).size();
        return size.offsetPercent() == 0 ? size.offset() : 0;
    }

    @Override
    public long runtimeMicros() {
        return ThreadOptions.of(spec).runtime().runtimeUs();
    }
}
