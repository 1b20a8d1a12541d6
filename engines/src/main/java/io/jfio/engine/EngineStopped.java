package io.jfio.engine;

/**
 * The engine stopped waiting because the run is being stopped ({@link EngineContext#terminated()}):
 * as fio's net listener, whose poll_wait gives up on td->terminate, the job ends without an error.
 */
public final class EngineStopped extends EngineException {
    public EngineStopped(String function) {
        super(0, function, null);
    }
}
