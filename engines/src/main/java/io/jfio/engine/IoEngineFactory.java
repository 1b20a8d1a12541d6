package io.jfio.engine;

import java.util.List;

/**
 * Service-provider entry for an engine (java.util.ServiceLoader, file
 * META-INF/services/io.jfio.engine.IoEngineFactory). Third-party engines implement this and are
 * found on the classpath, or named as {@code ioengine=external:<class name or jar path>}.
 */
public interface IoEngineFactory {
    /** The ioengine= name, e.g. "pvsync2". */
    String name();

    /** Other names fio accepts for the same engine. */
    default List<String> aliases() {
        return List.of();
    }

    /** One line for --enghelp. */
    String description();

    /** Options the engine accepts, for --enghelp and validation before a job starts. */
    List<EngineOption> options();

    /** A fresh engine for one job. */
    IoEngine create();
}
