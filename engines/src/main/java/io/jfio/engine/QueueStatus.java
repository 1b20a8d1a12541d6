package io.jfio.engine;

/** What {@link IoEngine#queue} did with an I/O unit, as fio's FIO_Q_* values. */
public enum QueueStatus {
    /** Done synchronously; {@link IoUnit#result} holds the outcome. */
    COMPLETED,
    /** Accepted; it completes later through getEvents/event (after commit). */
    QUEUED,
    /** Engine full; the runner must reap completions and try again. */
    BUSY
}
