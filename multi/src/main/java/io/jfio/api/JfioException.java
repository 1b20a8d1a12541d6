package io.jfio.api;

/** A job file or run that could not be used, with fio's one-line reason. */
public final class JfioException extends RuntimeException {
    public JfioException(String message) {
        super(message);
    }
}
