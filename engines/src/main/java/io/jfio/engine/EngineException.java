package io.jfio.engine;

/**
 * A failure outside the per-I/O path (setup, open, registration), carrying what fio prints:
 * {@code err=N (file:..., func=..., error=...)}.
 */
public class EngineException extends Exception {
    private final int errno;
    private final String function;

    public EngineException(int errno, String function, String message) {
        super(message);
        this.errno = errno;
        this.function = function;
    }

    public EngineException(String message) {
        this(0, null, message);
    }

    /** Positive errno, or 0 when the failure is not an errno (e.g. a bad option). */
    public int errno() {
        return errno;
    }

    /** The function fio would name in func=..., or null. */
    public String function() {
        return function;
    }
}
