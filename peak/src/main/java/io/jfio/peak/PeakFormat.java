package io.jfio.peak;

import java.util.Locale;

/** t/io_uring's output lines (spec/engines.md 6.3), built as Strings off the I/O path. */
final class PeakFormat {
    private PeakFormat() {
    }

    static String submitter(int index, int tid, String file, int nfiles, int node) {
        return "submitter=" + index + ", tid=" + tid + ", file=" + file + ", nfiles=" + nfiles + ", node=" + node;
    }

    static String settings(boolean polled, boolean fixedBufs, boolean registerFiles, boolean buffered, int depth) {
        return "polled=" + b(polled) + ", fixedbufs=" + b(fixedBufs) + ", register_files=" + b(registerFiles)
                + ", buffered=" + b(buffered) + ", QD=" + depth;
    }

    static String engineIoUring(int sqEntries, int cqEntries) {
        return "Engine=io_uring, sq_ring=" + sqEntries + ", cq_ring=" + cqEntries;
    }

    /** IOPS with t/io_uring's thresholds: "M" above one million, "K" above 100000, else plain. */
    static String iops(long iops) {
        if (iops > 1_000_000) {
            return String.format(Locale.ROOT, "%.2fM", iops / 1_000_000.0);
        } else if (iops > 100_000) {
            return String.format(Locale.ROOT, "%.2fK", iops / 1000.0);
        }
        return Long.toString(iops);
    }

    /**
     * One per-second line. {@code calls == 0} prints -1/-1 as t/io_uring does. Bandwidth uses
     * integer MiB/s and, above 2000, t/io_uring's "/1000.0 GiB" (a quirk kept for comparable output).
     */
    static String interval(long iops, long bs, boolean nop, long doneDelta, long reapDelta, long callDelta) {
        StringBuilder sb = new StringBuilder(64);
        sb.append("IOPS=").append(iops(iops)).append(", ");
        if (!nop) {
            long bw = bs > 1048576 ? iops * (bs / 1048576) : iops / (1048576 / bs);
            if (bw > 2000) {
                sb.append(String.format(Locale.ROOT, "BW=%.2fGiB/s, ", bw / 1000.0));
            } else {
                sb.append("BW=").append(bw).append("MiB/s, ");
            }
        }
        long rpc = callDelta != 0 ? doneDelta / callDelta : -1;
        long ipc = callDelta != 0 ? reapDelta / callDelta : -1;
        sb.append("IOS/call=").append(rpc).append('/').append(ipc);
        return sb.toString();
    }

    static String maximum(long maxIops) {
        return "Maximum IOPS=" + iops(maxIops);
    }

    private static int b(boolean v) {
        return v ? 1 : 0;
    }
}
