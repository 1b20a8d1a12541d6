package io.jfio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.jfio.testsupport.EngineJar;
import io.jfio.engine.testing.TestContext;

class EngineRegistryTest {
    private static Path work;
    private static Path jar;

    /** A third-party engine, compiled from source into its own jar during the test. */
    private static final String ENGINE_SOURCE = String.join("\n",
        "package com.example.jfio;",
        "import java.util.*;",
        "import io.jfio.engine.*;",
        "public class CountingEngine implements IoEngine {",
        "    public static final class Factory implements IoEngineFactory {",
        "        public String name() { return \"counting\"; }",
        "        public String description() { return \"counts I/Os\"; }",
        "        public List<EngineOption> options() { return new CountingEngine().options(); }",
        "        public IoEngine create() { return new CountingEngine(); }",
        "    }",
        "    public long count;",
        "    public String name() { return \"counting\"; }",
        "    public Set<EngineFlag> flags() { return EnumSet.of(EngineFlag.SYNC_IO, EngineFlag.DISK_LESS); }",
        "    public List<EngineOption> options() {",
        "        return List.of(EngineOption.integer(\"step\", \"1\", 1, 10, \"I/Os counted per I/O\"));",
        "    }",
        "    private long step;",
        "    public void init(EngineContext ctx) throws EngineException {",
        "        step = EngineOptions.parse(options(), ctx.engineOptions()).getLong(\"step\");",
        "    }",
        "    public void openFile(IoFile f, int flags) { }",
        "    public void closeFile(IoFile f) { }",
        "    public QueueStatus queue(IoUnit u) { count += step; u.complete(u.length); return QueueStatus.COMPLETED; }",
        "    public void cleanup() { }",
        "}");

    @BeforeAll
    static void buildExternalJar() throws IOException {
        work = Files.createTempDirectory("engines-sync-ext-");
        jar = EngineJar.build(work, "com.example.jfio.CountingEngine", ENGINE_SOURCE,
            "com.example.jfio.CountingEngine$Factory", "counting-engine.jar");
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (work != null) {
            try (var s = Files.walk(work)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Test
    void builtInEnginesAreDiscovered() throws EngineException {
        EngineRegistry r = EngineRegistry.load();
        List<String> names = r.factories().stream().map(IoEngineFactory::name).toList();
        assertTrue(names.containsAll(List.of("sync", "psync", "vsync", "pvsync", "pvsync2", "null")), names.toString());
        assertEquals("pvsync2", r.resolve("pvsync2").create().name());
    }

    @Test
    void unknownEngineIsNotLoadable() {
        EngineException e = assertThrows(EngineException.class, () -> EngineRegistry.load().resolve("nosuch"));
        assertEquals("fio: engine nosuch not loadable", e.getMessage());
    }

    @Test
    void externalJarThroughItsServiceFile() throws Exception {
        EngineRegistry r = EngineRegistry.load();
        assertTrue(r.find("counting").isEmpty(), "not on jfio's classpath");
        IoEngineFactory f = r.resolve("external:" + jar);
        assertEquals("counting", f.name());
        assertEquals("com.example.jfio.CountingEngine$Factory", f.getClass().getName());
        IoEngine e = f.create();
        e.init(new TestContext(null, 1).option("step", "3"));
        IoUnit u = new IoUnit(0, 0, 4096);
        u.length = 4096;
        assertEquals(QueueStatus.COMPLETED, e.queue(u));
        assertEquals(3L, e.getClass().getField("count").get(e));
        // its options are validated by our rules too
        EngineException bad = assertThrows(EngineException.class,
            () -> f.create().init(new TestContext(null, 1).option("step", "11")));
        assertEquals("step: max value out of range: 11 (10 max)\nfio: failed parsing step", bad.getMessage());
    }

    @Test
    void externalJarWithNamedClass() throws Exception {
        IoEngineFactory f = EngineRegistry.load().resolve("external:" + jar + "!com.example.jfio.CountingEngine");
        assertEquals("counting", f.name());
        IoEngine a = f.create();
        assertNotNull(a);
        assertTrue(a != f.create(), "a new engine per job");
    }

    @Test
    void externalClassOnTheClasspath() throws EngineException {
        IoEngineFactory f = EngineRegistry.load().resolve("external:io.jfio.engine.sync.PsyncEngine$Factory");
        assertEquals("psync", f.name());
        IoEngineFactory g = EngineRegistry.load().resolve("external:io.jfio.engine.nullio.NullEngine");
        assertEquals("null", g.create().name());
    }

    @Test
    void externalFailuresSayWhy() {
        EngineException missing = assertThrows(EngineException.class,
            () -> EngineRegistry.load().resolve("external:/nonexistent/engine.jar"));
        assertEquals("fio: engine external:/nonexistent/engine.jar not loadable\nno such jar: /nonexistent/engine.jar",
            missing.getMessage());
        EngineException noClass = assertThrows(EngineException.class,
            () -> EngineRegistry.load().resolve("external:com.example.Missing"));
        assertEquals("fio: engine external:com.example.Missing not loadable\nclass com.example.Missing not found",
            noClass.getMessage());
        EngineException notEngine = assertThrows(EngineException.class,
            () -> EngineRegistry.load().resolve("external:java.lang.String"));
        assertTrue(notEngine.getMessage().endsWith("implements neither IoEngineFactory nor IoEngine"));
    }
}
