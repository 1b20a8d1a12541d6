package io.jfio.engine;

import java.util.List;
import java.util.function.Supplier;

/**
 * The factory of every built-in engine: a description and a constructor. The engine itself is
 * the one place that declares its name and options (as fio's ioengine_ops holds both); the
 * factory reads them from one instance made at registration. Each engine's ServiceLoader entry
 * is a nested {@code public static final class Factory extends SimpleEngineFactory} with a public
 * no-argument constructor.
 */
public abstract class SimpleEngineFactory implements IoEngineFactory {
    private final String name;
    private final String description;
    private final List<EngineOption> options;
    private final Supplier<IoEngine> constructor;

    protected SimpleEngineFactory(String description, Supplier<IoEngine> constructor) {
        IoEngine sample = constructor.get();
        this.name = sample.name();
        this.description = description;
        this.options = List.copyOf(sample.options());
        this.constructor = constructor;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final List<EngineOption> options() {
        return options;
    }

    @Override
    public final IoEngine create() {
        return constructor.get();
    }
}
