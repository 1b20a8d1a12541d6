package io.jfio.multi;

/**
 * The line protocol between jfio-multi --hosts and {@link HostAgent} over ssh's stdin/stdout.
 * Controller to agent: {@code name N}, {@code option K=V}, the job file's lines,
 * {@code end-of-job}, then {@code go EPOCH_US} (open the barrier at that wall-clock time) or {@code stop}. Agent to controller: {@code hello V H},
 * {@code ready}, {@code started EPOCH_US}, {@code status MS BYTES BYTES_PER_S} once a second,
 * {@code window FIRST_MS LAST_MS}, {@code json-begin} .. {@code json-end} (json+),
 * {@code normal-begin} .. {@code normal-end}, {@code exit RC}. Every message starts with {@link #TAG}.
 */
final class HostProtocol {
    static final String TAG = "@jfio ";
    /** Bumped when a message changes meaning; a different version is reported, not refused. */
    static final String VERSION = "jfio-hosts/1";

    private HostProtocol() {
    }
}
