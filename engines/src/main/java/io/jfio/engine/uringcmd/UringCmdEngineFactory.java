package io.jfio.engine.uringcmd;

import io.jfio.engine.SimpleEngineFactory;

/** ioengine=io_uring_cmd (cmd_type=nvme): NVMe passthrough on /dev/ngXnY. */
public final class UringCmdEngineFactory extends SimpleEngineFactory {
    public UringCmdEngineFactory() {
        super("io_uring_cmd", "io_uring_cmd: NVMe passthrough commands over io_uring on /dev/ngXnY (cmd_type=nvme)",
            UringCmdOptions.OPTIONS, UringCmdEngine::new);
    }
}
