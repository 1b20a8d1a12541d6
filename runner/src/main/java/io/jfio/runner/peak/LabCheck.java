package io.jfio.runner.peak;

import io.jfio.engine.EngineException;
import io.jfio.engine.nativeio.Native;
import io.jfio.engine.uringcmd.NvmeNamespace;

/**
 * Checks run inside the NVMe lab guest by .ci/lab-stage.sh (no NVMe on the build hosts).
 * Each subcommand prints "ok: ..." lines and exits 0, or prints "FAIL: ..." and exits 1.
 */
public final class LabCheck {
    private LabCheck() {
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: LabCheck identify /dev/ngXnY");
            System.exit(2);
        }
        try {
            switch (args[0]) {
                case "identify" -> identify(args[1]);
                default -> {
                    System.err.println("unknown check " + args[0]);
                    System.exit(2);
                }
            }
        } catch (EngineException e) {
            System.out.println("FAIL: " + e.getMessage());
            System.exit(1);
        }
    }

    static void identify(String path) throws EngineException {
        int fd = Native.libc().open(path, 0, 0);
        if (fd < 0) {
            throw new EngineException("open " + path + ": " + Native.libc().strerror(Native.errno()));
        }
        try {
            NvmeNamespace ns = NvmeNamespace.identify(fd, path);
            System.out.println("ok: " + path + " nsid=" + ns.nsid() + " lba=" + ns.lbaSize() + " ms=" + ns.metadataSize()
                    + " nsze=" + ns.nsze() + " bytes=" + ns.sizeBytes());
        } finally {
            Native.libc().close(fd);
        }
    }
}
