package io.jfio.engine.uring;

/** Test access to an io_uring engine's SQEs (the ring's fields are package-visible only). */
public final class UringSqeView {
    private UringSqeView() {
    }

    /** The ioprio field of SQE slot {@code slot}, as the engine last filled it. */
    public static int ioprio(RingEngine e, int slot) {
        SubmissionQueue sq = e.sq;
        return sq.sqeBuffer().getShort(slot * sq.sqeSize() + Uring.SQE_IOPRIO) & 0xffff;
    }
}
