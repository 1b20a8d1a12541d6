package io.jfio.engine;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The engines jfio knows: every {@link IoEngineFactory} on the classpath (ServiceLoader), plus
 * third-party engines named as {@code ioengine=external:<class name>} or
 * {@code ioengine=external:<path to jar>}.
 *
 * <p>For a jar, its META-INF/services/io.jfio.engine.IoEngineFactory names the factory (exactly
 * one), or {@code external:<jar>!<class name>} picks one. A named class may implement
 * IoEngineFactory, or IoEngine itself (with a public no-argument constructor; each job gets a
 * new instance).
 */
public final class EngineRegistry {
    public static final String EXTERNAL_PREFIX = "external:";

    private final Map<String, IoEngineFactory> byName = new LinkedHashMap<>();
    private final List<IoEngineFactory> factories = new ArrayList<>();
    private final ClassLoader parent;
    /** Loaders of external jars stay open: their engines' classes load lazily from them. */
    private final Map<Path, URLClassLoader> jarLoaders = new HashMap<>();

    private EngineRegistry(ClassLoader parent) {
        this.parent = parent;
    }

    /** The engines on jfio's own classpath. */
    public static EngineRegistry load() {
        return load(EngineRegistry.class.getClassLoader());
    }

    public static EngineRegistry load(ClassLoader loader) {
        EngineRegistry r = new EngineRegistry(loader);
        for (IoEngineFactory f : ServiceLoader.load(IoEngineFactory.class, loader)) {
            r.register(f);
        }
        return r;
    }

    /** Adds a factory under its name and aliases; the first one registered under a name wins. */
    public synchronized void register(IoEngineFactory f) {
        if (byName.containsKey(f.name())) {
            return;
        }
        factories.add(f);
        byName.put(f.name(), f);
        for (String alias : f.aliases()) {
            byName.putIfAbsent(alias, f);
        }
    }

    /** Registered factories in discovery order (for --enghelp). */
    public synchronized List<IoEngineFactory> factories() {
        return Collections.unmodifiableList(new ArrayList<>(factories));
    }

    /** A registered engine by name or alias. */
    public synchronized Optional<IoEngineFactory> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /**
     * The factory for an {@code ioengine=} value: a registered name or alias, or
     * {@code external:...}. Fails with fio's message {@code fio: engine NAME not loadable}, the
     * reason on a second line.
     */
    public IoEngineFactory resolve(String ioengine) throws EngineException {
        if (ioengine.startsWith(EXTERNAL_PREFIX)) {
            return external(ioengine, ioengine.substring(EXTERNAL_PREFIX.length()));
        }
        Optional<IoEngineFactory> f = find(ioengine);
        if (f.isEmpty()) {
            throw notLoadable(ioengine, null);
        }
        return f.get();
    }

    private synchronized IoEngineFactory external(String ioengine, String spec) throws EngineException {
        if (spec.isEmpty()) {
            throw notLoadable(ioengine, "no class name or jar path after external:");
        }
        String jarPart = spec;
        String className = null;
        int bang = spec.lastIndexOf('!');
        if (bang > 0) {
            jarPart = spec.substring(0, bang);
            className = spec.substring(bang + 1);
        }
        Path jar = Path.of(jarPart);
        boolean isJar = bang > 0 || jarPart.endsWith(".jar") || jarPart.contains("/") || Files.isRegularFile(jar);
        if (!isJar) {
            return fromClass(ioengine, spec, parent);
        }
        if (!Files.isRegularFile(jar)) {
            throw notLoadable(ioengine, "no such jar: " + jar);
        }
        URLClassLoader loader;
        try {
            loader = jarLoader(jar);
        } catch (IOException e) {
            throw notLoadable(ioengine, e.getMessage());
        }
        if (className != null) {
            return fromClass(ioengine, className, loader);
        }
        List<IoEngineFactory> found = new ArrayList<>();
        try {
            for (IoEngineFactory f : ServiceLoader.load(IoEngineFactory.class, loader)) {
                if (f.getClass().getClassLoader() == loader) {
                    found.add(f);
                }
            }
        } catch (java.util.ServiceConfigurationError e) {
            throw notLoadable(ioengine, e.getMessage());
        }
        if (found.size() != 1) {
            throw notLoadable(ioengine, jar + (found.isEmpty()
                ? " lists no io.jfio.engine.IoEngineFactory in META-INF/services"
                : " has " + found.size() + " engines; pick one with external:" + jar + "!<class name>"));
        }
        return found.get(0);
    }

    private URLClassLoader jarLoader(Path jar) throws MalformedURLException {
        Path key = jar.toAbsolutePath().normalize();
        URLClassLoader l = jarLoaders.get(key);
        if (l == null) {
            l = new URLClassLoader(new URL[] {key.toUri().toURL()}, parent);
            jarLoaders.put(key, l);
        }
        return l;
    }

    private static IoEngineFactory fromClass(String ioengine, String className, ClassLoader loader)
            throws EngineException {
        Class<?> c;
        try {
            c = Class.forName(className, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw notLoadable(ioengine, "class " + className + " not found");
        }
        try {
            if (IoEngineFactory.class.isAssignableFrom(c)) {
                return (IoEngineFactory) c.getConstructor().newInstance();
            }
            if (IoEngine.class.isAssignableFrom(c)) {
                return new EngineClassFactory(c.asSubclass(IoEngine.class).getConstructor());
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw notLoadable(ioengine, className + " cannot be instantiated: " + e);
        }
        throw notLoadable(ioengine, className + " implements neither IoEngineFactory nor IoEngine");
    }

    private static EngineException notLoadable(String ioengine, String why) {
        return new EngineException("fio: engine " + ioengine + " not loadable" + (why == null ? "" : "\n" + why));
    }

    /** A factory for an external IoEngine class: one new instance per job. */
    private static final class EngineClassFactory implements IoEngineFactory {
        private final Constructor<? extends IoEngine> ctor;
        private final IoEngine sample;

        EngineClassFactory(Constructor<? extends IoEngine> ctor) throws ReflectiveOperationException {
            this.ctor = ctor;
            this.sample = ctor.newInstance();
        }

        @Override
        public String name() {
            return sample.name();
        }

        @Override
        public String description() {
            return "external engine " + ctor.getDeclaringClass().getName();
        }

        @Override
        public List<EngineOption> options() {
            return sample.options();
        }

        @Override
        public IoEngine create() {
            try {
                return ctor.newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot create engine " + ctor.getDeclaringClass().getName(), e);
            }
        }
    }
}
