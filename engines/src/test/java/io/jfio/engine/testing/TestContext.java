package io.jfio.engine.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jfio.engine.EngineContext;
import io.jfio.engine.IoBuffers;
import io.jfio.engine.IoFile;
import io.jfio.engine.IoUnit;

/**
 * A plain EngineContext for engine tests: settings in fields, buffers from an IoBuffers (or from
 * a subclass that owns its buffers, like the async tests' JobDriver).
 */
public class TestContext implements EngineContext {
    public String jobName = "test";
    public int iodepth = 1;
    public boolean direct;
    public int extraOpenFlags;
    public boolean readOnly;
    public final Map<String, String> engineOptions = new LinkedHashMap<>();
    public final List<IoFile> files = new ArrayList<>();
    public IoBuffers buffers;

    public TestContext(IoBuffers buffers, int iodepth) {
        this.buffers = buffers;
        this.iodepth = iodepth;
    }

    public TestContext option(String name, String value) {
        engineOptions.put(name, value);
        return this;
    }

    /** Adds a job file (its index is its position) and returns it, for the engine to open. */
    public IoFile file(String path) {
        IoFile f = new IoFile(path, files.size());
        files.add(f);
        return f;
    }

    @Override
    public String jobName() {
        return jobName;
    }

    @Override
    public int iodepth() {
        return iodepth;
    }

    @Override
    public boolean direct() {
        return direct;
    }

    @Override
    public int extraOpenFlags() {
        return extraOpenFlags;
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public Map<String, String> engineOptions() {
        return engineOptions;
    }

    @Override
    public List<IoUnit> ioUnits() {
        return buffers == null ? List.of() : buffers.units();
    }

    @Override
    public long bufferRegionAddress() {
        return buffers == null ? 0 : buffers.address();
    }

    @Override
    public long bufferRegionLength() {
        return buffers == null ? 0 : buffers.length();
    }

    @Override
    public List<IoFile> files() {
        return files;
    }
}
