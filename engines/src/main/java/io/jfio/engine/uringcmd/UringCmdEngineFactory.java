package io.jfio.engine.uringcmd;

import io.jfio.engine.EngineOption;
import io.jfio.engine.IoEngine;
import io.jfio.engine.IoEngineFactory;
import java.util.List;

/** ioengine=io_uring_cmd (cmd_type=nvme): NVMe passthrough on /dev/ngXnY. */
public final class UringCmdEngineFactory implements IoEngineFactory {
    @Override
    public String name() {
        return "io_uring_cmd";
    }

    @Override
    public String description() {
        return "io_uring_cmd: NVMe passthrough commands over io_uring on /dev/ngXnY (cmd_type=nvme)";
    }

    @Override
    public List<EngineOption> options() {
        return UringCmdOptions.OPTIONS;
    }

    @Override
    public IoEngine create() {
        return new UringCmdEngine();
    }
}
