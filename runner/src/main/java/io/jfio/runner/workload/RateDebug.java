package io.jfio.runner.workload;

import io.jfio.jobfile.FioDebug;

/**
 * fio's {@code --debug=rate} lines: rate_process=poisson's
 * draw per I/O (backend.c's usec_for_io), latency_target's start (io_u.c's lat_target_init) and
 * io_submit_mode=offload's hand-over to a submit worker (rate-submit.c, the io_u as its buffer
 * address, the thread as its Java id), and the latency search's success rate and ramps (whose
 * values follow the latencies measured).
 */
public final class RateDebug {
    private RateDebug() {
    }

    public static boolean on() {
        return FioDebug.on(FioDebug.Type.RATE);
    }

    /** One poisson draw of {@code val} microseconds (fio prints nothing for a draw of 0). */
    static void poisson(long val, int ddir) {
        if (val != 0 && on()) {
            FioDebug.line(FioDebug.Type.RATE, "poisson rate iops=" + 1000000 / val + ", ddir=" + ddir);
        }
    }

    public static void line(String s) {
        FioDebug.line(FioDebug.Type.RATE, s);
    }

    public static void latencyTarget(long targetNanos) {
        if (on()) {
            FioDebug.line(FioDebug.Type.RATE, "Latency target=" + targetNanos);
        }
    }

    /** The submit thread takes a unit ({@code ret} &lt; 0) or has queued it with fio's FIO_Q_* value. */
    public static void offload(long unitAddress, int ret) {
        if (on()) {
            long tid = Thread.currentThread().getId();
            FioDebug.line(FioDebug.Type.RATE, ret < 0 ? String.format("io_u 0x%x queued by %d", unitAddress, tid)
                    : String.format("io_u 0x%x ret %d by %d", unitAddress, ret, tid));
        }
    }
}
