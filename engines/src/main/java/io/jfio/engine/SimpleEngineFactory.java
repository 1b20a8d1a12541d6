package io.jfio.engine;

import java.util.List;
import java.util.function.Supplier;

/**
 * An engine factory that is only a name, a description, the option list and a constructor, which
 * is all the built-in engines need. A ServiceLoader entry subclasses it with a public no-argument
 * constructor that passes these up.
 */
public abstract class SimpleEngineFactory implements IoEngineFactory {
    private final String name;
    private final String description;
    private final List<EngineOption> options;
    private final Supplier<IoEngine> constructor;

    protected SimpleEngineFactory(String name, String description, List<EngineOption> options,
                                  Supplier<IoEngine> constructor) {
        this.name = name;
        this.description = description;
        this.options = options;
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
