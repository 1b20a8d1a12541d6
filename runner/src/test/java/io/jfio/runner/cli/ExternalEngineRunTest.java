package io.jfio.runner.cli;

import io.jfio.testsupport.EngineJar;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ioengine=external:... through the command line: a third-party engine compiled into its own jar
 * during the test, resolved by the engines module's registry and driven by the runner.
 */
class ExternalEngineRunTest {
    @TempDir
    static Path work;
    private static Path jar;

    private static final String SOURCE = String.join("\n",
        "package com.example.ext;",
        "import java.util.*;",
        "import io.jfio.engine.*;",
        "public class EchoEngine implements IoEngine {",
        "    public static final class Factory implements IoEngineFactory {",
        "        public String name() { return \"echo\"; }",
        "        public String description() { return \"completes every I/O at once\"; }",
        "        public List<EngineOption> options() { return List.of(); }",
        "        public IoEngine create() { return new EchoEngine(); }",
        "    }",
        "    public String name() { return \"echo\"; }",
        "    public Set<EngineFlag> flags() { return EnumSet.of(EngineFlag.SYNC_IO, EngineFlag.DISK_LESS); }",
        "    public List<EngineOption> options() { return List.of(); }",
        "    public void init(EngineContext ctx) { }",
        "    public void openFile(IoFile f, int flags) { }",
        "    public void closeFile(IoFile f) { }",
        "    public QueueStatus queue(IoUnit u) { u.complete(u.length); return QueueStatus.COMPLETED; }",
        "    public void cleanup() { }",
        "}");

    @BeforeAll
    static void buildJar() throws IOException {
        jar = EngineJar.build(work, "com.example.ext.EchoEngine", SOURCE, "com.example.ext.EchoEngine$Factory",
                "echo-engine.jar");
    }

    @Test
    void jarFromTheJobRunsThroughTheRunner() {
        CorpusAcceptanceTest.Outcome o = CorpusAcceptanceTest.run(Map.of(), "--name=ext", "--ioengine=external:" + jar,
                "--rw=read", "--bs=4k", "--size=1m", "--output-format=json");
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("\"total_ios\" : 256"), o.out());
    }

    @Test
    void classInTheJarByName() {
        CorpusAcceptanceTest.Outcome o = CorpusAcceptanceTest.run(Map.of(), "--name=ext",
                "--ioengine=external:" + jar + "!com.example.ext.EchoEngine", "--rw=randwrite", "--bs=8k",
                "--size=1m", "--output-format=json");
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("\"total_ios\" : 128"), o.out());
    }

    @Test
    void missingJarFailsWithFiosMessage() {
        CorpusAcceptanceTest.Outcome o = CorpusAcceptanceTest.run(Map.of(), "--name=ext",
                "--ioengine=external:" + work.resolve("nope.jar"), "--rw=read", "--size=1m");
        assertEquals(1, o.status(), o.out());
        assertTrue(o.err().contains("fio: engine external:" + work.resolve("nope.jar") + " not loadable"), o.err());
        assertTrue(!o.err().contains("Exception"), o.err());
    }
}
